// One hung mail server never stops all mail (issue 40, point 3), on both stores: a peer that accepts
// a connection and never says a word, and one that greets and then stalls, hold only the mail that
// went to them; the others are delivered meanwhile, the held one after its timeout, each once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startSmtp } from '../helpers/smtp.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { until } from '../helpers/forms.ts';
import { LEASE_MS, SEND_CONCURRENCY, SMTP_TIMEOUTS, checkLease, sendDeadlineMs, startOutbox } from '../../server/mail/outbox.ts';
import { openFileStore, type BlobStore, type OutboxMessage, type Store } from '../../server/storage/index.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';

const TIMEOUT_MS = 400;
/** The timeouts while a connection is held and the mails after it must go past it. */
const HELD_MS = 3_000;

const blobs = (): BlobStore => ({
  put: async () => {},
  get: async () => undefined,
  stream: async () => undefined,
  has: async () => false,
  remove: async () => {},
  list: async () => [],
});

/**
 * A mail server in front of a real one: the first `hang` connections are accepted and held (`silent`:
 * nothing is ever said; `greet`: the greeting, then nothing), the others are passed to the real one.
 */
async function hungPeer(realPort: number, hang: number, how: 'silent' | 'greet') {
  const held: Socket[] = [];
  let released = false;
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    if (held.length < hang) {
      held.push(socket);
      socket.on('close', () => (released = true));
      if (how === 'greet') socket.write('220 mail.example ESMTP ready\r\n');
      return;
    }
    const real = createConnection(realPort, '127.0.0.1');
    real.on('error', () => socket.destroy());
    socket.pipe(real).pipe(socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    released: () => released,
    close: () => new Promise<void>((r) => (held.forEach((s) => s.destroy()), server.close(() => r()))),
  };
}

let n = 0;
const mail = (tag: string): OutboxMessage => {
  const id = `hung-${tag}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    id,
    to: `visiteur.${n}@example.be`,
    from: 'website@atrium-immo.be',
    subject: `Demande ${id}`,
    text: 'Bonjour',
    lang: 'fr',
    attempts: 0,
    nextAttemptAt: 0,
  };
};

it('lets no send outlive its claim: every timeout well under the lease, the longest send under half of it', () => {
  expect(SMTP_TIMEOUTS.socketMs).toBeLessThan(LEASE_MS / 10);
  expect(SMTP_TIMEOUTS.greetingMs).toBeLessThan(LEASE_MS / 10);
  expect(SMTP_TIMEOUTS.connectionMs).toBeLessThan(LEASE_MS / 10);
  expect(2 * sendDeadlineMs(SMTP_TIMEOUTS)).toBeLessThanOrEqual(LEASE_MS);
  expect(() => checkLease(SMTP_TIMEOUTS)).not.toThrow();
  // Timeouts whose send could outlive the lease are refused outright.
  expect(() => checkLease({ connectionMs: LEASE_MS / 2, greetingMs: 1, socketMs: 1 })).toThrow(/lease/);
});

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const stores: Array<[string, () => Promise<Store>]> = [
  ['embedded store', () => openFileStore(tempDir('hung-smtp-'))],
  ['PostgreSQL', async () => openPgStore({ url: await pg.database() }, { localDir: tempDir('hung-pg-') })],
];

describe.each(stores)('%s', (_name, open) => {
  let s: Store;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each(['silent', 'greet'] as const)('delivers the mails that come later while one connection is held (%s), then the held one, each once', async (how) => {
    const smtp = await startSmtp();
    const peer = await hungPeer(smtp.port, 1, how);
    const mails = Array.from({ length: 8 }, () => mail(how));
    // The first mail alone: it takes the connection that hangs.
    await s.outbox.enqueue(mails.slice(0, 1));
    const logged: string[] = [];
    const limits: number[] = [];
    const claim = s.outbox.claim.bind(s.outbox);
    const counted = (now: number, limit: number, lease: number) => (limits.push(limit), claim(now, limit, lease));
    const repo = new Proxy(s.outbox, {
      get: (target, key) => (key === 'claim' ? counted : (Reflect.get(target, key) as (...a: unknown[]) => unknown).bind(target)),
    });
    const started = Date.now();
    const outbox = startOutbox(repo, {
      smtpUrl: peer.url,
      uploads: blobs(),
      mailDrop: blobs(),
      domain: 'www.atrium-immo.be',
      pollMs: 50,
      baseDelayMs: 50,
      smtpTimeoutMs: HELD_MS,
      log: (m) => logged.push(m),
    });
    const got = () => smtp.received.map((m) => m.subject);
    try {
      await until(() => peer.held.length === 1, 5_000);
      // Seven more requests arrive (each kicks the outbox, as a form post does) while the first is held.
      for (const m of mails.slice(1)) {
        await s.outbox.enqueue([m]);
        outbox.kick();
      }
      await until(() => got().length >= 7, HELD_MS);
      expect(peer.released()).toBe(false); // the first connection is still held: they went past it
      expect(got()).not.toContain(mails[0].subject);
      // The held one times out and is sent again on a good connection.
      await until(() => got().length >= 8, 3 * HELD_MS).catch((e) => {
        throw new Error(`${e.message}: ${logged.join(' | ')} released=${peer.released()} got=${got().length}`);
      });
      await new Promise((r) => setTimeout(r, 500)); // anything sent twice would arrive too
      expect(got().sort()).toEqual(mails.map((m) => m.subject).sort());
      expect(logged.some((l) => /not sent \(attempt 1\)/.test(l))).toBe(true);
      // A mail is taken only when a slot is free to send it at once (so its send fits in its lease).
      expect(Math.max(...limits)).toBeLessThanOrEqual(SEND_CONCURRENCY);
      const counts = await s.outbox.counts();
      expect(counts.sent).toBeGreaterThanOrEqual(8);
      // Within a few timeouts, never the library's 10 minutes.
      expect(Date.now() - started).toBeLessThan(4 * HELD_MS);
    } finally {
      await outbox.stop();
      await peer.close();
      await smtp.close();
    }
  });

  it('a peer that never answers any connection: every mail is given back within its timeouts, none sent', async () => {
    const smtp = await startSmtp();
    const peer = await hungPeer(smtp.port, 1_000, 'silent');
    const mails = Array.from({ length: 6 }, () => mail('dead'));
    await s.outbox.enqueue(mails);
    const failed = new Set<string>();
    const outbox = startOutbox(s.outbox, {
      smtpUrl: peer.url,
      uploads: blobs(),
      mailDrop: blobs(),
      domain: 'www.atrium-immo.be',
      pollMs: 50,
      baseDelayMs: 60_000,
      smtpTimeoutMs: TIMEOUT_MS,
      log: (m) => {
        const id = /^mail (\S+) /.exec(m)?.[1];
        if (id) failed.add(id);
      },
    });
    try {
      // All six are marked failed (to be tried again) within their timeouts, not held for the lease.
      await until(() => mails.every((m) => failed.has(m.id)), 10_000);
      expect(smtp.received.length).toBe(0);
      // Four at once: the six needed two waves of held connections, not six one after the other.
      expect(peer.held.length).toBeGreaterThanOrEqual(SEND_CONCURRENCY);
    } finally {
      await outbox.stop();
      await peer.close();
      await smtp.close();
    }
  });
});
