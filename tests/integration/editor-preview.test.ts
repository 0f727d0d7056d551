// The editor's preview of an article that visitors cannot see yet (a draft, or Hidden): it shows the
// article on the page it will have once published, while the public site still answers 404 there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { staffSession } from '../helpers/client.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let ines: Awaited<ReturnType<typeof staffSession>>;

beforeAll(async () => {
  srv = await startTestServer();
  ines = await staffSession(srv.url, srv.dataDir, 'editor', 'ines');
});
afterAll(() => srv?.close());

const article = (status: 'Hidden' | 'Published') => ({
  id: 'nieuwe-epc-regels-2027',
  category: 'blog',
  column: 'seller',
  date: '2026-11-23',
  status,
  title: { nl: 'Nieuwe EPC-regels in 2027', fr: 'Nouvelles règles PEB en 2027', en: 'New EPC rules in 2027' },
  summary: { nl: 'Wat verandert er voor verkopers.', fr: 'Ce qui change pour les vendeurs.', en: 'What changes for sellers.' },
  body: { nl: '<p>Vanaf 2027 …</p>', fr: '<p>À partir de 2027, le certificat …</p>', en: '<p>From 2027 …</p>' },
});

describe('preview of an article', () => {
  it('shows a Hidden article as it will look once published, in the language asked, and keeps it off the public site', async () => {
    const r = await ines.req('POST', '/api/admin/preview', { key: 'article:nieuwe-epc-regels-2027', data: article('Hidden'), lang: 'fr' });
    expect(r.status).toBe(200);
    expect(r.text).toContain('Nouvelles règles PEB en 2027');
    expect(r.text).toContain('le certificat');
    expect(r.text).not.toMatch(/<title>[^<]*(introuvable|not found)/i);

    // Nothing was saved: the article's public address does not exist.
    const list = (await ines.req('GET', '/api/admin/articles')).json as { articles?: Array<{ id: string }> } | Array<{ id: string }>;
    const ids = (Array.isArray(list) ? list : (list.articles ?? [])).map((a) => a.id);
    expect(ids).not.toContain('nieuwe-epc-regels-2027');
  });

  it('answers a preview of a draft with problems with 422 and the problems, not a page', async () => {
    const r = await ines.req('POST', '/api/admin/preview', {
      key: 'article:nieuwe-epc-regels-2027',
      data: { ...article('Hidden'), category: 'recipes' },
      lang: 'fr',
    });
    expect(r.status).toBe(422);
    expect(r.json.problems.length).toBeGreaterThan(0);
  });
});
