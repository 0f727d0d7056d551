// Issue 38, point 4 on PostgreSQL with two nodes (two servers on one throwaway database, as
// `DATABASE_URL=… npm start` runs them behind a load balancer): a planned change is made once,
// whichever node's scheduler comes first, and both nodes' visitors see it — within a minute of its
// time when the schedulers run by themselves (every 15 s; the revision reaches the other node in a
// second through the change feed).
import { beforeAll, describe, expect, it } from 'vitest';
import { until, useTwoNodes, type TwoNodes } from '../helpers/two-nodes.ts';
import { StaffClient } from '../helpers/client.ts';

const STAFF = { username: 'eva.nodes@atrium-immo.be', password: 'two nodes one schedule', role: 'editor' };

const nodes = useTwoNodes(STAFF);
let a: TwoNodes['a'];
let b: TwoNodes['b'];
let staff: TwoNodes['staff'];
let db: TwoNodes['db'];
beforeAll(() => void ({ a, b, staff, db } = nodes));

const html = async (node: typeof a, path: string) => {
  const r = await fetch(node.url + path, { redirect: 'manual' });
  return { status: r.status, text: await r.text() };
};

/** A plain page made on node A, published; both nodes have its French page in their cache. */
async function plainPage(title: string) {
  const id = (await staff.req('GET', '/api/admin/registry')).json.maxPageId + 1;
  const page = {
    id,
    parentId: null,
    name: `nodes-${id}`,
    path: `/nodes-${id}/`,
    localizedPath: { nl: `knopen-${id}`, fr: `noeuds-${id}`, en: `nodes-${id}` },
    status: 'Published',
    type: 'page',
    sort: 60,
    showInMenu: false,
    title: { nl: `${title} (nl)`, fr: title, en: `${title} (en)` },
    modules: [],
  };
  expect((await staff.req('PUT', `/api/admin/docs/page:${id}`, { data: page, baseRev: 0 })).status).toBe(200);
  const path = `/fr/noeuds-${id}/`;
  await until('the page on both nodes', async () => (await html(b, path)).text.includes(title), 5_000);
  for (const n of [a, b]) for (let i = 0; i < 2; i++) await html(n, path);
  return { key: `page:${id}`, path };
}

describe('a planned change on two nodes', () => {
  it('is made once when both schedulers look at the same moment, and both nodes show it', async () => {
    const { key, path } = await plainPage('Visite libre');
    const d = (await staff.req('GET', `/api/admin/docs/${key}`)).json;
    d.data.title.fr = 'Visite libre dimanche';
    expect((await staff.req('PUT', `/api/admin/docs/${key}`, { data: d.data, baseRev: d.rev, publish: false })).status).toBe(200);
    const planned = await staff.req('POST', '/api/admin/schedule', { key, action: 'publish', at: new Date(Date.now() + 2 * 60_000).toISOString() });
    expect(planned.status).toBe(201);
    // Listed alike on the other node.
    const onB = Object.assign(new StaffClient(b.url), { cookie: staff.cookie, csrf: staff.csrf });
    expect((await onB.req('GET', '/api/admin/schedule')).json.waiting.map((e: { id: string }) => e.id)).toContain(planned.json.entry.id);

    const t = Date.parse(planned.json.entry.at) + 1_000;
    const made = await Promise.all([a.server.scheduler.tick(t), b.server.scheduler.tick(t), a.server.scheduler.tick(t), b.server.scheduler.tick(t)]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(1);
    const { rows } = await db.query("SELECT count(*)::int AS n FROM revisions WHERE key = $1 AND data->>'scheduled' = 'true'", [key]);
    expect(rows[0].n).toBe(1);
    const t0 = Date.now();
    for (const n of [a, b]) await until(`the change on ${n.url}`, async () => (await html(n, path)).text.includes('Visite libre dimanche'), 5_000);
    console.log(`a scheduled publish made on one node, shown on both after ${Date.now() - t0} ms`);
    const done = (await onB.req('GET', '/api/admin/schedule')).json.finished.find((e: { id: string }) => e.id === planned.json.entry.id);
    expect(done).toMatchObject({ state: 'done', rev: expect.any(Number) });
  });

  it('is made within a minute of its time by the schedulers running by themselves', async () => {
    const { key, path } = await plainPage('Fin de saison');
    const at = Date.now() + 61_000;
    const planned = await staff.req('POST', '/api/admin/schedule', { key, action: 'unpublish', at: new Date(at).toISOString() });
    expect(planned.status).toBe(201);
    // Both nodes' clocks two minutes on: the change is due now; nobody calls a tick.
    const shift = at + 1_000 - Date.now();
    for (const n of [a, b]) n.server.scheduler.now = () => Date.now() + shift;
    const due = Date.now();
    try {
      for (const n of [a, b]) await until(`the page gone on ${n.url}`, async () => (await html(n, path)).status === 404, 60_000);
      const took = Date.now() - due;
      console.log(`a scheduled change due now was seen on both nodes after ${took} ms (the schedulers look every 15 s)`);
      expect(took).toBeLessThan(60_000);
    } finally {
      for (const n of [a, b]) n.server.scheduler.now = Date.now;
    }
    const { rows } = await db.query("SELECT count(*)::int AS n FROM revisions WHERE key = $1 AND data->>'action' = 'unpublish'", [key]);
    expect(rows[0].n).toBe(1);
  }, 90_000);
});
