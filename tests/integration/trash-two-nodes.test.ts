// Issue 38, point 1 on PostgreSQL with two nodes (two servers on one throwaway database, as
// `DATABASE_URL=… npm start` runs them behind a load balancer): a page deleted on one node leaves
// both nodes' sites within a second, its old address leading to the page picked; the other node's
// trash lists it and brings it back, and both serve it again.
import { describe, expect, it } from 'vitest';
import { until, useTwoNodes } from '../helpers/two-nodes.ts';

const EVA = { username: 'eva.trash-nodes@atrium-immo.be', password: 'two nodes one trash', role: 'editor' };
const nodes = useTwoNodes(EVA);

const visit = async (node: (typeof nodes)['a'], path: string) => {
  const r = await fetch(node.url + path, { redirect: 'manual' });
  return { status: r.status, location: r.headers.get('location') };
};

describe('the trash on two nodes', () => {
  it('deletes on one node, both sites follow; restores from the other, both serve it again', async () => {
    const { a, b, staff: onA, staffB: onB } = nodes;
    const id = (await onA.req('GET', '/api/admin/registry')).json.maxPageId + 1;
    const page = {
      id,
      parentId: null,
      name: `open-days-${id}`,
      path: `/open-days-${id}/`,
      localizedPath: { nl: `opendeurdagen-${id}`, fr: `portes-ouvertes-${id}`, en: `open-days-${id}` },
      status: 'Published',
      type: 'page',
      sort: 80,
      showInMenu: false,
      title: { nl: 'Opendeurdagen', fr: 'Portes ouvertes', en: 'Open days' },
      modules: [],
    };
    expect((await onA.req('PUT', `/api/admin/docs/page:${id}`, { data: page, baseRev: 0 })).status).toBe(200);
    await until('node B to show the new page', async () => (await visit(b, `/fr/portes-ouvertes-${id}/`)).status === 200);

    const rev = (await onA.req('GET', `/api/admin/docs/page:${id}`)).json.rev;
    expect((await onA.req('DELETE', `/api/admin/docs/page:${id}`, { baseRev: rev, replacement: 11 })).status).toBe(200);
    // Node B: the old address leads to the page picked, and its trash has the page.
    await until('node B to lead the old address to the contact page', async () => (await visit(b, `/fr/portes-ouvertes-${id}/`)).status === 301);
    expect((await visit(b, `/fr/portes-ouvertes-${id}/`)).location).toBe('/fr/contact/');
    const trash = (await onB.req('GET', '/api/admin/trash')).json.items as Array<{ id: string; deletedBy: string }>;
    expect(trash.find((i) => i.id === `page:${id}`)).toMatchObject({ deletedBy: EVA.username });

    // Restored on node B: node A serves it again, and the redirect is gone from both.
    expect((await onB.req('POST', '/api/admin/trash/restore', { id: `page:${id}` })).status).toBe(200);
    await until('node A to serve the page again', async () => (await visit(a, `/fr/portes-ouvertes-${id}/`)).status === 200);
    expect((await visit(b, `/fr/portes-ouvertes-${id}/`)).status).toBe(200);
    expect((await onA.req('GET', '/api/admin/trash')).json.items.some((i: { id: string }) => i.id === `page:${id}`)).toBe(false);
    // One history across both nodes: made, deleted, brought back.
    const history = (await onA.req('GET', `/api/admin/docs/page:${id}/history`)).json.revisions as Array<{ n: number; action?: string }>;
    expect(history.map((h) => h.action ?? 'edit')).toEqual(['untrash', 'delete', 'edit']);
    expect(history.map((h) => h.n)).toEqual([3, 2, 1]);
  });
});
