/**
 * The mail outbox: messages are stored with the submission that causes them (one durable write),
 * then sent by nodemailer — over SMTP when SMTP_URL is set, else as .eml files in DATA_DIR/mail.
 * A failed send is retried with back-off; a sent message is marked sent durably and never sent
 * again, also across restarts. Each message carries a stable Message-ID.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Collection } from './storage.ts';

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  lang: string;
  attempts: number;
  nextAttemptAt: number;
  sentAt?: string;
  lastError?: string;
  /** Files sent along (a CV to the agency), read from the data folder when the mail goes out. */
  attachments?: Array<{ filename: string; path: string; contentType?: string }>;
}

export interface LeadStore {
  submissions: Array<Record<string, unknown>>;
  outbox: OutboxMessage[];
  /** What robots sent (the hidden field filled in): kept apart, never mailed. */
  quarantine?: Array<Record<string, unknown>>;
}

export interface OutboxOptions {
  smtpUrl?: string;
  dataDir: string;
  /** First retry delay; it doubles each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  pollMs?: number;
  domain: string;
  log?: (msg: string) => void;
}

export function startOutbox(store: Collection<LeadStore>, opts: OutboxOptions) {
  const base = opts.baseDelayMs ?? 5_000;
  const max = opts.maxDelayMs ?? 10 * 60_000;
  const poll = opts.pollMs ?? 1_000;
  const mailDir = join(opts.dataDir, 'mail');
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function sendOne(m: OutboxMessage): Promise<void> {
    const info = await transport.sendMail({ messageId: `<${m.id}@${opts.domain}>`, from: m.from, to: m.to, replyTo: m.replyTo, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments, headers: { 'Content-Language': m.lang } });
    if (!opts.smtpUrl) {
      await mkdir(mailDir, { recursive: true });
      await writeFile(join(mailDir, `${m.id}.eml`), (info as unknown as { message: Buffer }).message);
    }
  }

  async function tick(): Promise<void> {
    if (running || stopped) return;
    running = true;
    try {
      const due = store.data.outbox.filter((m) => !m.sentAt && m.nextAttemptAt <= Date.now());
      for (const m of due) {
        if (stopped) break;
        try {
          await sendOne(m);
          await store.update(() => {
            m.sentAt = new Date().toISOString();
            m.lastError = undefined;
          });
        } catch (e) {
          const attempts = m.attempts + 1;
          await store.update(() => {
            m.attempts = attempts;
            m.nextAttemptAt = Date.now() + Math.min(max, base * 2 ** (attempts - 1));
            m.lastError = (e as Error).message.slice(0, 300);
          });
          opts.log?.(`mail ${m.id} to ${m.to} not sent (attempt ${attempts}): ${m.lastError}`);
        }
      }
    } finally {
      running = false;
      if (!stopped) timer = setTimeout(tick, poll);
    }
  }
  timer = setTimeout(tick, 0);
  return {
    /** Sends what is due now (after a submission) instead of waiting for the next poll. */
    kick: () => void tick(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
      transport.close();
    },
  };
}
