// One hung mail server never stops all mail (issue 40, point 3), on both stores: a peer that accepts
// a connection and never says a word, and one that greets and then stalls, hold only the mail that
// went to them; the others are delivered meanwhile, the held one after its timeout, each once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startSmtp } from '../helpers/smtp.ts';
import { startPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { until } from '../helpers/forms.ts';
import { LEASE_MS, SEND_CONCURRENCY, SMTP_TIMEOUTS, roundSize, sendDeadlineMs, startOutbox } from '../../server/mail/outbox.ts';
import { openFileStore, type BlobStore, type OutboxMessage, type Store } from '../../server/storage/index.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';

const TIMEOUT_MS = 400;

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
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    if (held.length < hang) {
      held.push(socket);
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

it('lets no send outlive its claim: the lease covers every mail of a round, each hung until its deadline', () => {
  expect(SMTP_TIMEOUTS.socketMs).toBeLessThan(LEASE_MS / 10);
  expect(SMTP_TIMEOUTS.greetingMs).toBeLessThan(LEASE_MS / 10);
  const perWorker = roundSize(SMTP_TIMEOUTS) / SEND_CONCURRENCY;
  expect(perWorker * sendDeadlineMs(SMTP_TIMEOUTS)).toBeLessThanOrEqual(LEASE_MS);
  // A deadline longer than the lease is refused outright.
  expect(() => roundSize({ connectionMs: LEASE_MS, greetingMs: 1, socketMs: 1 })).toThrow(/lease/);
});

let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
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

  it.each(['silent', 'greet'] as const)('delivers the other mails while one connection is held (%s), then the held one, each once', async (how) => {
    const smtp = await startSmtp();
    const peer = await hungPeer(smtp.port, 1, how);
    const mails = Array.from({ length: 8 }, () => mail(how));
    await s.outbox.enqueue(mails);
    const logged: string[] = [];
    const started = Date.now();
    const outbox = startOutbox(s.outbox, {
      smtpUrl: peer.url,
      uploads: blobs(),
      mailDrop: blobs(),
      domain: 'www.atrium-immo.be',
      pollMs: 50,
      baseDelayMs: 50,
      smtpTimeoutMs: TIMEOUT_MS,
      log: (m) => logged.push(m),
    });
    const got = () => smtp.received.map((m) => m.subject);
    try {
      // While the first connection is still held, the other seven arrive through the other connections.
      await until(() => got().length >= 7, 10_000);
      expect(peer.held.length).toBe(1);
      // The held one times out (a fraction of a second here) and is sent again on a good connection.
      await until(() => got().length >= 8, 10_000);
      await new Promise((r) => setTimeout(r, 4 * TIMEOUT_MS)); // anything sent twice would arrive too
      expect(got().sort()).toEqual(mails.map((m) => m.subject).sort());
      expect(logged.some((l) => /not sent \(attempt 1\)/.test(l))).toBe(true);
      const counts = await s.outbox.counts();
      expect(counts.sent).toBeGreaterThanOrEqual(8);
      // Within a few timeouts, never the library's 10 minutes.
      expect(Date.now() - started).toBeLessThan(10_000);
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
      // All six are marked failed (to be tried again), not held for the lease: the round ended.
      await until(() => mails.every((m) => failed.has(m.id)), 10_000);
      expect(smtp.received.length).toBe(0);
      // Four at once: the six needed two waves of held connections, not six in a row.
      expect(peer.held.length).toBeGreaterThanOrEqual(SEND_CONCURRENCY);
    } finally {
      await outbox.stop();
      await peer.close();
      await smtp.close();
    }
  });
});
