// Issue 38, point 4: staff plan a page, an article, the popup or the home banner to be published or
// taken off the site at a Brussels date and time; the editor lists what waits and what was done,
// and a plan can be cancelled. What cannot be done is refused with a sentence and a code: a time in
// the past or less than a minute ahead or more than two years ahead, a time the clocks skip, a
// document that does not exist or is in the trash, an action that does not apply, a role that may
// not change the document, more than 20 waiting changes of a document or 500 in all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { staffSession } from '../helpers/client.ts';
import { SCHEDULE_MAX_WAITING, SCHEDULE_MAX_WAITING_PER_DOC } from '../../shared/schedule.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let editor: Awaited<ReturnType<typeof staffSession>>;
let admin: Awaited<ReturnType<typeof staffSession>>;

const doc = async (key: string) => (await editor.req('GET', `/api/admin/docs/${key}`)).json as { data: Record<string, any>; rev: number };
const list = async (who = editor, key?: string) =>
  (await who.req('GET', `/api/admin/schedule${key ? `?key=${encodeURIComponent(key)}` : ''}`)).json as {
    waiting: Array<Record<string, any>>;
    finished: Array<Record<string, any>>;
  };
const plan = (who: typeof editor, body: Record<string, unknown>) => who.req('POST', '/api/admin/schedule', body);
/** An ISO instant `minutes` from the server's schedule clock. */
const ahead = (minutes: number) => new Date(srv.server.scheduler.now() + minutes * 60_000).toISOString();

/** A plain page (no form, nothing below it), published. */
async function plainPage(name: string) {
  const id = (await editor.req('GET', '/api/admin/registry')).json.maxPageId + 1;
  const page = {
    id,
    parentId: null,
    name: `${name}-${id}`,
    path: `/${name}-${id}/`,
    localizedPath: { nl: `${name}-${id}`, fr: `${name}-${id}`, en: `${name}-${id}` },
    status: 'Published',
    type: 'page',
    sort: 60,
    showInMenu: false,
    title: { nl: `Actie ${id}`, fr: `Action ${id}`, en: `Offer ${id}` },
    modules: [],
  };
  const r = await editor.req('PUT', `/api/admin/docs/page:${id}`, { data: page, baseRev: 0 });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return `page:${id}`;
}

beforeAll(async () => {
  srv = await startTestServer();
  editor = await staffSession(srv.url, srv.dataDir, 'editor', 'plan-eva');
  admin = await staffSession(srv.url, srv.dataDir, 'admin', 'plan-adam');
});
afterAll(() => srv?.close());

describe('planning, listing and cancelling', () => {
  it('an editor plans a page’s draft for publication, sees it listed with its title and her name, and cancels it', async () => {
    const key = await plainPage('soldes');
    const page = await doc(key);
    const saved = await editor.req('PUT', `/api/admin/docs/${key}`, {
      data: { ...page.data, title: { ...page.data.title, fr: 'Soldes d’hiver' } },
      baseRev: page.rev,
      publish: false,
    });
    expect(saved.status).toBe(200);
    const at = ahead(90);
    const r = await plan(editor, { key, action: 'publish', at });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.entry).toMatchObject({ key, action: 'publish', at, state: 'waiting', createdBy: editor.username });
    expect(r.json.twice).toBeUndefined();
    const all = await list();
    const item = all.waiting.find((e) => e.id === r.json.entry.id)!;
    // The title of the newest version (the draft), the person by name.
    expect(item).toMatchObject({ title: expect.objectContaining({ fr: 'Soldes d’hiver' }), createdByName: editor.username });
    expect((await list(editor, key)).waiting.map((e) => e.id)).toEqual([r.json.entry.id]);
    expect((await list(editor, 'page:1')).waiting.some((e) => e.id === r.json.entry.id)).toBe(false);

    const cancelled = await editor.req('DELETE', `/api/admin/schedule/${r.json.entry.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.entry).toMatchObject({ state: 'cancelled', cancelledBy: editor.username });
    const after = await list();
    expect(after.waiting.some((e) => e.id === r.json.entry.id)).toBe(false);
    expect(after.finished[0]).toMatchObject({ id: r.json.entry.id, state: 'cancelled', cancelledByName: editor.username });
    const again = await editor.req('DELETE', `/api/admin/schedule/${r.json.entry.id}`);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('schedule.notWaiting');
    const none = await editor.req('DELETE', '/api/admin/schedule/00000000-0000-4000-8000-000000000000');
    expect(none.status).toBe(404);
    expect(none.json.code).toBe('schedule.missing');
    expect((await editor.req('DELETE', '/api/admin/schedule/not-an-id')).status).toBe(404);
  });

  it('plans articles, the home banner for editors, and the popup for admins only', async () => {
    for (const key of ['article:buyer-registration-duties', 'banner'])
      expect((await plan(editor, { key, action: 'unpublish', at: ahead(120) })).status, key).toBe(201);
    const refused = await plan(editor, { key: 'popup', action: 'unpublish', at: ahead(120) });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('role.admin');
    const popup = await plan(admin, { key: 'popup', action: 'unpublish', at: ahead(120) });
    expect(popup.status).toBe(201);
    // An editor sees it listed, and may not cancel it.
    expect((await list()).waiting.some((e) => e.id === popup.json.entry.id)).toBe(true);
    const cancel = await editor.req('DELETE', `/api/admin/schedule/${popup.json.entry.id}`);
    expect(cancel.status).toBe(403);
    expect((await admin.req('DELETE', `/api/admin/schedule/${popup.json.entry.id}`)).status).toBe(200);
  });
});

describe('refused with a sentence and a code', () => {
  const refusal = async (who: typeof editor, body: Record<string, unknown>, status: number, code: string) => {
    const r = await plan(who, body);
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    expect(r.json.code).toBe(code);
    expect(r.json.error).toMatch(/\w+ \w+/);
    return r.json;
  };

  it('a time in the past, less than a minute ahead, more than two years ahead, or not a time', async () => {
    const key = await plainPage('retard');
    const past = await refusal(editor, { key, action: 'publish', at: ahead(-5) }, 422, 'schedule.atPast');
    expect(past).toMatchObject({ field: 'at', params: { minutes: 1 } });
    await refusal(editor, { key, action: 'publish', at: ahead(0.5) }, 422, 'schedule.atPast');
    await refusal(editor, { key, action: 'publish', at: ahead(2 * 366 * 24 * 60 + 60) }, 422, 'schedule.atTooFar');
    expect((await plan(editor, { key, action: 'publish', at: ahead(2 * 365 * 24 * 60) })).status).toBe(201);
    for (const at of ['demain 9h', '2026-02-30T10:00', '24/12/2026 09:00'])
      expect((await refusal(editor, { key, action: 'publish', at }, 400, 'schedule.atFormat')).field).toBe('at');
    for (const at of ['', 12, null, '2026-12-24T09:00'.padEnd(41, '0')]) {
      const r = await plan(editor, { key, action: 'publish', at });
      expect(r.status).toBe(400);
      expect(r.json.field).toBe('at');
    }
    // Nothing was stored by the refusals.
    expect((await list(editor, key)).waiting).toHaveLength(1);
  });

  it('a document that does not exist or is in the trash, an action that does not apply, a bad request', async () => {
    await refusal(editor, { key: 'page:99999', action: 'publish', at: ahead(60) }, 404, 'doc.missing');
    const key = await plainPage('corbeille');
    const page = await doc(key);
    expect((await editor.req('DELETE', `/api/admin/docs/${key}`, { baseRev: page.rev })).status).toBe(200);
    await refusal(editor, { key, action: 'publish', at: ahead(60) }, 404, 'doc.trashed');
    await refusal(editor, { key: 'dictionary:fr', action: 'unpublish', at: ahead(60) }, 422, 'schedule.notFor');
    await refusal(admin, { key: 'footer', action: 'publish', at: ahead(60) }, 422, 'schedule.notFor');
    for (const body of [
      { key: 'page:1', action: 'delete', at: ahead(60) },
      { key: 'page:x', action: 'publish', at: ahead(60) },
      { key: 'page:1', action: 'publish', at: ahead(60), when: 'later' },
      { key: 'page:1', action: 'publish', at: ahead(60), force: 'yes' },
    ]) {
      const r = await plan(editor, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.field).toMatch(/^(action|key|when|force)$/);
    }
    expect((await editor.req('GET', '/api/admin/schedule?key=nothing')).status).toBe(400);
  });

  it('a page the site needs: an editor may not take it off at a time, an admin confirms', async () => {
    const r = await refusal(editor, { key: 'page:1', action: 'unpublish', at: ahead(60) }, 403, 'unpublish.system');
    expect(r.roles.map((x: { role: string }) => x.role)).toContain('home');
    await refusal(admin, { key: 'page:1', action: 'unpublish', at: ahead(60) }, 409, 'unpublish.systemConfirm');
    const ok = await plan(admin, { key: 'page:1', action: 'unpublish', at: ahead(60), force: true });
    expect(ok.status).toBe(201);
    expect(ok.json.entry.force).toBe(true);
    expect((await admin.req('DELETE', `/api/admin/schedule/${ok.json.entry.id}`)).status).toBe(200);
  });
});

describe('Brussels time on the nights the clocks change', () => {
  it('29 March 2026 and 25 October 2026', async () => {
    const key = await plainPage('heure');
    const real = srv.server.scheduler.now;
    srv.server.scheduler.now = () => Date.parse('2026-03-01T10:00:00Z');
    try {
      const before = await plan(editor, { key, action: 'publish', at: '2026-03-29T01:59' });
      expect(before.json.entry.at).toBe('2026-03-29T00:59:00.000Z');
      const gap = await plan(editor, { key, action: 'publish', at: '2026-03-29T02:30' });
      expect(gap.status).toBe(422);
      expect(gap.json).toMatchObject({ code: 'schedule.atGap', field: 'at', params: { time: '2026-03-29T02:30' } });
      expect((await plan(editor, { key, action: 'publish', at: '2026-03-29T03:00' })).json.entry.at).toBe('2026-03-29T01:00:00.000Z');
      const twice = await plan(editor, { key, action: 'unpublish', at: '2026-10-25T02:30' });
      expect(twice.status).toBe(201);
      expect(twice.json).toMatchObject({ twice: true, entry: { at: '2026-10-25T00:30:00.000Z' } });
      const second = await plan(editor, { key, action: 'unpublish', at: '2026-10-25T02:30:00+01:00' });
      expect(second.json).toMatchObject({ entry: { at: '2026-10-25T01:30:00.000Z' } });
      expect(second.json.twice).toBeUndefined();
      expect((await plan(editor, { key, action: 'publish', at: '2026-10-25T03:00' })).json.entry.at).toBe('2026-10-25T02:00:00.000Z');
      // Listed soonest first.
      expect((await list(editor, key)).waiting.map((e) => e.at)).toEqual([
        '2026-03-29T00:59:00.000Z',
        '2026-03-29T01:00:00.000Z',
        '2026-10-25T00:30:00.000Z',
        '2026-10-25T01:30:00.000Z',
        '2026-10-25T02:00:00.000Z',
      ]);
    } finally {
      srv.server.scheduler.now = real;
      // Their times are past on the real clock: cancelled before the scheduler makes them.
      for (const e of (await list(editor, key)).waiting) await editor.req('DELETE', `/api/admin/schedule/${e.id}`);
    }
  });
});

describe('bounds', () => {
  it(`at most ${SCHEDULE_MAX_WAITING_PER_DOC} waiting changes per document and ${SCHEDULE_MAX_WAITING} in all`, async () => {
    const key = await plainPage('borne');
    for (let i = 0; i < SCHEDULE_MAX_WAITING_PER_DOC; i++)
      expect((await plan(editor, { key, action: i % 2 ? 'unpublish' : 'publish', at: ahead(60 + i) })).status).toBe(201);
    const r = await plan(editor, { key, action: 'publish', at: ahead(200) });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ code: 'schedule.tooManyForDoc', params: { max: SCHEDULE_MAX_WAITING_PER_DOC } });
    // Filled up to the bound over new pages, 20 each.
    let waiting = (await list()).waiting.length;
    while (waiting < SCHEDULE_MAX_WAITING) {
      const page = await plainPage('plein');
      const n = Math.min(SCHEDULE_MAX_WAITING_PER_DOC, SCHEDULE_MAX_WAITING - waiting);
      const made = await Promise.all(Array.from({ length: n }, (_, i) => plan(editor, { key: page, action: 'publish', at: ahead(300 + i) })));
      expect(made.every((m) => m.status === 201)).toBe(true);
      waiting += n;
    }
    expect((await list()).waiting).toHaveLength(SCHEDULE_MAX_WAITING);
    const full = await plan(editor, { key: await plainPage('trop'), action: 'publish', at: ahead(60) });
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({ code: 'schedule.tooMany', params: { max: SCHEDULE_MAX_WAITING } });
  }, 120_000);
});
