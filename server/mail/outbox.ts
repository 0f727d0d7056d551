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
 *
 * A mail server that accepts and then says nothing holds only its own mail: every SMTP step has a
 * timeout (connection, greeting, silence), each send a deadline, and SEND_CONCURRENCY mails go at
 * once, each slot taking the next mail as soon as it is free, so the others pass it. A mail is
 * claimed only when a slot is free to send it at once, and the lease is at least twice the longest
 * send: another node never takes a mail that is still being sent.
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
  /** Each SMTP timeout (connection, greeting, silence) instead of SMTP_TIMEOUTS (tests: a fraction of a second). */
  smtpTimeoutMs?: number;
}

/**
 * nodemailer's codes for a mail server that is not there (as opposed to one that refused a message).
 * A timeout (ETIMEDOUT) is not among them: it belongs to one connection, the others may fare well.
 */
const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);
/** How long a claimed mail is left to this process (then another may send it). */
export const LEASE_MS = 5 * 60_000;
/** The SMTP timeouts: connecting, the server's greeting, and silence in the middle of a session. */
export const SMTP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };
/** Mails sent at once (also the SMTP connections kept open). */
export const SEND_CONCURRENCY = 4;

/** A send's deadline: every step timing out in turn, plus the data's own silence (a server that drips). */
export const sendDeadlineMs = (t: typeof SMTP_TIMEOUTS) => t.connectionMs + t.greetingMs + 2 * t.socketMs;

/** Refuses timeouts whose send could outlive the claim of its mail (another node would send it too). */
export function checkLease(t: typeof SMTP_TIMEOUTS, leaseMs = LEASE_MS): void {
  if (sendDeadlineMs(t) * 2 > leaseMs) throw new Error(`the outbox lease (${leaseMs} ms) is shorter than twice one send (${sendDeadlineMs(t)} ms)`);
}

export function startOutbox(outbox: OutboxRepository, opts: OutboxOptions) {
  const base = opts.baseDelayMs ?? 5_000;
  const max = opts.maxDelayMs ?? 10 * 60_000;
  const poll = opts.pollMs ?? 1_000;
  const t = opts.smtpTimeoutMs ? { connectionMs: opts.smtpTimeoutMs, greetingMs: opts.smtpTimeoutMs, socketMs: opts.smtpTimeoutMs } : SMTP_TIMEOUTS;
  const deadline = sendDeadlineMs(t);
  checkLease(t);
  // Over SMTP, connections are kept and reused (pooled), one per worker, instead of a new one per mail.
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        pool: true,
        maxConnections: SEND_CONCURRENCY,
        connectionTimeout: t.connectionMs,
        greetingTimeout: t.greetingMs,
        socketTimeout: t.socketMs,
        dnsTimeout: t.connectionMs,
      } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function sendOne(m: OutboxMessage): Promise<void> {
    const attachments = [];
    for (const a of m.attachments ?? []) {
      const content = await opts.uploads.get(a.key);
      if (!content) throw new Error(`attachment ${a.filename} is missing from the uploads`);
      attachments.push({ filename: a.filename, content, contentType: a.contentType });
    }
    const info = await withDeadline(
      transport.sendMail({
        messageId: `<${m.id}@${opts.domain}>`,
        from: m.from,
        to: m.to,
        replyTo: m.replyTo,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments,
        headers: { 'Content-Language': m.lang },
      }),
    );
    if (!opts.smtpUrl) await opts.mailDrop.put(`${m.id}.eml`, (info as unknown as { message: Buffer }).message);
  }

  /** A send that outlives its deadline counts as failed (tried again later); the lease still covers it. */
  function withDeadline<T>(p: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`no answer from the mail server within ${deadline} ms`), { code: 'ETIMEDOUT' })), deadline);
    });
    return Promise.race([p, late]).finally(() => clearTimeout(timer));
  }

  const retryAt = (attempts: number) => Date.now() + Math.min(max, base * 2 ** (attempts - 1));

  let active = 0;
  let claiming = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The mail server cannot be reached: no new mail is taken before then (each would fail the same). */
  let pausedUntil = 0;
  /** Sends that failed since the start (for /metrics). */
  let failures = 0;

  /** Sends one mail and marks it; a store out of reach is logged (the mail is taken again after its lease). */
  async function sendAndMark(m: OutboxMessage): Promise<void> {
    try {
      try {
        await sendOne(m);
      } catch (e) {
        const error = (e as Error).message.slice(0, 300);
        failures++;
        opts.log?.(`mail ${m.id} to ${m.to} not sent (attempt ${m.attempts + 1}): ${error}`);
        if (UNREACHABLE.has(String((e as { code?: unknown }).code))) pausedUntil = Math.max(pausedUntil, Date.now() + Math.min(poll, base));
        await outbox.markFailed(m.id, m.attempts + 1, retryAt(m.attempts + 1), error);
        return;
      }
      // Accepted by the mail server: marked durably before this slot takes another mail (the at-least-once window).
      await outbox.markSent(m.id, new Date().toISOString());
    } catch (e) {
      opts.log?.(`outbox: ${(e as Error).message}`);
    }
  }

  /**
   * Keeps SEND_CONCURRENCY sends going: a free slot takes the next due mail at once, whatever the
   * others are doing (one slow or hung mail holds its own slot only). A mail is claimed only when a
   * slot is free for it, so its send starts at once and ends, at the latest, at its deadline: within
   * its lease.
   */
  async function tick(): Promise<void> {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    clearTimeout(timer);
    try {
      do {
        again = false;
        while (!stopped && active < SEND_CONCURRENCY && Date.now() >= pausedUntil) {
          const due = await outbox.claim(Date.now(), SEND_CONCURRENCY - active, LEASE_MS);
          if (!due.length) break;
          for (const m of due) {
            active++;
            void sendAndMark(m).finally(() => {
              active--;
              void tick();
            });
          }
        }
      } while (again && !stopped);
    } catch (e) {
      opts.log?.(`outbox: ${(e as Error).message}`);
    } finally {
      claiming = false;
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(tick, poll);
    }
  }
  timer = setTimeout(tick, 0);
  return {
    /** Sends what is due now (after a submission) instead of waiting for the next poll. */
    kick: () => void tick(),
    /** Sends that failed in this process since it started. */
    failures: () => failures,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      while (claiming || active > 0) await new Promise((r) => setTimeout(r, 20));
      transport.close();
    },
  };
}
