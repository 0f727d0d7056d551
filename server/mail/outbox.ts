/**
 * The mail outbox: messages are stored with the request that causes them (one durable write), then
 * sent by nodemailer — over SMTP when SMTP_URL is set, else written as .eml files (development).
 * A failed send is retried with back-off. Each message carries a stable Message-ID.
 *
 * The guarantee is at-least-once: a message is never lost, and is sent twice only if the process
 * dies in the short window between the mail server's "accepted" and the durable mark of it (one
 * short record, never a rewrite of the requests). The Message-ID lets a mail server or client
 * recognise a repeat. Mails are claimed for a while before they are sent, so that several server
 * processes sharing one store do not send the same mail.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { BlobStore, OutboxMessage, OutboxRepository } from '../storage/index.ts';

export type { OutboxMessage };

export interface OutboxOptions {
  smtpUrl?: string;
  /** Where the attachments are (uploads). */
  uploads: BlobStore;
  /** Without a mail server, mails are written here. */
  mailDrop: BlobStore;
  /** First retry delay; it doubles each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  pollMs?: number;
  domain: string;
  log?: (msg: string) => void;
}

/** nodemailer's codes for a mail server that is not there (as opposed to one that refused a message). */
const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED']);
/** Mails taken per round, and how long a taken mail is left to this process. */
const ROUND = 200;
const LEASE_MS = 5 * 60_000;

export function startOutbox(outbox: OutboxRepository, opts: OutboxOptions) {
  const base = opts.baseDelayMs ?? 5_000;
  const max = opts.maxDelayMs ?? 10 * 60_000;
  const poll = opts.pollMs ?? 1_000;
  // Over SMTP, one connection is kept and reused (pooled) instead of a new one per mail.
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: 1 } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function sendOne(m: OutboxMessage): Promise<void> {
    const attachments = [];
    for (const a of m.attachments ?? []) {
      const content = await opts.uploads.get(a.key);
      if (!content) throw new Error(`attachment ${a.filename} is missing from the uploads`);
      attachments.push({ filename: a.filename, content, contentType: a.contentType });
    }
    const info = await transport.sendMail({
      messageId: `<${m.id}@${opts.domain}>`,
      from: m.from,
      to: m.to,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments,
      headers: { 'Content-Language': m.lang },
    });
    if (!opts.smtpUrl) await opts.mailDrop.put(`${m.id}.eml`, (info as unknown as { message: Buffer }).message);
  }

  const retryAt = (attempts: number) => Date.now() + Math.min(max, base * 2 ** (attempts - 1));

  async function round(): Promise<number> {
    const due = await outbox.claim(Date.now(), ROUND, LEASE_MS);
    // Failures are marked without waiting, all awaited at the end of the round. Each one is caught at
    // once: if the round ends early (the store gone while a mail is marked sent), a failing mark must
    // not be left as an unhandled rejection, which would end the process.
    const marks: Promise<unknown>[] = [];
    let markError: unknown;
    const mark = (p: Promise<void>) => marks.push(p.catch((e) => (markError ??= e)));
    for (const [i, m] of due.entries()) {
      if (stopped) break;
      try {
        await sendOne(m);
      } catch (e) {
        const error = (e as Error).message.slice(0, 300);
        opts.log?.(`mail ${m.id} to ${m.to} not sent (attempt ${m.attempts + 1}): ${error}`);
        mark(outbox.markFailed(m.id, m.attempts + 1, retryAt(m.attempts + 1), error));
        // The mail server cannot be reached at all: the rest of the round fares the same, without a connection each.
        if (UNREACHABLE.has(String((e as { code?: unknown }).code))) {
          for (const other of due.slice(i + 1)) mark(outbox.markFailed(other.id, other.attempts + 1, retryAt(other.attempts + 1), error));
          break;
        }
        continue;
      }
      // Accepted by the mail server: marked durably before the next mail goes (the at-least-once window).
      await outbox.markSent(m.id, new Date().toISOString());
    }
    await Promise.all(marks);
    if (markError) throw markError;
    return due.length;
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      // A full round may leave more due: go on at once.
      do again = false;
      while ((await round()) === ROUND || (again && !stopped));
    } catch (e) {
      opts.log?.(`outbox: ${(e as Error).message}`);
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
