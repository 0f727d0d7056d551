// The outbox while its store is out of reach (a database restarting): a round that fails half-way
// must not end the process, and every mail is marked once the store is back.
import { describe, expect, it } from 'vitest';
import { startOutbox } from '../../server/mail/outbox.ts';
import type { BlobStore, OutboxMessage, OutboxRepository } from '../../server/storage/index.ts';

const mail = (id: string, attachments?: OutboxMessage['attachments']): OutboxMessage => ({
  id,
  to: 'info@atrium-immo.be',
  from: 'website@atrium-immo.be',
  subject: `Nieuwe aanvraag ${id}`,
  text: 'Bel mij terug aub.',
  lang: 'nl',
  attempts: 0,
  nextAttemptAt: 0,
  attachments,
});

const blobs = (): BlobStore & { keys: string[] } => {
  const keys: string[] = [];
  return {
    keys,
    put: async (key) => void keys.push(key),
    get: async () => undefined,
    stream: async () => undefined,
    has: async () => false,
    remove: async () => {},
    list: async () => [],
  };
};

describe('the outbox with its store gone mid-round', () => {
  it('keeps running when marking fails, and marks every mail once the store answers again', async () => {
    // First mail: its attachment is missing, so it fails and is marked failed. Second: sent, then marked sent.
    const queue = [mail('cv-1', [{ filename: 'cv.pdf', key: 'uploads/missing.pdf' }]), mail('plain-2')];
    let down = true;
    const failed: string[] = [];
    const sent: string[] = [];
    const gone = () => Promise.reject(new Error('the database is restarting'));
    const repo: OutboxRepository = {
      enqueue: async () => 0,
      claim: async () => queue.filter((m) => !sent.includes(m.id) && !failed.includes(m.id)),
      markSent: async (id) => (down ? gone() : void sent.push(id)),
      markFailed: async (id) => (down ? gone() : void failed.push(id)),
      forLead: async () => [],
      has: async () => false,
      counts: async () => ({ sent: sent.length, waiting: queue.length - sent.length }),
      waiting: async () => ({ count: queue.length - sent.length, oldestDueAt: null }),
    };
    const logged: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const drop = blobs();
    const outbox = startOutbox(repo, { uploads: blobs(), mailDrop: drop, domain: 'www.atrium-immo.be', pollMs: 20, log: (m) => logged.push(m) });
    try {
      for (let i = 0; !logged.some((l) => l.startsWith('outbox: the database is restarting')); i++) {
        if (i > 2_000) throw new Error(`no failed round was logged: ${logged.join(' | ')}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      // Another turn of the event loop: an unhandled rejection would be reported by now.
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
      down = false;
      for (let i = 0; !(sent.includes('plain-2') && failed.includes('cv-1')); i++) {
        if (i > 2_000) throw new Error(`not marked: sent ${sent}, failed ${failed}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(logged.some((l) => l.includes('cv-1') && l.includes('attachment cv.pdf is missing'))).toBe(true);
      expect(drop.keys.filter((k) => k === 'plain-2.eml').length).toBeGreaterThanOrEqual(1);
    } finally {
      await outbox.stop();
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
