/**
 * Importing the agency's listings as an agency does it: a CRM feed in the spec's shape, files that
 * are broken in the ways files break, a feed that drops most listings, a rollback, and the
 * scheduled sync from an HTTP feed. The live site must never lose its listings to a bad feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestServer } from '../helpers/server.ts';
import { root, tempDir } from '../helpers/config.ts';
import { importListingsData, importListingsFile } from '../helpers/listings.ts';
import { staffSession } from '../helpers/client.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { rollbackImport } from '../../server/main.ts';
import { signedToken } from '../helpers/visitor.ts';

type Feed = { properties: Array<Record<string, unknown>>; projects: unknown[]; [k: string]: unknown };
const fixture = (): Feed => JSON.parse(readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8'));
/** The fixture with one more property (nl, fr, en), as a CRM adds a new listing. */
function withProperty(feed: Feed, id: number, extra: Record<string, unknown> = {}): Feed {
  const base = {
    ID: id,
    WebID: 3,
    WebIDs: '3',
    Goal: 0,
    PublishPrice: 1,
    Price: 299000,
    PublishAddress: 1,
    Street: 'Rue Josaphat',
    HouseNumber: '10',
    Zip: '1030',
    CountryID: 10,
    NumberOfBedRooms: 2,
    SurfaceLiving: 80,
    ...extra,
  };
  feed.properties.push(
    { ...base, City: 'Schaerbeek', TypeDescription: 'Appartement rénové', language: 'fr' },
    { ...base, City: 'Schaarbeek', TypeDescription: 'Gerenoveerd appartement', language: 'nl' },
    { ...base, City: 'Schaerbeek', TypeDescription: 'Renovated flat', language: 'en' },
  );
  return feed;
}

let srv: Awaited<ReturnType<typeof startTestServer>>;
const total = async (goal = 'sale', s = srv) => (await (await fetch(`${s.url}/api/properties?lang=fr&goal=${goal}`)).json()).total as number;
const listPageCount = async (s = srv) => {
  const html = await (await fetch(`${s.url}/fr/acheter/`)).text();
  return Number(/\[(\d+) objets\]/.exec(html)?.[1]);
};
const live = async (s = srv) => JSON.parse(readFileSync(join(s.dataDir, 'listings', 'state.json'), 'utf8')).live as string | null;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

describe("the agency's first import, from a CRM file in the spec's format", () => {
  it('replaces the sample, keeps what can be shown and says in plain words what was refused', async () => {
    const sampleTotal = await total();
    expect(sampleTotal).toBeGreaterThan(20);
    const entry = await importListingsFile(join(root, 'tests/fixtures/crm-feed.json'), srv.dataDir);
    expect(entry.result).toBe('accepted');
    expect(entry.counts).toMatchObject({ properties: 7, projects: 2, refusedRecords: 4, refusedProperties: 1 });
    // The 8 problems of its records, after the note naming the fields the site does not use (left out, not stored).
    expect(entry.problemCount).toBe(9);
    expect(entry.problems[0]).toMatchObject({ kind: 'file', code: 'unknownFields', action: 'note' });
    expect(String(entry.problems[0].params?.names)).toMatch(/ExportedAt.*OmnicasaOfficeID|OmnicasaOfficeID.*ExportedAt/);
    expect(entry.problems.filter((p) => p.action === 'refused').map((p) => `${p.id} ${p.lang ?? ''} ${p.field}`)).toEqual([
      '5002 nl /Goal',
      '5005 fr /Goal',
      '5006  /language',
      '#14 fr /ID',
    ]);
    // The shipped sample is not the agency's listings: replacing all of it is not a removal.
    expect(entry.removed).toBeUndefined();
    // For sale in French: 5001, 5003 (Luxembourg), 5007; 5004 is sold: its page stays, the list and the count leave it out (on offer only).
    await expect.poll(() => total(), { timeout: 10_000 }).toBe(3);
    expect(await listPageCount()).toBe(3);
    expect(await total('rent')).toBe(2);
  });

  it('shows a record of which one language was refused in the others, and the kept language to that visitor', async () => {
    const r = await fetch(`${srv.url}/property/5002/`, { redirect: 'manual' });
    expect(r.status).toBe(301);
    const path = r.headers.get('location')!;
    expect(path).toMatch(/^\/nl\/huren\/uccle\/mansion-for-rent\/5002\/$/);
    const html = await (await fetch(srv.url + path)).text();
    // No Dutch record: the Dutch page shows the English one rather than nothing.
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain('Mansion for rent');
  });
});

describe('a feed that would hurt the live site is refused, and the site stays as it was', () => {
  let before: { sale: number; list: number; live: string | null };
  beforeAll(async () => {
    before = { sale: await total(), list: await listPageCount(), live: await live() };
    expect(before.live).not.toBeNull();
  });
  const unchanged = async () => {
    expect(await live()).toBe(before.live);
    expect(await total()).toBe(before.sale);
    expect(await listPageCount()).toBe(before.list);
  };

  it.each([
    ['a file that does not exist', async (dir: string) => importListingsFile(join(dir, 'nope.json'), srv.dataDir), /does not exist/],
    ['a file that is not JSON', async () => importListingsData('{"properties": [ {"ID": 1,', srv.dataDir), /not valid JSON: .* at line 1, column \d+/],
    ['an empty file', async () => importListingsData('', srv.dataDir), /the file is empty/],
    ['JSON that is not a preloaded response', async () => importListingsData({ items: [] }, srv.dataDir), /not a preloaded response/],
  ])('%s', async (_, run, reason) => {
    const entry = await run(tempDir('missing-'));
    expect(entry.result).toBe('failed');
    expect(entry.reason).toMatch(reason);
    await unchanged();
  });

  it('a file in which no property can be shown', async () => {
    const feed = fixture();
    for (const p of feed.properties) delete p.Goal;
    const entry = await importListingsData(feed, srv.dataDir);
    expect(entry.result).toBe('refused');
    expect(entry.reason).toBe('no property in it can be shown');
    expect(entry.problems.filter((p) => p.action === 'refused').length).toBe(16);
    await unchanged();
  });

  it('a file that drops 80 % of the listings, until it is forced', async () => {
    const feed = fixture();
    feed.properties = feed.properties.filter((p) => p.ID === 5001);
    const entry = await importListingsData(feed, srv.dataDir);
    expect(entry.result).toBe('refused');
    expect(entry.removed).toEqual({ count: 6, of: 7, share: 6 / 7 });
    expect(entry.reason).toBe('it would take 6 of the 7 properties now on the site off it (85.7 %, more than the 50 % allowed)');
    await unchanged();
    const forced = await importListingsData(feed, srv.dataDir, { force: true });
    expect(forced.result).toBe('accepted');
    expect(forced.forced).toBe(true);
    await expect.poll(() => total(), { timeout: 10_000 }).toBe(1);
    // Back to the set before: npm run import -- --rollback.
    const back = await rollbackImport({ root, dataDir: srv.dataDir });
    expect(back.ok).toBe(true);
    await expect.poll(() => live(), { timeout: 5_000 }).toBe(before.live);
    await expect.poll(() => total(), { timeout: 10_000 }).toBe(before.sale);
    expect(await listPageCount()).toBe(before.list);
  });

  it('the share is a setting of the site (listings.maxRemovedShare)', async () => {
    const { configCopy } = await import('../helpers/config.ts');
    const dir = configCopy(({ read, write }) => {
      const site = read('site.json');
      site.listings = { ...site.listings, maxRemovedShare: 0.9 };
      write('site.json', site);
    });
    const dataDir = tempDir('share-');
    expect((await importListingsData(fixture(), dataDir, { configDir: dir })).result).toBe('accepted');
    const feed = fixture();
    feed.properties = feed.properties.filter((p) => p.ID === 5001);
    expect((await importListingsData(feed, dataDir, { configDir: dir })).result).toBe('accepted');
  });
});

describe('rollback', () => {
  it('steps back one import at a time, from the first one to the shipped sample, and says when there is nothing left to go back to', async () => {
    const dataDir = tempDir('rollback-');
    const nothing = await rollbackImport({ root, dataDir });
    expect(!nothing.ok && nothing.reason).toBe('no import is live: the site shows the sample listings shipped with it');
    const a = await importListingsData(fixture(), dataDir);
    const b = await importListingsData(withProperty(fixture(), 5101), dataDir);
    const c = await importListingsData(withProperty(withProperty(fixture(), 5101), 5102), dataDir);
    const state = () => JSON.parse(readFileSync(join(dataDir, 'listings', 'state.json'), 'utf8'));
    expect(state().live).toBe(c.id);
    expect((await rollbackImport({ root, dataDir })).ok).toBe(true);
    expect(state().live).toBe(b.id);
    expect((await rollbackImport({ root, dataDir })).ok).toBe(true);
    expect(state().live).toBe(a.id);
    // The first import undone: what was live before it, the sample, is live again.
    const first = await rollbackImport({ root, dataDir });
    expect(first.ok && first.entry).toMatchObject({ result: 'restored', code: 'restoredSample' });
    expect(state().live).toBeNull();
    const none = await rollbackImport({ root, dataDir });
    expect(!none.ok && none.code).toBe('undoSample');
    expect(state().live).toBeNull();
  });

  it('keeps the last five accepted imports', async () => {
    const dataDir = tempDir('keep-');
    for (let i = 0; i < 7; i++) await importListingsData(withProperty(fixture(), 5200 + i), dataDir);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(join(dataDir, 'listings', 'sets')).filter((f) => f.endsWith('.ndjson'))).toHaveLength(5);
    for (let i = 0; i < 4; i++) expect((await rollbackImport({ root, dataDir })).ok).toBe(true);
    const none = await rollbackImport({ root, dataDir });
    expect(!none.ok && none.reason).toBe('no earlier import is kept (the last 5 are), so there is nothing to go back to');
  });
});

describe('search alerts after imports', () => {
  it('mail a property that is really new, never one that comes back after a rollback or a refused import', async () => {
    const smtp = await startSmtp();
    const dataDir = tempDir('alerts-');
    expect((await importListingsData(fixture(), dataDir)).result).toBe('accepted');
    const own = await startTestServer({ dataDir, smtpUrl: smtp.url, outboxRetryMs: 100 });
    try {
      const demand = {
        lang: 'fr',
        ...signedToken(),
        website: '',
        goal: 'sale',
        types: ['3'],
        cities: ['1030'],
        maxPrice: 600000,
        firstName: 'Lucie',
        lastName: 'Martin',
        email: 'lucie.martin@example.be',
      };
      const r = await fetch(`${own.url}/api/forms/demand-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demand),
      });
      expect(r.status).toBe(201);
      const alerts = () => smtp.received.filter((m) => JSON.stringify(m.to).includes('lucie.martin@example.be') && m.text?.includes('/5301/'));
      // A new apartment in Schaerbeek: one alert.
      expect((await importListingsData(withProperty(fixture(), 5301), dataDir)).result).toBe('accepted');
      await expect.poll(() => alerts().length, { timeout: 15_000 }).toBe(1);
      // Rolled back (5301 gone), then the same feed again: 5301 comes back, and is not news.
      expect((await rollbackImport({ root, dataDir })).ok).toBe(true);
      await expect.poll(() => total('sale', own), { timeout: 10_000 }).toBe(3);
      expect((await importListingsData(withProperty(fixture(), 5301), dataDir)).result).toBe('accepted');
      await expect.poll(() => total('sale', own), { timeout: 10_000 }).toBe(4);
      // A refused import (it drops most listings) changes nothing and announces nothing.
      const small = withProperty({ ...fixture(), properties: [] }, 5302);
      expect((await importListingsData(small, dataDir)).result).toBe('refused');
      // A property new after all that is announced (and proves the alerts still run).
      expect((await importListingsData(withProperty(withProperty(fixture(), 5301), 5303), dataDir)).result).toBe('accepted');
      await expect.poll(() => smtp.received.filter((m) => m.text?.includes('/5303/')).length, { timeout: 15_000 }).toBe(1);
      expect(alerts()).toHaveLength(1);
      expect(smtp.received.filter((m) => m.text?.includes('/5302/'))).toHaveLength(0);
    } finally {
      await own.close();
      await smtp.close();
    }
  });
});

/** A CRM's feed endpoint: ETag and Last-Modified, 304 for an unchanged feed, an Authorization check. */
function feedServer() {
  let body = JSON.stringify(fixture());
  let version = 1;
  const requests: Array<{ auth?: string; inm?: string; ims?: string; status: number }> = [];
  let down = false;
  const server: Server = createServer((req, res) => {
    const etag = `"v${version}"`;
    const lastModified = new Date(Date.UTC(2026, 10, 1, 6, version)).toUTCString();
    const rec = { auth: req.headers.authorization, inm: req.headers['if-none-match'], ims: req.headers['if-modified-since'], status: 200 };
    requests.push(rec);
    if (down) {
      rec.status = 503;
      res.writeHead(503).end('maintenance');
    } else if (req.headers.authorization !== 'Bearer feed-key-123') {
      rec.status = 401;
      res.writeHead(401).end();
    } else if (req.headers['if-none-match'] === etag) {
      rec.status = 304;
      res.writeHead(304, { ETag: etag }).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json', ETag: etag, 'Last-Modified': lastModified }).end(body);
    }
  });
  return {
    requests,
    set(feed: unknown) {
      body = JSON.stringify(feed);
      version++;
    },
    setDown(d: boolean) {
      down = d;
    },
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/export/preloaded.json?key=secret`)),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the scheduled sync (LISTINGS_URL)', () => {
  const feed = feedServer();
  let own: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Awaited<ReturnType<typeof staffSession>>;
  beforeAll(async () => {
    const url = await feed.listen();
    own = await startTestServer({ listingsSync: { url, auth: 'Bearer feed-key-123', minutes: 15 } });
    admin = await staffSession(own.url, own.dataDir, 'admin');
  });
  afterAll(async () => {
    await own.close();
    await feed.close();
  });

  it('fetches the feed soon after start, then asks again with its ETag and ignores an unchanged feed (304)', async () => {
    await expect.poll(() => total('sale', own), { timeout: 20_000 }).toBe(3);
    expect(feed.requests[0]).toMatchObject({ auth: 'Bearer feed-key-123', inm: undefined, status: 200 });
    const liveBefore = await live(own);
    const r = await admin.req('POST', '/api/admin/listings/sync');
    expect(r.status).toBe(200);
    expect(r.json.outcome.result).toBe('unchanged');
    expect(feed.requests.at(-1)).toMatchObject({ inm: '"v1"', status: 304 });
    expect(await live(own)).toBe(liveBefore);
    // Asked for by staff, an unchanged sync is kept in the history with who asked and when.
    expect(r.json.outcome.entry).toMatchObject({ result: 'unchanged', trigger: 'sync', by: admin.username, who: admin.username });
    expect(r.json.entries[0]).toMatchObject({ result: 'unchanged', by: admin.username });
    expect(r.json.sync).toMatchObject({
      configured: true,
      result: 'unchanged',
      minutes: 15,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/export\/preloaded\.json\?…$/),
    });
  });

  it('picks up a changed feed through the same checks as a file', async () => {
    feed.set(withProperty(fixture(), 5401));
    const r = await admin.req('POST', '/api/admin/listings/sync');
    expect(r.json.outcome.result).toBe('accepted');
    expect(r.json.outcome.entry).toMatchObject({ trigger: 'sync', by: admin.username, added: 1, removed: { count: 0 } });
    expect(await total('sale', own)).toBe(4);
    // A feed that drops most listings is refused; staff see why and may publish it anyway.
    const small = fixture();
    small.properties = small.properties.filter((p) => p.ID === 5001);
    feed.set(small);
    const refused = await admin.req('POST', '/api/admin/listings/sync');
    expect(refused.json.outcome.result).toBe('refused');
    expect(refused.json.refusedSet).toBe(refused.json.outcome.entry.id);
    expect(await total('sale', own)).toBe(4);
    const overview = (await admin.req('GET', '/api/admin/listings')).json;
    expect(overview.entries[0]).toMatchObject({ result: 'refused', trigger: 'sync', reason: expect.stringContaining('would take 7 of the 8 properties') });
    const problems = (await admin.req('GET', `/api/admin/listings/imports/${overview.entries[1].id}`)).json.problems;
    expect(problems.some((p: { reason: string }) => p.reason.includes('Goal is missing') || p.reason.startsWith('is missing'))).toBe(true);
    const published = await admin.req('POST', `/api/admin/listings/publish/${refused.json.outcome.entry.id}`);
    expect(published.status).toBe(200);
    expect(await total('sale', own)).toBe(1);
    const back = await admin.req('POST', '/api/admin/listings/rollback');
    expect(back.status).toBe(200);
    expect(await total('sale', own)).toBe(4);
  });

  it('records a feed that is down as a failed sync and keeps the listings', async () => {
    feed.setDown(true);
    const r = await admin.req('POST', '/api/admin/listings/sync');
    expect(r.json.outcome.result).toBe('failed');
    expect(r.json.outcome.entry.reason).toBe('the feed answered HTTP 503 Service Unavailable');
    const again = await admin.req('POST', '/api/admin/listings/sync');
    expect(again.json.entries[0]).toMatchObject({ result: 'failed', repeated: 2 });
    expect(await total('sale', own)).toBe(4);
    feed.setDown(false);
  });

  it('is for admins only, and refuses anonymous visitors', async () => {
    const editor = await staffSession(own.url, own.dataDir, 'editor');
    expect((await editor.req('GET', '/api/admin/listings')).status).toBe(403);
    expect((await editor.req('POST', '/api/admin/listings/rollback')).status).toBe(403);
    expect((await fetch(`${own.url}/api/admin/listings`)).status).toBe(401);
  });
});

describe('without LISTINGS_URL', () => {
  it('says that no feed is set up when staff ask for a sync', async () => {
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    const r = await admin.req('POST', '/api/admin/listings/sync');
    expect(r.status).toBe(409);
    // The host's words for the log; the editor says it from the code, without the setting's name.
    expect(r.json.error).toMatch(/LISTINGS_URL/);
    expect(r.json.code).toBe('noFeed');
    expect((await admin.req('GET', '/api/admin/listings')).json.sync).toEqual({ configured: false });
  });
});
