/**
 * The mail outbox: messages are stored with the submission that causes them (one durable write),
 * then sent by nodemailer — over SMTP when SMTP_URL is set, else as .eml files in DATA_DIR/mail.
 * A failed send is retried with back-off. Each message carries a stable Message-ID.
 *
 * The guarantee is at-least-once: a message is never lost, and is sent twice only if the process
 * dies in the short window between the mail server's "accepted" and the durable mark of it. That
 * mark is one line appended and fsynced to a journal (DATA_DIR/outbox-sent.log), milliseconds, not
 * a rewrite of the leads file; the journal is read at start and folded into the leads file. The
 * Message-ID lets a mail server or client recognise a repeat.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppendLog, Collection } from '../storage/files.ts';

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  /** The bodies, dropped once the mail is sent: the request keeps what the visitor sent, and the leads file stays small. */
  text?: string;
  html?: string;
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
  /** What robots sent before the quarantine had its own journal (DATA_DIR/quarantine.log): kept apart, never mailed. */
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
  /** The journal of sent marks (see above). */
  journal: AppendLog;
}

function markSent(m: OutboxMessage, at: string): void {
  m.sentAt = at;
  m.lastError = undefined;
  delete m.text;
  delete m.html;
}

/** nodemailer's codes for a mail server that is not there (as opposed to one that refused a message). */
const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED']);

export function startOutbox(store: Collection<LeadStore>, opts: OutboxOptions) {
  const base = opts.baseDelayMs ?? 5_000;
  const max = opts.maxDelayMs ?? 10 * 60_000;
  const poll = opts.pollMs ?? 1_000;
  const mailDir = join(opts.dataDir, 'mail');
  // Over SMTP, one connection is kept and reused (pooled) instead of a new one per mail.
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: 1 } as never)
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

  /** Marks from the journal that the leads file does not have yet (a crash before they were folded in). */
  async function recover(): Promise<void> {
    const sent = new Map<string, string>();
    for (const line of await opts.journal.lines()) {
      const [id, at] = line.split(' ');
      if (id && at) sent.set(id, at);
    }
    if (!sent.size) return;
    await store.update((d) => {
      for (const m of d.outbox) if (!m.sentAt && sent.has(m.id)) markSent(m, sent.get(m.id)!);
    });
    await opts.journal.clear();
  }

  async function tick(): Promise<void> {
    if (running || stopped) return;
    running = true;
    let marked = 0;
    let failed = 0;
    try {
      if (!recovered) {
        await recover();
        recovered = true;
      }
      const due = store.data.outbox.filter((m) => !m.sentAt && m.nextAttemptAt <= Date.now());
      // Kept in memory and written once for the whole round: a lost retry count only means an earlier retry.
      const retryLater = (m: OutboxMessage, error: string) => {
        m.attempts += 1;
        m.nextAttemptAt = Date.now() + Math.min(max, base * 2 ** (m.attempts - 1));
        m.lastError = error.slice(0, 300);
        failed++;
      };
      for (const [i, m] of due.entries()) {
        if (stopped) break;
        try {
          await sendOne(m);
        } catch (e) {
          retryLater(m, (e as Error).message);
          opts.log?.(`mail ${m.id} to ${m.to} not sent (attempt ${m.attempts}): ${m.lastError}`);
          // The mail server cannot be reached at all: the rest of the round fares the same, without a connection each.
          if (UNREACHABLE.has(String((e as { code?: unknown }).code))) {
            for (const other of due.slice(i + 1)) retryLater(other, (e as Error).message);
            break;
          }
          continue;
        }
        // Accepted by the mail server: marked durably at once (the at-least-once window).
        const at = new Date().toISOString();
        await opts.journal.append(`${m.id} ${at}`);
        markSent(m, at);
        marked++;
      }
    } finally {
      // The round's marks and retry counts go into the leads file in one write; then the journal is emptied.
      try {
        if (marked || failed) await store.update(() => {});
        if (marked) await opts.journal.clear();
      } catch (e) {
        opts.log?.(`outbox: the leads file was not written (${(e as Error).message}); the journal keeps the marks`);
      }
      running = false;
      if (!stopped) timer = setTimeout(tick, poll);
    }
  }
  let recovered = false;
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
