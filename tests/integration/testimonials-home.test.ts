// Home and the testimonials page agree (issue 39): both show the published testimonials, which a
// fresh data folder (and a fresh database) gets once from site-config/testimonials/sample.json;
// staff publish and withdraw them in the inbox and both pages follow at once (page caches dropped);
// a sample staff withdrew stays withdrawn at the next start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStaffServer } from '../helpers/admin-api.ts';
import { startTestServer } from '../helpers/server.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { root, tempDir } from '../helpers/config.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { fillToken } from '../helpers/fill-token.ts';

const samples = JSON.parse(readFileSync(join(root, 'site-config/testimonials/sample.json'), 'utf8')) as Array<{ id: string; name: string; comment: string }>;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The quotes a page shows, by the testimonials' comments (in the order they appear). */
const shown = (html: string, comments: string[]) => comments.filter((c) => html.includes(esc(c))).sort((a, b) => html.indexOf(esc(a)) - html.indexOf(esc(b)));

let staff: Awaited<ReturnType<typeof startStaffServer>>;
let dataDir: string;
let closed = false;
beforeAll(async () => {
  dataDir = tempDir('testimonials-');
  staff = await startStaffServer({ dataDir });
}, 60_000);
afterAll(async () => {
  if (!closed) await staff?.srv.close();
});

const page = async (url: string, path: string) => {
  const r = await fetch(url + path);
  expect(r.status, path).toBe(200);
  return r.text();
};

describe('testimonials on home and on their page', () => {
  it('shows the four sample testimonials on home and on the testimonials page, the same ones, with a link from home to the page', async () => {
    expect(samples).toHaveLength(4);
    const comments = samples.map((s) => s.comment);
    for (const [home, list] of [
      ['/en/', '/en/testimonials/'],
      ['/nl/', '/nl/getuigenissen/'],
      ['/fr/', '/fr/temoignages/'],
    ]) {
      const h = await page(staff.srv.url, home);
      const l = await page(staff.srv.url, list);
      expect(shown(h, comments), home).toEqual(comments);
      expect(shown(l, comments), list).toEqual(comments);
      expect(l).not.toContain('testimonials__none');
      expect(h).toMatch(new RegExp(`<a [^>]*href="${list}"[^>]*>[^<]*(All testimonials|Alle getuigenissen|Tous les témoignages)`));
      if (home === '/en/') expect(h.includes('>What our clients say</h2>'), 'the heading on home').toBe(true);
      // Each quote says which language it is written in.
      expect(h).toContain(`lang="fr"`);
    }
  });

  it('staff see them in the inbox as published testimonials; withdrawing one removes it from both pages, publishing brings it back', async () => {
    const inbox = await staff.editor.req('GET', '/api/admin/leads?kind=testimonial');
    expect(inbox.status).toBe(200);
    const rows = inbox.json.items.filter((x: { id: string }) => samples.some((s) => s.id === x.id));
    expect(rows.map((x: { name: string; testimonial: string }) => [x.name, x.testimonial])).toEqual(samples.map((s) => [s.name, 'published']));

    // Pages drawn (and cached) before the change.
    await page(staff.srv.url, '/en/');
    await page(staff.srv.url, '/en/testimonials/');
    const gone = samples[1];
    const r = await staff.editor.req('POST', `/api/admin/leads/${gone.id}/testimonial`, { action: 'reject' });
    expect(r.status).toBe(200);
    const rest = samples.filter((s) => s !== gone).map((s) => s.comment);
    const all = samples.map((s) => s.comment);
    expect(shown(await page(staff.srv.url, '/en/'), all)).toEqual(rest);
    expect(shown(await page(staff.srv.url, '/en/testimonials/'), all)).toEqual(rest);

    const back = await staff.editor.req('POST', `/api/admin/leads/${gone.id}/testimonial`, { action: 'publish' });
    expect(back.status).toBe(200);
    expect(shown(await page(staff.srv.url, '/en/'), all)).toEqual(all);
    expect(shown(await page(staff.srv.url, '/en/testimonials/'), all)).toEqual(all);
  });

  it('a visitor testimonial staff publish comes first on both pages; home keeps the newest four', async () => {
    const fd = new FormData();
    const comment = `Een vlotte verkoop in Jette, van schatting tot akte (${Date.now()}).`;
    const fields = {
      lang: 'nl',
      formToken: fillToken(),
      website: '',
      name: 'Ruth Claes',
      about: 'Jette',
      comment,
      ...(await solveCaptcha(staff.srv.url, dataDir)),
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
    const sent = await fetch(`${staff.srv.url}/api/forms/testimonial?lang=nl`, { method: 'POST', headers: { accept: 'application/json' }, body: fd });
    expect(sent.status).toBe(201);
    const id = (await sent.json()).id as string;
    const all = [comment, ...samples.map((s) => s.comment)];
    expect(shown(await page(staff.srv.url, '/nl/'), all)).toEqual(all.slice(1));
    expect((await staff.editor.req('POST', `/api/admin/leads/${id}/testimonial`, { action: 'publish' })).status).toBe(200);
    expect(shown(await page(staff.srv.url, '/nl/'), all)).toEqual(all.slice(0, 4));
    expect(shown(await page(staff.srv.url, '/nl/getuigenissen/'), all)).toEqual(all);
  });

  it('home has no testimonials heading while none is published', async () => {
    const empty = tempDir('no-testimonials-');
    const first = await startStaffServer({ dataDir: empty });
    try {
      for (const s of samples) expect((await first.editor.req('POST', `/api/admin/leads/${s.id}/testimonial`, { action: 'reject' })).status).toBe(200);
      const home = await page(first.srv.url, '/en/');
      expect(home.includes('>What our clients say</h2>'), 'the heading on home').toBe(false);
      expect(home.includes('testimonial-quotes'), 'the quotes on home').toBe(false);
      expect((await page(first.srv.url, '/en/testimonials/')).includes('No testimonials yet.')).toBe(true);
    } finally {
      await first.srv.close();
    }
  });
  it('a sample staff withdrew does not come back at the next start', async () => {
    const gone = samples[0];
    expect((await staff.editor.req('POST', `/api/admin/leads/${gone.id}/testimonial`, { action: 'reject' })).status).toBe(200);
    await staff.srv.close();
    const again = await startTestServer({ dataDir });
    try {
      const html = await page(again.url, '/en/testimonials/');
      expect(html).not.toContain(esc(gone.comment));
      expect(html).toContain(esc(samples[1].comment));
    } finally {
      await again.close();
    }
    closed = true;
  });
});

describe('on PostgreSQL', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await sharedPostgres();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('two nodes starting on a new database store the samples once; a withdrawn one stays withdrawn after a restart', async () => {
    const url = await pg.database();
    const nodes = await Promise.all([0, 1].map((i) => startTestServer({ dataDir: tempDir(`pg-node-${i}-`), database: { url } })));
    try {
      const comments = samples.map((s) => s.comment);
      for (const n of nodes) {
        expect(shown(await page(n.url, '/en/'), comments)).toEqual(comments);
        expect(shown(await page(n.url, '/en/testimonials/'), comments)).toEqual(comments);
      }
    } finally {
      for (const n of nodes) await n.close();
    }
    const { openPgStore } = await import('../../server/storage/pg/index.ts');
    const cli = await openPgStore({ url }, { localDir: tempDir('pg-cli-'), node: false });
    try {
      const stored = await cli.leads.find({ kind: 'testimonial' });
      expect(stored.items.map((x) => x.id).sort()).toEqual(samples.map((s) => s.id).sort());
      await cli.leads.update(samples[2].id, { status: 'rejected' });
    } finally {
      await cli.close();
    }
    const again = await startTestServer({ dataDir: tempDir('pg-node-again-'), database: { url } });
    try {
      const html = await page(again.url, '/en/');
      expect(html).not.toContain(esc(samples[2].comment));
      expect(html).toContain(esc(samples[3].comment));
    } finally {
      await again.close();
    }
  }, 120_000);
});
