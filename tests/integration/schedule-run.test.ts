// Issue 38, point 4: at its time a planned change is made by the scheduler, through the same
// operations as the editor's buttons, as the person who planned it with their role of that moment,
// and visitors see it at once. The test moves the scheduler's clock and calls its tick (the real one
// comes every 15 s) instead of waiting: a change due at T is made by the tick after T.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { staffSession } from '../helpers/client.ts';
import { StaffAccounts, changeStaff } from '../../server/auth/staff-accounts.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let editor: Awaited<ReturnType<typeof staffSession>>;
let admin: Awaited<ReturnType<typeof staffSession>>;

const visit = async (path: string) => {
  const r = await fetch(srv.url + path, { redirect: 'manual' });
  return { status: r.status, html: await r.text() };
};
const doc = async (key: string, who = editor) => (await who.req('GET', `/api/admin/docs/${key}`)).json as { data: Record<string, any>; rev: number };
const history = async (key: string) => (await editor.req('GET', `/api/admin/docs/${key}/history`)).json.revisions as Array<Record<string, any>>;
const finished = async (id: string) => (await editor.req('GET', '/api/admin/schedule')).json.finished.find((e: { id: string }) => e.id === id);
const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** Plans a change `minutes` ahead; gives its id and its time. */
async function plan(who: typeof editor, key: string, action: 'publish' | 'unpublish', minutes = 5, force?: boolean) {
  const r = await who.req('POST', '/api/admin/schedule', { key, action, at: ahead(minutes), ...(force ? { force } : {}) });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return { id: r.json.entry.id as string, at: Date.parse(r.json.entry.at) };
}
/** The scheduler's tick at `at` plus a second: gives how many changes it made. */
const tickAfter = (at: number) => srv.server.scheduler.tick(at + 1_000);

/** A plain page, published; its French address. */
async function plainPage(title: string) {
  const id = (await editor.req('GET', '/api/admin/registry')).json.maxPageId + 1;
  const page = {
    id,
    parentId: null,
    name: `run-${id}`,
    path: `/run-${id}/`,
    localizedPath: { nl: `actie-${id}`, fr: `action-${id}`, en: `offer-${id}` },
    status: 'Published',
    type: 'page',
    sort: 60,
    showInMenu: false,
    title: { nl: `${title} (nl)`, fr: title, en: `${title} (en)` },
    modules: [],
  };
  expect((await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: page, baseRev: 0 })).status).toBe(200);
  return { key: `page:${id}`, path: `/fr/action-${id}/` };
}
async function saveDraft(key: string, change: (data: Record<string, any>) => void, who = editor) {
  const d = await doc(key, who);
  change(d.data);
  const r = await who.req('PUT', `/api/admin/docs/${key}`, { data: d.data, baseRev: d.rev, publish: false });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

beforeAll(async () => {
  srv = await startTestServer();
  editor = await staffSession(srv.url, srv.dataDir, 'editor', 'run-eva');
  admin = await staffSession(srv.url, srv.dataDir, 'admin', 'run-adam');
});
afterAll(() => srv?.close());

describe('made at its time', () => {
  it('publishes a page’s draft at its time, as the editor who planned it, and visitors see it at once', async () => {
    const { key, path } = await plainPage('Offre de printemps');
    await visit(path);
    expect((await visit(path)).html).toContain('Offre de printemps'); // kept in the page cache
    await saveDraft(key, (d) => (d.title.fr = 'Offre d’été'));
    const { id, at } = await plan(editor, key, 'publish');
    // Not before its time.
    expect(await srv.server.scheduler.tick(at - 1_000)).toBe(0);
    expect((await visit(path)).html).not.toContain('Offre d’été');
    expect(await tickAfter(at)).toBe(1);
    expect((await visit(path)).html).toContain('Offre d’été');
    const [newest] = await history(key);
    expect(newest).toMatchObject({ action: 'publish', scheduled: true, by: editor.username, published: true });
    expect(await finished(id)).toMatchObject({ state: 'done', rev: newest.rev, doneAt: expect.any(String) });
    expect(await tickAfter(at)).toBe(0);
  });

  it('a publish with no draft left (published by hand meanwhile) is done with a note, and nothing is saved', async () => {
    const { key } = await plainPage('Portes ouvertes');
    await saveDraft(key, (d) => (d.title.fr = 'Portes ouvertes samedi'));
    const { id, at } = await plan(editor, key, 'publish');
    const d = await doc(key);
    expect((await editor.req('POST', `/api/admin/docs/${key}/publish`, { baseRev: d.rev })).status).toBe(200);
    const revs = (await history(key)).length;
    expect(await tickAfter(at)).toBe(1);
    expect(await finished(id)).toMatchObject({ state: 'done', code: 'publish.noDraft' });
    expect(await history(key)).toHaveLength(revs);
  });

  it('takes a page off the site and puts it back, in their order within one tick', async () => {
    const { key, path } = await plainPage('Vente privée');
    expect((await visit(path)).status).toBe(200);
    const off = await plan(editor, key, 'unpublish', 5);
    const on = await plan(editor, key, 'publish', 6);
    expect(await tickAfter(off.at)).toBe(1);
    expect((await visit(path)).status).toBe(404);
    expect(await tickAfter(on.at)).toBe(1);
    expect((await visit(path)).status).toBe(200);
    const [back, gone] = await history(key);
    expect(gone).toMatchObject({ action: 'unpublish', scheduled: true, offline: true });
    expect(back).toMatchObject({ action: 'publish', scheduled: true });
    // Both due at once (the server was down): made one after the other, the earlier first.
    const off2 = await plan(editor, key, 'unpublish', 7);
    const on2 = await plan(editor, key, 'publish', 8);
    expect(await tickAfter(on2.at)).toBe(2);
    expect((await history(key)).slice(0, 2).map((r) => r.action)).toEqual(['publish', 'unpublish']);
    expect((await finished(off2.id)).state).toBe('done');
    expect((await visit(path)).status).toBe(200);
  });

  it('takes an article off the site', async () => {
    const key = 'article:buyer-purchase-costs-budget';
    const { at, id } = await plan(editor, key, 'unpublish');
    expect(await tickAfter(at)).toBe(1);
    expect(await finished(id)).toMatchObject({ state: 'done' });
    expect((await doc(key)).data).toBeTruthy();
    expect((await history(key))[0]).toMatchObject({ offline: true, scheduled: true });
  });

  it('switches the popup off and on again, and publishes the home banner’s draft then brings the earlier banner back', async () => {
    const off = await plan(admin, 'popup', 'unpublish', 5);
    const on = await plan(admin, 'popup', 'publish', 6);
    expect(await tickAfter(off.at)).toBe(1);
    expect((await doc('popup', admin)).data.isPublished).toBe('no');
    expect(await tickAfter(on.at)).toBe(1);
    expect((await doc('popup', admin)).data.isPublished).toBe('yes');
    expect((await finished(on.id)).state).toBe('done');

    await saveDraft('banner', (d) => (d.title.value.fr = 'Soldes de printemps à Bruxelles'));
    const pub = await plan(editor, 'banner', 'publish', 5);
    expect(await tickAfter(pub.at)).toBe(1);
    expect((await visit('/fr/')).html).toContain('Soldes de printemps à Bruxelles');
    const back = await plan(editor, 'banner', 'unpublish', 6);
    expect(await tickAfter(back.at)).toBe(1);
    const home = (await visit('/fr/')).html;
    expect(home).not.toContain('Soldes de printemps à Bruxelles');
    expect(home).toContain('Votre bien à Bruxelles, entre de bonnes mains');
  });
});

describe('not made, with the reason', () => {
  it('the person who planned it was disabled, or lost the role, since', async () => {
    const { key, path } = await plainPage('Journée découverte');
    const nora = await staffSession(srv.url, srv.dataDir, 'editor', 'run-nora');
    await saveDraft(key, (d) => (d.title.fr = 'Journée découverte annulée'), nora);
    const planned = await plan(nora, key, 'publish');
    await changeStaff(StaffAccounts.inDataDir(srv.dataDir), nora.username, { disabled: true });
    expect(await tickAfter(planned.at)).toBe(1);
    expect(await finished(planned.id)).toMatchObject({ state: 'failed', code: 'schedule.personDisabled', params: { who: nora.username } });
    expect((await visit(path)).html).not.toContain('annulée');

    const alex = await staffSession(srv.url, srv.dataDir, 'admin', 'run-alex');
    const popup = await plan(alex, 'popup', 'unpublish');
    await changeStaff(StaffAccounts.inDataDir(srv.dataDir), alex.username, { role: 'editor' });
    expect(await tickAfter(popup.at)).toBe(1);
    expect(await finished(popup.id)).toMatchObject({ state: 'failed', code: 'role.admin', params: { who: alex.username } });
    expect((await doc('popup', admin)).data.isPublished).toBe('yes');
  });

  it('the draft has problems that stop a publication, or the page went to the trash', async () => {
    const { key, path } = await plainPage('Estimation offerte');
    await saveDraft(key, (d) => (d.title.nl = ''));
    const planned = await plan(editor, key, 'publish');
    expect(await tickAfter(planned.at)).toBe(1);
    expect(await finished(planned.id)).toMatchObject({ state: 'failed', code: 'publish.problems', params: { count: expect.any(Number) } });
    expect((await visit(path)).status).toBe(200);

    const gone = await plan(editor, key, 'unpublish');
    const d = await doc(key);
    expect((await editor.req('DELETE', `/api/admin/docs/${key}`, { baseRev: d.rev })).status).toBe(200);
    expect(await tickAfter(gone.at)).toBe(1);
    expect(await finished(gone.id)).toMatchObject({ state: 'failed', code: 'doc.trashed' });
  });
});
