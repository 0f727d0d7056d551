// Issue 14 on the server: articles as documents, rich text stored clean, texts checked as ICU
// messages and required in every language in use, concurrent saves merged three-way, and a stored
// revision that no longer validates set aside on its own (editor-repair.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { staffSession } from '../helpers/client.ts';
import { publicPageAt, storedRevisions } from '../helpers/revisions.ts';
import type { PageRecord } from '../../renderer/content.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let eva: Awaited<ReturnType<typeof staffSession>>;
let tom: Awaited<ReturnType<typeof staffSession>>;

const stored = (dir = srv.dataDir) => storedRevisions(dir);
const publicPage = (path: string, base = srv.url) => publicPageAt(path, base);

beforeAll(async () => {
  srv = await startTestServer();
  eva = await staffSession(srv.url, srv.dataDir, 'editor', 'eva');
  tom = await staffSession(srv.url, srv.dataDir, 'editor', 'tom');
});
afterAll(() => srv?.close());

/** A blog article as staff write it: a heading, a list, a link and an image from the library, per language. */
const article = (id: string) => ({
  id,
  category: 'blog',
  column: 'seller',
  date: '2026-11-20',
  status: 'Published',
  title: { nl: 'Uw woning klaarmaken voor een bezoek', fr: 'Préparer votre bien pour une visite', en: 'Getting your home ready for a viewing' },
  summary: { nl: 'Vijf dingen die kopers opvallen.', fr: 'Cinq choses que les acheteurs remarquent.', en: 'Five things buyers notice.' },
  body: {
    nl: '<h2>Eerst opruimen</h2><ul><li>Licht</li><li>Geur</li></ul><p>Lees ook <a href="/nl/onze-diensten/">onze diensten</a>.</p><p><img src="/media/banner/home.svg" alt="Woonkamer"></p>',
    fr: '<h2>D’abord ranger</h2><ul><li>La lumière</li><li>L’odeur</li></ul><p>Voir aussi <a href="/fr/nos-services/">nos services</a>.</p><p><img src="/media/banner/home.svg" alt="Séjour"></p>',
    en: '<h2>Tidy up first</h2><ul><li>Light</li><li>Smell</li></ul><p>See also <a href="/en/our-services/">our services</a>.</p><p><img src="/media/banner/home.svg" alt="Living room"></p>',
  },
});

describe('articles are documents of the editor', () => {
  it('creates a blog article, lists it by title with its public path, and shows its rich text on the public site in nl, fr and en', async () => {
    const id = 'preparer-votre-bien-visite';
    const r = await eva.req('PUT', `/api/admin/docs/article:${id}`, { data: article(id), baseRev: 0 });
    expect(r.status).toBe(200);
    const list = (await eva.req('GET', '/api/admin/articles')).json.articles as Array<{
      id: string;
      title: Record<string, string>;
      publicPath?: string;
      category: string;
      rev: number;
    }>;
    const mine = list.find((a) => a.id === id)!;
    expect(mine).toMatchObject({ category: 'blog', rev: r.json.revision.rev, title: { fr: 'Préparer votre bien pour une visite' } });
    expect(mine.publicPath).toMatch(/^\/nl\/immo-blog\/.+\/$/);
    for (const [path, heading, link] of [
      ['/fr/blog-immo/preparer-votre-bien-pour-une-visite/', 'D’abord ranger', '/fr/nos-services/'],
      ['/nl/immo-blog/uw-woning-klaarmaken-voor-een-bezoek/', 'Eerst opruimen', '/nl/onze-diensten/'],
      ['/en/blog/getting-your-home-ready-for-a-viewing/', 'Tidy up first', '/en/our-services/'],
    ]) {
      const page = await publicPage(path);
      expect(page.status, path).toBe(200);
      expect(page.html).toContain(`<h2>${heading}</h2>`);
      expect(page.html).toContain(`href="${link}"`);
      expect(page.html).toMatch(/<img[^>]+src="\/media\/banner\/home.svg"/);
    }
  });

  it('stores rich text clean: no script, no event handler, no javascript: link, wherever rich text is (article body, Text module, footer)', async () => {
    const id = 'xss-attempt';
    const evil =
      '<p onclick="alert(1)">Hi<script>alert(2)</script><a href="javascript:alert(3)">x</a><img src="x" onerror="alert(4)"><iframe src="https://evil.example"></iframe><a href="JaVaScRiPt&#58;alert(5)">y</a></p><table><tr><td style="background:url(javascript:alert(6))">z</td></tr></table>';
    const a = { ...article(id), title: { nl: 'XSS', fr: 'XSS', en: 'XSS' }, body: { nl: evil, fr: evil, en: evil } };
    expect((await eva.req('PUT', `/api/admin/docs/article:${id}`, { data: a, baseRev: 0 })).status).toBe(200);
    const page = (await eva.req('GET', '/api/admin/docs/page:15')).json as { data: PageRecord; rev: number };
    const text = { id: 900, view: 'text', version: 1, status: 'Published', span: 12, body: { nl: evil, fr: evil, en: evil } };
    expect(
      (await eva.req('PUT', '/api/admin/docs/page:15', { data: { ...page.data, modules: [...page.data.modules!, text] }, baseRev: page.rev })).status,
    ).toBe(200);
    const footer = (await eva.req('GET', '/api/admin/docs/footer')).json;
    expect(footer.data.columns[0].text?.value ?? footer.data.columns.find((c: any) => c.text)?.text.value).toBeTruthy();
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    const col = footer.data.columns.findIndex((c: any) => c.text);
    const f = structuredClone(footer.data);
    f.columns[col].text.value = { nl: evil, fr: evil, en: evil };
    expect((await admin.req('PUT', '/api/admin/docs/footer', { data: f, baseRev: footer.rev })).status).toBe(200);

    const saved = [
      stored().find((x) => x.key === `article:${id}`)!.data.body.fr,
      stored()
        .filter((x) => x.key === 'page:15')
        .at(-1)!
        .data.modules.at(-1).body.fr,
      stored()
        .filter((x) => x.key === 'footer')
        .at(-1)!.data.columns[col].text.value.fr,
    ];
    for (const html of saved) {
      expect(html).toContain('Hi');
      expect(html).toContain('<table>');
      expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|alert\(6\)/i);
    }
    const pub = await publicPage('/fr/mentions-legales/');
    expect(pub.html).toContain('text-module');
    expect(pub.html).not.toMatch(/<script>alert|onclick=|onerror=|javascript:alert/);
    // Back as shipped for the other tests.
    const now = (await admin.req('GET', '/api/admin/docs/footer')).json;
    expect((await admin.req('POST', '/api/admin/docs/footer/restore', { rev: 0, baseRev: now.rev })).status).toBe(200);
  });

  it('refuses an article whose id is not its key, and one in no known category', async () => {
    const wrongId = await eva.req('PUT', '/api/admin/docs/article:some-id', { data: article('other-id'), baseRev: 0 });
    expect(wrongId.status).toBe(422);
    const noCategory = await eva.req('PUT', '/api/admin/docs/article:no-cat', { data: { ...article('no-cat'), category: 'recipes' }, baseRev: 0 });
    expect(noCategory.status).toBe(422);
    expect(noCategory.json.problems[0]).toMatchObject({ key: 'article:no-cat', pointer: '/category', code: 'ajv.enum' });
  });
});

describe('texts that could break the site are refused at their field', () => {
  it('refuses a dictionary text with a broken placeholder or one the English text does not have, and keeps the stored text', async () => {
    const dict = (await eva.req('GET', '/api/admin/docs/dictionary:fr')).json;
    const key = Object.entries(dict.data as Record<string, string>).find(([, v]) => /\{[a-z]+\}/i.test(v))![0];
    const before = dict.data[key] as string;
    const broken = await eva.req('PUT', '/api/admin/docs/dictionary:fr', { data: { ...dict.data, [key]: 'par {nom' }, baseRev: dict.rev });
    expect(broken.status).toBe(422);
    expect(broken.json.problems).toEqual([expect.objectContaining({ key: 'dictionary:fr', pointer: `/${key}`, code: 'icu.syntax' })]);
    expect(broken.json.problems[0].message).toMatch(/placeholder/);
    const unknown = await eva.req('PUT', '/api/admin/docs/dictionary:fr', { data: { ...dict.data, [key]: `${before} {inconnu}` }, baseRev: dict.rev });
    expect(unknown.status).toBe(422);
    expect(unknown.json.problems).toEqual([
      expect.objectContaining({ pointer: `/${key}`, code: 'icu.unknownArgument', params: expect.objectContaining({ names: '{inconnu}' }) }),
    ]);
    expect(stored().filter((x) => x.key === 'dictionary:fr')).toEqual([]);
  });

  it('refuses a page text with a broken placeholder, and an empty required text of a language in use (also in rich text)', async () => {
    const doc = (await eva.req('GET', '/api/admin/docs/page:16')).json as { data: PageRecord; rev: number };
    const broken = await eva.req('PUT', '/api/admin/docs/page:16', {
      data: { ...doc.data, description: { ...doc.data.description, fr: 'Bonjour {nom' } },
      baseRev: doc.rev,
    });
    expect(broken.status).toBe(422);
    expect(broken.json.problems).toEqual([expect.objectContaining({ pointer: '/description/fr', code: 'icu.syntax' })]);
    const blank = await eva.req('PUT', '/api/admin/docs/page:16', { data: { ...doc.data, title: { ...doc.data.title, nl: '   ' } }, baseRev: doc.rev });
    expect(blank.status).toBe(422);
    expect(blank.json.problems).toEqual([expect.objectContaining({ pointer: '/title/nl', code: 'text.required', params: { lang: 'nl' } })]);
    const a = article('empty-body');
    const emptyBody = await eva.req('PUT', '/api/admin/docs/article:empty-body', {
      data: { ...a, body: { ...a.body, en: '<p> </p><p><br></p>' } },
      baseRev: 0,
    });
    expect(emptyBody.status).toBe(422);
    expect(emptyBody.json.problems).toEqual([expect.objectContaining({ key: 'article:empty-body', pointer: '/body/en', code: 'text.required' })]);
    expect(stored().filter((x) => x.key === 'page:16' || x.key === 'article:empty-body')).toEqual([]);
  });
});

describe('two people editing one page', () => {
  it('merges saves that touched different modules: both edits survive', async () => {
    const doc = (await eva.req('GET', '/api/admin/docs/page:8')).json as { data: PageRecord; rev: number };
    const mine = structuredClone(doc.data);
    mine.modules![0].title = { nl: 'Ons team (Eva)', fr: 'Notre équipe (Eva)', en: 'Our team (Eva)' };
    const theirs = structuredClone(doc.data);
    theirs.modules![1].title = { nl: 'De makelaars', fr: 'Les agents', en: 'The agents' };
    expect((await tom.req('PUT', '/api/admin/docs/page:8', { data: theirs, baseRev: doc.rev })).status).toBe(200);
    const r = await eva.req('PUT', '/api/admin/docs/page:8', { data: mine, baseRev: doc.rev });
    expect(r.status).toBe(200);
    expect(r.json.merged).toBe(true);
    const last = stored()
      .filter((x) => x.key === 'page:8')
      .at(-1)!;
    expect(last.by).toBe(eva.username);
    expect(last.data.modules.map((m: any) => m.title?.en)).toEqual(['Our team (Eva)', 'The agents']);
    expect(r.json.data.modules.map((m: any) => m.title?.en)).toEqual(['Our team (Eva)', 'The agents']);
    expect(last.summary).toMatch(/merged with revision \d+/);
    const html = (await publicPage('/fr/notre-equipe/')).html;
    expect(html).toContain('Notre équipe (Eva)');
    expect(html).toContain('Les agents');
  });

  it('answers a real conflict once, field by field, with both values, and stores nothing until one is chosen', async () => {
    const doc = (await eva.req('GET', '/api/admin/docs/page:9')).json as { data: PageRecord; rev: number };
    const mine = structuredClone(doc.data);
    mine.title = { ...mine.title!, fr: 'Le blog (Eva)' };
    mine.modules![0].span = 8;
    const theirs = structuredClone(doc.data);
    theirs.title = { ...theirs.title!, fr: 'Le blog (Tom)' };
    expect((await tom.req('PUT', '/api/admin/docs/page:9', { data: theirs, baseRev: doc.rev })).status).toBe(200);
    const count = stored().length;
    const r = await eva.req('PUT', '/api/admin/docs/page:9', { data: mine, baseRev: doc.rev });
    expect(r.status).toBe(409);
    expect(r.json.conflicts).toEqual([{ pointer: '/title/fr', kind: 'value', base: doc.data.title!.fr, mine: 'Le blog (Eva)', theirs: 'Le blog (Tom)' }]);
    expect(r.json.conflict.by).toBe(tom.username);
    // Everything else is merged already: Eva's span is in it, Tom's title at the conflict.
    expect(r.json.merged.modules[0].span).toBe(8);
    expect(r.json.merged.title.fr).toBe('Le blog (Tom)');
    expect(stored().length).toBe(count);
    // Eva keeps her title: saved over Tom's revision, it lands with her span.
    const resolved = { ...r.json.merged, title: { ...r.json.merged.title, fr: 'Le blog (Eva)' } };
    const ok = await eva.req('PUT', '/api/admin/docs/page:9', { data: resolved, baseRev: r.json.conflict.rev });
    expect(ok.status).toBe(200);
    const last = stored().at(-1)!;
    expect([last.data.title.fr, last.data.modules[0].span]).toEqual(['Le blog (Eva)', 8]);
  });
});

describe('the menu as a tree', () => {
  it('saves a new order and nesting in one request, only the pages that moved, parents first; refuses bad input and cycles with the page named', async () => {
    const before = stored().length;
    // "Contact" (11) first in the menu, "Expertise" (5) under "Nos services" (4).
    const r = await eva.req('PUT', '/api/admin/menu', {
      pages: [
        { id: 11, parentId: null, sort: 1 },
        { id: 2, parentId: null, sort: 2 },
        { id: 5, parentId: 4, sort: 10 },
      ],
    });
    expect(r.status).toBe(200);
    // "Acheter" (2) already had sort 2 at the top: not saved again. Contact (top level) before Expertise (under it).
    expect(r.json.saved.map((s: { id: number }) => s.id)).toEqual([11, 5]);
    const moved = stored().slice(before);
    expect(moved.every((x) => x.summary === 'place in the menu' && x.by === eva.username)).toBe(true);
    const html = (await publicPage('/fr/')).html;
    const menu = html.slice(html.indexOf('main-nav__list'), html.indexOf('</nav>', html.indexOf('main-nav__list')));
    expect(menu.indexOf('Contact')).toBeLessThan(menu.indexOf('Acheter'));
    // Expertise is now in the drop-down of "Nos services".
    const services = menu.slice(menu.indexOf('Nos services'));
    expect(services.slice(0, services.indexOf('</ul>'))).toContain('Expertise');

    // Bad input: a 400 naming the field, nothing stored.
    const count = stored().length;
    for (const body of [
      {},
      { pages: [] },
      { pages: [{ id: 'x', parentId: null, sort: 1 }] },
      { pages: [{ id: 4, parentId: 4, sort: 1 }] },
      { pages: [{ id: 4, parentId: null, sort: -1 }] },
      {
        pages: [
          { id: 4, parentId: null, sort: 1 },
          { id: 4, parentId: null, sort: 2 },
        ],
      },
    ]) {
      const bad = await eva.req('PUT', '/api/admin/menu', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.field).toBe('pages');
    }
    const missing = await eva.req('PUT', '/api/admin/menu', { pages: [{ id: 9999, parentId: null, sort: 1 }] });
    expect(missing.status).toBe(422);
    expect(missing.json.problems[0]).toMatchObject({ key: 'page:9999', code: 'ref.page' });
    // A cycle (Nos services under Expertise, which is under Nos services) is refused by the site's checks.
    const cycle = await eva.req('PUT', '/api/admin/menu', { pages: [{ id: 4, parentId: 5, sort: 1 }] });
    expect(cycle.status).toBe(422);
    expect(cycle.json.problems[0]).toMatchObject({ key: 'page:4', code: 'page.cycle' });
    expect(stored().length).toBe(count);
    // Back as shipped.
    for (const id of [2, 5, 11]) {
      const doc = (await eva.req('GET', `/api/admin/docs/page:${id}`)).json;
      if (doc.rev) expect((await eva.req('POST', `/api/admin/docs/page:${id}/restore`, { rev: 0, baseRev: doc.rev })).status).toBe(200);
    }
  });
});

describe('ids of deleted pages', () => {
  it('are never handed out again: a page deleted keeps its history, a new page gets a new id', async () => {
    const reg = (await eva.req('GET', '/api/admin/registry')).json;
    const id = reg.maxPageId + 1;
    const data = {
      id,
      parentId: null,
      name: `gone-${id}`,
      path: `/gone-${id}/`,
      localizedPath: { nl: `weg-${id}`, fr: `parti-${id}`, en: `gone-${id}` },
      status: 'Hidden',
      type: 'page',
      sort: 90,
      title: { nl: 'Weg', fr: 'Parti', en: 'Gone' },
      modules: [],
    };
    const saved = await eva.req('PUT', `/api/admin/docs/page:${id}`, { data, baseRev: 0 });
    expect(saved.status).toBe(200);
    expect((await eva.req('DELETE', `/api/admin/docs/page:${id}`, { baseRev: saved.json.revision.rev })).status).toBe(200);
    expect((await eva.req('GET', '/api/admin/registry')).json.maxPageId).toBeGreaterThanOrEqual(id);
  });
});

describe('a module’s image', () => {
  it('is its background as soon as it is chosen, unless another background was chosen', async () => {
    const doc = (await eva.req('GET', '/api/admin/docs/page:14')).json as { data: PageRecord; rev: number };
    const modules = structuredClone(doc.data.modules!);
    (modules[0] as unknown as Record<string, unknown>).image = { url: '/media/banner/park.svg' };
    delete (modules[0] as unknown as Record<string, unknown>).backgroundType;
    const r = await eva.req('PUT', '/api/admin/docs/page:14', { data: { ...doc.data, modules }, baseRev: doc.rev });
    expect(r.status).toBe(200);
    const html = (await publicPage('/fr/declaration-de-confidentialite/')).html;
    expect(html).toMatch(/class="module module--single-view module--bg"[^>]*style="[^"]*background-image:url\(&quot;\/media\/banner\/park\.svg&quot;\)/);
    // A colour chosen as the background wins over the image.
    const again = (await eva.req('GET', '/api/admin/docs/page:14')).json as { data: PageRecord; rev: number };
    const coloured = structuredClone(again.data.modules!);
    Object.assign(coloured[0], { backgroundType: 'color', colorBackground: '#f4efe6' });
    expect((await eva.req('PUT', '/api/admin/docs/page:14', { data: { ...again.data, modules: coloured }, baseRev: again.rev })).status).toBe(200);
    const coloured2 = (await publicPage('/fr/declaration-de-confidentialite/')).html;
    expect(coloured2).not.toContain('background-image:url(&quot;/media/banner/park.svg');
    expect(coloured2).toMatch(/style="[^"]*background:#f4efe6/);
    const last = (await eva.req('GET', '/api/admin/docs/page:14')).json;
    expect((await eva.req('POST', '/api/admin/docs/page:14/restore', { rev: 0, baseRev: last.rev })).status).toBe(200);
  });
});

describe('an article deleted', () => {
  it('leaves the site, keeps its history, and one of the same title can be written again', async () => {
    const id = 'preparer-votre-bien-visite';
    const current = (await eva.req('GET', `/api/admin/docs/article:${id}`)).json;
    expect((await eva.req('DELETE', `/api/admin/docs/article:${id}`, { baseRev: current.rev })).status).toBe(200);
    expect((await publicPage('/fr/blog-immo/preparer-votre-bien-pour-une-visite/')).status).toBe(404);
    expect((await eva.req('GET', `/api/admin/docs/article:${id}/history`)).json.revisions.length).toBeGreaterThanOrEqual(2);
    const again = await eva.req('PUT', `/api/admin/docs/article:${id}`, { data: article(id), baseRev: 0 });
    expect(again.status).toBe(200);
    expect((await publicPage('/fr/blog-immo/preparer-votre-bien-pour-une-visite/')).status).toBe(200);
  });
});
