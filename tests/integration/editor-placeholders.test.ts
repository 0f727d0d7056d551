// A translation that leaves out a placeholder is refused when it is published (issue 38, point 6):
// the French footer line without the IPI number, a French plural that drops the number for several
// items, a page text whose English has a placeholder the French leaves out — each named at its field,
// with a code the editor says in its language, and nothing stored. A plural's form for one may say
// its number in words ("une chambre"): that is published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { staffSession } from '../helpers/client.ts';
import { publicPageAt, storedRevisions } from '../helpers/revisions.ts';
import type { PageRecord } from '../../renderer/content.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let lea: Awaited<ReturnType<typeof staffSession>>;

beforeAll(async () => {
  srv = await startTestServer();
  lea = await staffSession(srv.url, srv.dataDir, 'editor', 'lea');
});
afterAll(() => srv?.close());

const stored = (key: string) => storedRevisions(srv.dataDir).filter((r) => r.key === key);

describe('placeholders a translation leaves out', () => {
  it('refuses a French dictionary text without the number its English text has, and one whose plural drops the number for several', async () => {
    const dict = (await lea.req('GET', '/api/admin/docs/dictionary:fr')).json as { data: Record<string, string>; rev: number };
    expect(dict.data['footer.ipi']).toBe('N° IPI {number}');
    const dropped = await lea.req('PUT', '/api/admin/docs/dictionary:fr', { data: { ...dict.data, 'footer.ipi': 'N° IPI' }, baseRev: dict.rev, publish: true });
    expect(dropped.status).toBe(422);
    expect(dropped.json.problems).toEqual([
      expect.objectContaining({
        key: 'dictionary:fr',
        pointer: '/footer.ipi',
        code: 'icu.missingArgument',
        params: expect.objectContaining({ names: '{number}' }),
      }),
    ]);
    expect(dropped.json.problems[0].message).toMatch(/leaves out \{number\}/);

    const plural = await lea.req('PUT', '/api/admin/docs/dictionary:fr', {
      data: { ...dict.data, 'card.bedrooms': '{count, plural, one {une chambre} other {des chambres}}' },
      baseRev: dict.rev,
      publish: true,
    });
    expect(plural.status).toBe(422);
    expect(plural.json.problems).toEqual([
      expect.objectContaining({ pointer: '/card.bedrooms', code: 'icu.missingNumber', params: expect.objectContaining({ name: '{count}', forms: 'other' }) }),
    ]);
    expect(stored('dictionary:fr')).toEqual([]);

    // The form for one in words, the number for several: published, and the site says it so.
    const words = await lea.req('PUT', '/api/admin/docs/dictionary:fr', {
      data: { ...dict.data, 'card.bedrooms': '{count, plural, one {une chambre} other {# chambres}}' },
      baseRev: dict.rev,
      publish: true,
    });
    expect(words.status).toBe(200);
    expect(stored('dictionary:fr').at(-1)?.data['card.bedrooms']).toBe('{count, plural, one {une chambre} other {# chambres}}');
    const list = await publicPageAt('/fr/acheter/', srv.url);
    expect(list.html).toMatch(/\d+ chambres|une chambre/);
    const back = await lea.req('POST', '/api/admin/docs/dictionary:fr/restore', { rev: 0, baseRev: words.json.revision.rev });
    expect(back.status).toBe(200);
  });

  it('refuses a page text whose French leaves out a placeholder of its English text', async () => {
    const doc = (await lea.req('GET', '/api/admin/docs/page:16')).json as { data: PageRecord; rev: number };
    const before = stored('page:16').length;
    const r = await lea.req('PUT', '/api/admin/docs/page:16', {
      data: { ...doc.data, description: { ...doc.data.description, en: 'Our {count} offices', nl: 'Onze {count} kantoren', fr: 'Nos bureaux' } },
      baseRev: doc.rev,
      publish: true,
    });
    expect(r.status).toBe(422);
    expect(r.json.problems).toEqual([
      expect.objectContaining({
        pointer: '/description/fr',
        code: 'icu.missingArgument',
        params: expect.objectContaining({ names: '{count}', refLang: 'en' }),
      }),
    ]);
    expect(stored('page:16').length).toBe(before);
  });
});
