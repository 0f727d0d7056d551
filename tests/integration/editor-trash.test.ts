// Issue 38, point 1: nothing staff do can take the site down, and everything can be undone. A page
// the site needs cannot be deleted by an editor; an admin is asked first; a deleted page, article
// or module goes to the trash and comes back where it was; links by id move to the page picked and
// the old address leads there (301); a page whose address changes keeps its old one as a redirect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { staffSession } from '../helpers/client.ts';
import type { PageRecord } from '../../renderer/content.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let editor: Awaited<ReturnType<typeof staffSession>>;
let admin: Awaited<ReturnType<typeof staffSession>>;

const visit = (path: string) => fetch(srv.url + path, { redirect: 'manual' });
const doc = async (key: string) => (await editor.req('GET', `/api/admin/docs/${key}`)).json as { data: PageRecord & Record<string, any>; rev: number };
const trash = async () => (await editor.req('GET', '/api/admin/trash')).json as { items: Array<Record<string, any>>; total: number };

beforeAll(async () => {
  srv = await startTestServer();
  editor = await staffSession(srv.url, srv.dataDir, 'editor', 'trash-eva');
  admin = await staffSession(srv.url, srv.dataDir, 'admin', 'trash-adam');
});
afterAll(() => srv?.close());

describe('pages the site needs', () => {
  it('an editor cannot delete the home page; the site stays up', async () => {
    const home = await doc('page:1');
    const r = await editor.req('DELETE', '/api/admin/docs/page:1', { baseRev: home.rev });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('delete.system');
    expect(r.json.roles.map((x: { role: string }) => x.role)).toContain('home');
    expect((await visit('/nl/')).status).toBe(200);
    // A thank-you page, the owner login and a page holding a form are the site's too.
    for (const [id, role] of [
      [24, 'thankYou'],
      [12, 'login'],
      [11, 'form'],
      [2, 'listing'],
    ] as const) {
      const d = await doc(`page:${id}`);
      const x = await editor.req('DELETE', `/api/admin/docs/page:${id}`, { baseRev: d.rev });
      expect(x.status, `page ${id}`).toBe(403);
      expect(x.json.roles.map((r: { role: string }) => r.role)).toContain(role);
    }
    // Taking it off the site is refused alike.
    const off = await editor.req('POST', '/api/admin/docs/page:1/unpublish', { baseRev: home.rev });
    expect(off.status).toBe(403);
  });

  it('an admin is told what breaks, deletes the home page with force, and brings it back from the trash', async () => {
    const home = await doc('page:1');
    const impact = (await admin.req('GET', '/api/admin/docs/page:1/impact')).json;
    expect(impact.system.map((r: { role: string }) => r.role)).toContain('home');
    const asked = await admin.req('DELETE', '/api/admin/docs/page:1', { baseRev: home.rev });
    expect(asked.status).toBe(409);
    expect(asked.json.code).toBe('delete.systemConfirm');
    expect((await admin.req('DELETE', '/api/admin/docs/page:1', { baseRev: home.rev, force: true })).status).toBe(200);
    expect((await visit('/fr/')).status).toBe(404);
    const pages = (await admin.req('GET', '/api/admin/pages')).json;
    expect(pages.homeMissing).toBe(true);
    const opened = await admin.req('GET', '/api/admin/docs/page:1');
    expect(opened.status).toBe(404);
    expect(opened.json.code).toBe('doc.trashed');
    const item = (await trash()).items.find((i) => i.id === 'page:1')!;
    expect(item).toMatchObject({ kind: 'page', deletedBy: expect.stringContaining('trash-adam'), placeGone: false });
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * 24 * 3600 * 1000);
    // An editor may bring it back.
    const back = await editor.req('POST', '/api/admin/trash/restore', { id: 'page:1' });
    expect(back.status).toBe(200);
    expect((await visit('/fr/')).status).toBe(200);
    expect((await admin.req('GET', '/api/admin/pages')).json.homeMissing).toBeUndefined();
    expect((await trash()).items.some((i) => i.id === 'page:1')).toBe(false);
    // Its history is still its own.
    const history = (await editor.req('GET', '/api/admin/docs/page:1/history')).json.revisions;
    expect(history.map((h: { action?: string }) => h.action).slice(0, 2)).toEqual(['untrash', 'delete']);
  });
});

describe('deleting an ordinary page', () => {
  it('lists where it is linked, moves the links by id to the page picked, and leads its old address there', async () => {
    // The jobs page (33) holds a form: make a plain page linked from the footer and the top bar instead.
    const reg = (await editor.req('GET', '/api/admin/registry')).json;
    const id = reg.maxPageId + 1;
    const page = {
      id,
      parentId: null,
      name: `offers-${id}`,
      path: `/offers-${id}/`,
      localizedPath: { nl: `aanbod-${id}`, fr: `offres-${id}`, en: `offers-${id}` },
      status: 'Published',
      type: 'page',
      sort: 50,
      showInMenu: false,
      title: { nl: 'Aanbod', fr: 'Offres', en: 'Offers' },
      modules: [],
    };
    expect((await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: page, baseRev: 0 })).status).toBe(200);
    const footer = (await admin.req('GET', '/api/admin/docs/footer')).json;
    footer.data.columns[2].links.push(id);
    expect((await admin.req('PUT', '/api/admin/docs/footer', { data: footer.data, baseRev: footer.rev })).status).toBe(200);
    const text = await doc('page:15');
    const linking = structuredClone(text.data);
    linking.content = { fr: { html: `<p>Voir nos <a href="/fr/offres-${id}/">offres</a>.</p>`, public: true } };
    expect((await editor.req('PUT', '/api/admin/docs/page:15', { data: linking, baseRev: text.rev })).status).toBe(200);

    const impact = (await editor.req('GET', `/api/admin/docs/page:${id}/impact`)).json;
    expect(impact.system).toEqual([]);
    expect(impact.needsReplacement).toBe(true);
    expect(impact.links).toEqual(
      expect.arrayContaining([
        { where: 'footer', key: 'footer', byId: true },
        { where: 'text', key: 'page:15', title: expect.objectContaining({ fr: 'Mentions légales' }), byId: false },
      ]),
    );
    const current = await doc(`page:${id}`);
    const refused = await editor.req('DELETE', `/api/admin/docs/page:${id}`, { baseRev: current.rev });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('delete.linked');
    const badPick = await editor.req('DELETE', `/api/admin/docs/page:${id}`, { baseRev: current.rev, replacement: 9999 });
    expect(badPick.status).toBe(422);
    expect(badPick.json.field).toBe('replacement');

    const del = await editor.req('DELETE', `/api/admin/docs/page:${id}`, { baseRev: current.rev, replacement: 11 });
    expect(del.status).toBe(200);
    const moved = (await admin.req('GET', '/api/admin/docs/footer')).json.data;
    expect(moved.columns[2].links).not.toContain(id);
    expect(moved.columns[2].links).toContain(11);
    const old = await visit(`/fr/offres-${id}/`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/fr/contact/');
    const redirects = (await editor.req('GET', '/api/admin/docs/redirects')).json.data.redirects;
    expect(redirects).toContainEqual(expect.objectContaining({ from: `/nl/aanbod-${id}/`, pageId: 11, reason: 'deleted' }));

    // Back from the trash: at its own address again, which no longer redirects.
    expect((await editor.req('POST', '/api/admin/trash/restore', { id: `page:${id}` })).status).toBe(200);
    expect((await visit(`/fr/offres-${id}/`)).status).toBe(200);
    const after = (await editor.req('GET', '/api/admin/docs/redirects')).json.data.redirects;
    expect(after.some((r: { from: string }) => r.from === `/fr/offres-${id}/`)).toBe(false);
  });

  it('asks where to put a page whose parent page is gone, and takes the answer', async () => {
    const reg = (await editor.req('GET', '/api/admin/registry')).json;
    const parent = reg.maxPageId + 1;
    const child = parent + 1;
    const make = (id: number, parentId: number | null, seg: string) => ({
      id,
      parentId,
      name: seg,
      path: `/${seg}/`,
      localizedPath: { nl: seg, fr: seg, en: seg },
      status: 'Hidden',
      type: 'page',
      sort: 60,
      title: { nl: `Pagina ${seg}`, fr: `Page ${seg}`, en: `Page ${seg}` },
      modules: [],
    });
    expect((await editor.req('PUT', `/api/admin/docs/page:${parent}`, { data: make(parent, null, `p${parent}`), baseRev: 0 })).status).toBe(200);
    expect((await editor.req('PUT', `/api/admin/docs/page:${child}`, { data: make(child, parent, `c${child}`), baseRev: 0 })).status).toBe(200);
    // A page with pages under it waits for them.
    const blocked = await editor.req('DELETE', `/api/admin/docs/page:${parent}`, { baseRev: (await doc(`page:${parent}`)).rev });
    expect(blocked.status).toBe(409);
    expect(blocked.json.code).toBe('delete.blocked');
    expect((await editor.req('DELETE', `/api/admin/docs/page:${child}`, { baseRev: (await doc(`page:${child}`)).rev })).status).toBe(200);
    expect((await editor.req('DELETE', `/api/admin/docs/page:${parent}`, { baseRev: (await doc(`page:${parent}`)).rev })).status).toBe(200);
    expect((await trash()).items.find((i) => i.id === `page:${child}`)).toMatchObject({ placeGone: true });
    const ask = await editor.req('POST', '/api/admin/trash/restore', { id: `page:${child}` });
    expect(ask.status).toBe(409);
    expect(ask.json.code).toBe('trash.placeGone');
    expect((await editor.req('POST', '/api/admin/trash/restore', { id: `page:${child}`, parentId: 424242 })).status).toBe(422);
    expect((await editor.req('POST', '/api/admin/trash/restore', { id: `page:${child}`, parentId: null })).status).toBe(200);
    expect((await doc(`page:${child}`)).data.parentId).toBeNull();
    expect((await visit(`/nl/c${child}/`)).status).toBe(200);
    expect((await editor.req('POST', '/api/admin/trash/restore', { id: 'page:424242' })).status).toBe(410);
    expect((await editor.req('POST', '/api/admin/trash/restore', { id: 'nonsense' })).status).toBe(400);
  });
});

describe('a module taken off a page', () => {
  it('is in the trash with its page, and comes back at its place, live', async () => {
    const page = await doc('page:32');
    const [first, ...rest] = page.data.modules!;
    const r = await editor.req('PUT', '/api/admin/docs/page:32', { data: { ...page.data, modules: rest }, baseRev: page.rev });
    expect(r.status).toBe(200);
    const item = (await trash()).items.find((i) => i.id === `module:${first.id}`)!;
    expect(item).toMatchObject({ kind: 'module', key: 'page:32', view: first.view, placeGone: false });
    expect(item.pageTitle.fr).toBe('Témoignages');
    // A new module never takes its id.
    expect((await editor.req('GET', '/api/admin/registry')).json.maxModuleId).toBeGreaterThanOrEqual(first.id);
    expect((await editor.req('POST', '/api/admin/trash/restore', { id: `module:${first.id}` })).status).toBe(200);
    const back = await doc('page:32');
    expect(back.data.modules!.map((m) => m.id)).toEqual(page.data.modules!.map((m) => m.id));
    expect((await trash()).items.some((i) => i.id === `module:${first.id}`)).toBe(false);
  });
});

describe('a page whose address changes', () => {
  it('keeps the old address as a redirect (with what was below it), and drops it when the page moves back', async () => {
    const page = await doc('page:13');
    const moved = { ...page.data, localizedPath: { ...page.data.localizedPath, fr: 'estimation-offerte' } };
    const r = await editor.req('PUT', '/api/admin/docs/page:13', { data: moved, baseRev: page.rev });
    expect(r.status).toBe(200);
    expect(r.json.redirected).toEqual([expect.objectContaining({ from: '/fr/estimation-gratuite/', pageId: 13, keepRest: true, reason: 'moved' })]);
    const old = await visit('/fr/estimation-gratuite/?utm_source=mail');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/fr/estimation-offerte/?utm_source=mail');
    expect((await visit('/nl/gratis-schatting/')).status).toBe(200);
    const again = await doc('page:13');
    const back = await editor.req('PUT', '/api/admin/docs/page:13', { data: page.data, baseRev: again.rev });
    expect(back.status).toBe(200);
    expect((await visit('/fr/estimation-gratuite/')).status).toBe(200);
    const list = (await editor.req('GET', '/api/admin/docs/redirects')).json.data.redirects;
    expect(list.some((x: { from: string }) => x.from === '/fr/estimation-gratuite/')).toBe(false);
  });

  it('lets the old address go when asked (keepOldAddresses: false), and refuses a flag that is not true or false', async () => {
    const page = await doc('page:13');
    const moved = { ...page.data, localizedPath: { ...page.data.localizedPath, fr: 'estimation-sans-frais' } };
    const bad = await editor.req('PUT', '/api/admin/docs/page:13', { data: moved, baseRev: page.rev, keepOldAddresses: 'no' });
    expect([bad.status, bad.json.error]).toEqual([400, expect.stringContaining('keepOldAddresses')]);
    const r = await editor.req('PUT', '/api/admin/docs/page:13', { data: moved, baseRev: page.rev, keepOldAddresses: false });
    expect([r.status, r.json.redirected ?? []]).toEqual([200, []]);
    expect((await visit('/fr/estimation-gratuite/')).status).toBe(404);
    expect((await visit('/fr/estimation-sans-frais/')).status).toBe(200);
    const again = await doc('page:13');
    expect((await editor.req('PUT', '/api/admin/docs/page:13', { data: page.data, baseRev: again.rev })).status).toBe(200);
    expect((await visit('/fr/estimation-gratuite/')).status).toBe(200);
  });

  it('refuses a redirect from a live address, to itself, or to a page that does not exist, with a sentence', async () => {
    const d = (await editor.req('GET', '/api/admin/docs/redirects')).json;
    const put = (redirects: unknown[]) =>
      editor.req('PUT', '/api/admin/docs/redirects', { data: { redirects: [...d.data.redirects, ...redirects] }, baseRev: d.rev });
    const live = await put([{ from: '/fr/contact/', pageId: 2 }]);
    expect(live.status).toBe(422);
    expect(live.json.problems[0]).toMatchObject({ code: 'redirect.live', pointer: expect.stringMatching(/\/from$/) });
    const loop = await put([
      { from: '/fr/acheter-ancien/', pageId: 2, keepRest: true },
      { from: '/fr/', pageId: 2, keepRest: true },
    ]);
    expect(loop.status).toBe(422);
    expect(loop.json.problems.map((p: { code: string }) => p.code)).toContain('redirect.loop');
    const unknown = await put([{ from: '/fr/nulle-part/', pageId: 9999 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.json.problems[0]).toMatchObject({ code: 'ref.page' });
    const notAPath = await put([{ from: 'https://example.com/x', pageId: 2 }]);
    expect(notAPath.status).toBe(422);
    const ok = await put([{ from: '/fr/ancien-achat/', pageId: 2 }]);
    expect(ok.status).toBe(200);
    const go = await visit('/fr/ancien-achat/');
    expect(go.status).toBe(301);
    expect(go.headers.get('location')).toBe('/fr/acheter/');
  });
});
