// Captcha images and answers (issue 40, point 6), as the outside audit probed them: 168 images drawn
// in 10 s from one address (each a rasterisation), and a solved image replayed on a second node
// (the record of answered images was per process). Now: CAPTCHA_IMAGE_RATE images per address and
// window, then 429 with a sentence in the visitor's language; an answered image is recorded in the
// store, so on PostgreSQL the other node refuses it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { forSale } from '../helpers/forms.ts';
import { Captcha } from '../../server/forms/captcha.ts';
import { FillTokens } from '../../server/forms/fill-token.ts';
import { Db } from '../../server/storage/pg/db.ts';
import { PgSecrets } from '../../server/storage/pg/small.ts';
import { CAPTCHA_IMAGE_RATE, FORM_MIN_FILL_MS } from '../../shared/constants.ts';

describe('captcha images per address', () => {
  const max = 4;
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    // One proxy in front: the test speaks for several visitors' addresses.
    srv = await startTestServer({ captchaRate: { max, windowMs: 60_000 }, trustProxy: 1 });
  });
  afterAll(() => srv.close());

  const image = (from: string, query = '', headers: Record<string, string> = {}) =>
    fetch(`${srv.url}/api/captcha${query}`, { headers: { accept: 'application/json', 'x-forwarded-for': from, ...headers } });

  it(`draws ${max} images for one address in the window, then refuses with 429 and a sentence in the visitor's language`, async () => {
    expect(CAPTCHA_IMAGE_RATE.max).toBeLessThan(168); // the audit's count in 10 s, from one address
    for (let i = 0; i < max; i++) {
      const r = await image('203.0.113.21');
      expect(r.status).toBe(200);
      expect((await r.json()).image).toMatch(/^data:image\/png;base64,/);
    }
    const fr = await image('203.0.113.21', '?lang=fr');
    expect(fr.status).toBe(429);
    expect(Number(fr.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fr.headers.get('cache-control')).toBe('no-store');
    expect(await fr.json()).toEqual({ error: 'Vous avez demandé beaucoup d’images en peu de temps. Veuillez réessayer dans 1 minute.' });
    const nl = await image('203.0.113.21', '', { 'accept-language': 'nl-BE,nl;q=0.9' });
    expect((await nl.json()).error).toBe('U hebt op korte tijd veel afbeeldingen opgevraagd. Probeer het over 1 minuut opnieuw.');
    const en = await image('203.0.113.21', '?lang=en');
    expect((await en.json()).error).toBe('You have asked for many images in a short time. Please try again in 1 minute.');
    // Another visitor is not held up.
    expect((await image('203.0.113.22')).status).toBe(200);
  });
});

describe('an answered captcha on two nodes of one PostgreSQL database', () => {
  let pg: TestPostgres;
  let db: Db;
  let a: Awaited<ReturnType<typeof startTestServer>>;
  let b: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    pg = await sharedPostgres();
    const url = await pg.database();
    a = await startTestServer({ dataDir: tempDir('captcha-a-'), database: { url } });
    b = await startTestServer({ dataDir: tempDir('captcha-b-'), database: { url } });
    db = new Db({ url });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.close();
    await pg?.stop();
  });

  it('is refused on the other node: a solution answers once, whichever node it is sent to', async () => {
    // The nodes' keys are in the database (what staff with access to it could read).
    const secrets = new PgSecrets(db);
    const fills = new FillTokens(await secrets.secret('forms'));
    const captchaKey = await secrets.secret('captcha');
    const { token } = await (await fetch(`${a.url}/api/captcha`)).json();
    const answer = Captcha.open(captchaKey, token)!.a;
    const send = (node: typeof a) =>
      fetch(`${node.url}/api/forms/send-to-friend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lang: 'fr',
          formToken: fills.issue(Date.now() - FORM_MIN_FILL_MS - 1000),
          website: '',
          firstName: 'Camille',
          lastName: 'Dupont',
          email: 'camille.dupont@example.be',
          friendFirstName: 'Lucie',
          friendLastName: 'Martin',
          receiverEmail: 'lucie.martin@example.be',
          message: 'Regarde celui-ci !',
          propertyId: forSale.ID,
          captchaToken: token,
          captcha: answer,
        }),
      });
    const first = await send(a);
    expect(first.status).toBe(201);
    const replay = await send(b);
    expect(replay.status).toBe(422);
    expect((await replay.json()).errors).toEqual([{ field: 'captcha', message: 'Les caractères saisis ne sont pas valides' }]);
    expect((await send(a)).status).toBe(422);
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM spent_captchas');
    expect(rows.rows[0].n).toBe(1);
  });
});
