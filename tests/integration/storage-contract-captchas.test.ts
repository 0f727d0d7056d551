// The repository contract of answered captcha images (server/storage/types.ts, issue 40 point 6),
// run against both stores like storage-contract.test.ts (kept apart: that file is near the 400-line
// rule): the embedded store on a temporary data folder and PostgreSQL on a throwaway cluster. Then
// what a shared record must hold: an image answered on one node is answered on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { openFileStore, type SpentCaptchaRepository, type Store } from '../../server/storage/index.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';
import { FileSpentCaptchas } from '../../server/storage/file/captchas.ts';
import { PgSpentCaptchas } from '../../server/storage/pg/captchas.ts';
import { SPENT_CAPTCHAS_MAX } from '../../shared/constants.ts';

let pg: TestPostgres;
let url: string;
beforeAll(async () => {
  pg = await sharedPostgres();
  url = await pg.database();
});
afterAll(async () => {
  await pg?.stop();
});

const openPg = () => openPgStore({ url }, { localDir: tempDir('pg-local-') });
const id = () => randomUUID().slice(0, 16);
const later = (ms = 20 * 60_000) => Date.now() + ms;

describe.each([
  ['embedded store', (dir: string) => openFileStore(dir), (dir: string, max: number) => FileSpentCaptchas.open(dir, max)],
  ['PostgreSQL', () => openPg(), async (_dir: string, max: number, s?: Store) => new PgSpentCaptchas((s as Store & { db: never }).db, max)],
] as Array<[string, (dir: string) => Promise<Store>, (dir: string, max: number, s?: Store) => Promise<SpentCaptchaRepository>]>)(
  '%s',
  (name, open, bounded) => {
    const dir = tempDir('contract-captchas-');
    let s: Store;
    beforeAll(async () => {
      s = await open(dir);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('answers an image once: the first spend is true, every other false; another image is its own', async () => {
      const a = id();
      const b = id();
      expect(await s.spentCaptchas.spend(a, later())).toBe(true);
      expect(await s.spentCaptchas.spend(a, later())).toBe(false);
      expect(await s.spentCaptchas.spend(a, later())).toBe(false);
      expect(await s.spentCaptchas.spend(b, later())).toBe(true);
      // Two answers of one image at the same moment (two posts of a robot): one wins.
      const c = id();
      expect((await Promise.all([1, 2, 3].map(() => s.spentCaptchas.spend(c, later())))).filter(Boolean)).toHaveLength(1);
    });

    it('keeps an answered image answered for the next process or node on the same store', async () => {
      const a = id();
      expect(await s.spentCaptchas.spend(a, later())).toBe(true);
      if (name === 'embedded store') {
        await s.close();
        s = await open(dir); // the server restarted on its data folder
      }
      const other = name === 'embedded store' ? s : await openPg();
      try {
        expect(await other.spentCaptchas.spend(a, later())).toBe(false);
      } finally {
        if (other !== s) await other.close();
      }
    });

    it(`keeps at most its bound of unexpired images (${SPENT_CAPTCHAS_MAX} by default), pruning the expired ones`, async () => {
      const small = await bounded(tempDir('captchas-bound-'), 3, s);
      if (name === 'PostgreSQL') await (s as Store & { db: { query: (q: string) => Promise<unknown> } }).db.query('DELETE FROM spent_captchas');
      const live = [id(), id(), id()];
      for (const x of live) expect(await small.spend(x, later())).toBe(true);
      // Full: one more is refused (the visitor gets a new image), an answered one stays answered.
      expect(await small.spend(id(), later())).toBe(false);
      expect(await small.spend(live[0], later())).toBe(false);
      // Expired records are pruned and make room.
      const soon = await bounded(tempDir('captchas-bound-'), 3, s);
      if (name === 'PostgreSQL') await (s as Store & { db: { query: (q: string) => Promise<unknown> } }).db.query('DELETE FROM spent_captchas');
      const short = [id(), id(), id()];
      for (const x of short) expect(await soon.spend(x, Date.now() + 50)).toBe(true);
      expect(await soon.spend(id(), later())).toBe(false);
      await new Promise((r) => setTimeout(r, 80));
      expect(await soon.spend(id(), later())).toBe(true);
      // An id whose record expired may be recorded again (its image has expired too: the token is refused before).
      expect(await soon.spend(short[0], later())).toBe(true);
      for (const r of [small, soon]) if (r instanceof FileSpentCaptchas) await r.close();
    });
  },
);
