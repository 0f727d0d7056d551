// Issue 38, point 2: drafts are drafts, languages are allowed to lag. A draft is kept whatever its
// state, its problems marked; the default language is required to publish, the others may be
// missing; a page or article not written in a language is not listed in it, and its address there
// is the 404 page saying where it exists; each language says whether it is written, missing or older.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { staffSession } from '../helpers/client.ts';
import type { PageRecord } from '../../renderer/content.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let editor: Awaited<ReturnType<typeof staffSession>>;

const visit = (path: string) => fetch(srv.url + path, { redirect: 'manual' });
const html = async (path: string) => (await visit(path)).text();
const doc = async (key: string) =>
  (await editor.req('GET', `/api/admin/docs/${key}`)).json as { data: any; rev: number; langs: Record<string, string>; marks?: any[] };

beforeAll(async () => {
  srv = await startTestServer();
  editor = await staffSession(srv.url, srv.dataDir, 'editor', 'lang-eva');
});
afterAll(() => srv?.close());

describe('a page written in Dutch and French first', () => {
  let id = 0;
  it('is kept as a draft with English missing and a required text empty, its problems marked, and previewed', async () => {
    id = (await editor.req('GET', '/api/admin/registry')).json.maxPageId + 1;
    const reg = (await editor.req('GET', '/api/admin/registry')).json;
    const text = reg.modules.find((m: { view: string }) => m.view === 'single-view');
    const page = {
      id,
      parentId: null,
      name: `brussels-${id}`,
      path: `/brussels-${id}/`,
      localizedPath: { nl: `brussel-${id}`, fr: `bruxelles-${id}`, en: '' },
      status: 'Published',
      type: 'page',
      sort: 70,
      title: { nl: 'Wonen in Brussel', fr: 'Vivre à Bruxelles', en: '' },
      modules: [{ ...text.defaults, id: reg.maxModuleId + 1, span: 20 }],
    };
    const r = await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: page, baseRev: 0, publish: false });
    expect(r.status).toBe(200);
    expect(r.json.revision.published).toBe(false);
    // Kept as it is, with what stands between it and publishing.
    expect(r.json.marks.map((m: { pointer: string }) => m.pointer)).toContain('/modules/0/span');
    const opened = await doc(`page:${id}`);
    expect(opened.data.modules[0].span).toBe(20);
    expect(opened.marks!.length).toBeGreaterThan(0);
    // The preview shows what it can, and says what it leaves out.
    const preview = await editor.req('POST', '/api/admin/preview', { key: `page:${id}`, data: page, lang: 'fr', ui: 'fr' });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Vivre à Bruxelles');
    expect(preview.text).toContain('ne peut pas encore être affichée');
    // Not on the site yet.
    expect((await visit(`/fr/bruxelles-${id}/`)).status).toBe(404);
  });

  it('publishes without English; English visitors get the 404 page naming the languages it exists in', async () => {
    const d = await doc(`page:${id}`);
    d.data.modules[0].span = 12;
    const r = await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: d.data, baseRev: d.rev });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((await visit(`/fr/bruxelles-${id}/`)).status).toBe(200);
    const fr = await html(`/fr/bruxelles-${id}/`);
    expect(fr).toMatch(/<link rel="alternate" hrefLang="nl"/);
    expect(fr).not.toMatch(/<link rel="alternate" hrefLang="en"/);
    // Its would-be English address (the language switcher's link) says where it is.
    const en = await visit(`/en/brussel-${id}/`);
    expect(en.status).toBe(404);
    const body = await en.text();
    expect(body).toContain('This page is not available in English');
    expect(body).toContain(`href="/nl/brussel-${id}/"`);
    expect(body).toContain(`href="/fr/bruxelles-${id}/"`);
    // The sitemap lists it in Dutch and French only.
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).toContain(`/fr/bruxelles-${id}/`);
    expect(sitemap).not.toContain(`/en/brussel-${id}/`);
    expect((await doc(`page:${id}`)).langs).toEqual({ nl: 'written', fr: 'written', en: 'missing' });
  });

  it('is not in the English menu, and a French text older than the Dutch one is marked', async () => {
    const d = await doc(`page:${id}`);
    const inMenu = { ...d.data, showInMenu: true };
    expect((await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: inMenu, baseRev: d.rev })).status).toBe(200);
    expect(await html('/nl/')).toContain(`href="/nl/brussel-${id}/"`);
    expect(await html('/en/')).not.toContain(`brussel-${id}`);
    const e = await doc(`page:${id}`);
    const dutchOnly = { ...e.data, title: { ...e.data.title, nl: 'Wonen en werken in Brussel' } };
    expect((await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: dutchOnly, baseRev: e.rev })).status).toBe(200);
    expect((await doc(`page:${id}`)).langs).toEqual({ nl: 'written', fr: 'older', en: 'missing' });
    const pages = (await editor.req('GET', '/api/admin/pages')).json.pages as Array<PageRecord & { langs: Record<string, string> }>;
    expect(pages.find((p) => p.id === id)!.langs.fr).toBe('older');
  });

  it('refuses to publish without the default language, with a sentence at the field', async () => {
    const d = await doc(`page:${id}`);
    const noDutch = { ...d.data, title: { ...d.data.title, nl: '' } };
    const r = await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: noDutch, baseRev: d.rev });
    expect(r.status).toBe(422);
    expect(r.json.problems).toContainEqual(expect.objectContaining({ pointer: '/title/nl', code: 'text.required' }));
    // As a draft it is kept.
    expect((await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: noDutch, baseRev: d.rev, publish: false })).status).toBe(200);
    const published = await editor.req('POST', `/api/admin/docs/page:${id}/publish`, { baseRev: (await doc(`page:${id}`)).rev });
    expect(published.status).toBe(422);
  });
});

describe('an article written in Dutch and French only', () => {
  it('is listed on the Dutch and French blog, not the English one, and its English address says where it is', async () => {
    const a = (await editor.req('GET', '/api/admin/docs/article:buyer-registration-duties')).json;
    const data = { ...a.data, title: { ...a.data.title, en: '' }, summary: { ...a.data.summary, en: '' }, body: { ...a.data.body, en: '' } };
    const r = await editor.req('PUT', '/api/admin/docs/article:buyer-registration-duties', { data, baseRev: a.rev });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const nlPath = (await editor.req('GET', '/api/admin/articles')).json.articles.find((x: { id: string }) => x.id === 'buyer-registration-duties').publicPath;
    expect((await visit(nlPath)).status).toBe(200);
    const enBlog = await html('/en/blog/');
    expect(enBlog).not.toContain('buyer-registration-duties');
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).not.toMatch(/\/en\/blog\/[^<]*buyer-registration-duties/);
    // An article written half in a language is refused: its text without its title.
    const half = { ...data, body: { ...data.body, en: '<p>Only a text</p>' } };
    const refused = await editor.req('PUT', '/api/admin/docs/article:buyer-registration-duties', { data: half, baseRev: r.json.revision.rev });
    expect(refused.status).toBe(422);
    expect(refused.json.problems).toContainEqual(expect.objectContaining({ pointer: '/title/en' }));
  });
});
