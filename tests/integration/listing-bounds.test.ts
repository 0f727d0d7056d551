/**
 * The audit's probe on each way a CRM export arrives — the editor's upload, the scheduled feed and
 * `npm run import` —: the sample plus one unknown field, written on the fly to a temp folder. Past
 * the size limit (a small one of the test's own, LISTINGS_MAX_MB is 100 MB by default) it is
 * refused before it is read, with a sentence naming the limit, and what was live stays live; within
 * it, it is imported with the unknown field left out of what is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { closeSync, openSync, readFileSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestServer } from '../helpers/server.ts';
import { root, tempDir } from '../helpers/config.ts';
import { staffSession } from '../helpers/client.ts';
import { importFile } from '../../server/main.ts';

const MB = 2 ** 20;
const LIMIT_MB = 4;
const sampleText = readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8');
const fixtureText = readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8');

/** `base` (a feed's text) with one unknown field of `mb` megabytes in its first property, as a real file. */
function probeFile(base: string, mb: number, field = 'AuditPayload'): string {
  const feed = JSON.parse(base);
  feed.properties[0][field] = '@@';
  const [a, b] = JSON.stringify(feed).split('"@@"');
  const file = join(tempDir('probe-'), 'crm.json');
  const fd = openSync(file, 'w');
  writeSync(fd, `${a}"`);
  const chunk = 'Z'.repeat(MB / 4);
  for (let i = 0; i < mb * 4; i++) writeSync(fd, chunk);
  writeSync(fd, `"${b}`);
  closeSync(fd);
  return file;
}

/** What the data folder stores of its live set: the set file's text. */
function liveSetText(dataDir: string): string {
  const state = JSON.parse(readFileSync(join(dataDir, 'listings', 'state.json'), 'utf8'));
  const sets = join(dataDir, 'listings', 'sets');
  const file = readdirSync(sets).find((f) => f.startsWith(state.live) && !f.endsWith('.ids.json'))!;
  return readFileSync(join(sets, file), 'utf8');
}

let srv: Awaited<ReturnType<typeof startTestServer>>;
let feedBody: Buffer = Buffer.from(fixtureText);
let feedVersion = 1;
const feedServer: Server = createServer((req, res) => {
  if (req.headers['if-none-match'] === `"v${feedVersion}"`) res.writeHead(304).end();
  else res.writeHead(200, { 'content-type': 'application/json', ETag: `"v${feedVersion}"` }).end(feedBody);
});
const total = async () => (await (await fetch(`${srv.url}/api/properties?lang=fr&goal=sale`)).json()).total as number;

beforeAll(async () => {
  await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/export.json`;
  srv = await startTestServer({ listingsSync: { url, minutes: 60 * 24 }, listingsMaxBytes: LIMIT_MB * MB });
  // The first sync (5 s after start) takes the fixture: the live set the probes must not lose.
  const admin = await staffSession(srv.url, srv.dataDir, 'admin');
  for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    const o = (await admin.req('GET', '/api/admin/listings')).json;
    if (o.entries.some((e: { result: string }) => e.result === 'accepted') && !o.busy && (await total()) === 3) break;
  }
  expect(await total()).toBe(3);
});
afterAll(async () => {
  await srv.close();
  await new Promise<void>((r) => feedServer.close(() => r()));
});

describe('the editor’s upload', () => {
  it(`past ${LIMIT_MB} MB: 413 with a sentence naming the limit, nothing imported, the live listings kept`, async () => {
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    const before = (await admin.req('GET', '/api/admin/listings')).json;
    const body = readFileSync(probeFile(sampleText, LIMIT_MB));
    const r = await fetch(`${srv.url}/api/admin/listings/upload?name=crm.json`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    expect(r.status).toBe(413);
    const json = await r.json();
    expect(json).toMatchObject({ code: 'uploadTooLarge', params: { mb: LIMIT_MB } });
    expect(json.error).toBe(
      `The file is larger than ${LIMIT_MB} MB, the limit set by LISTINGS_MAX_MB: nothing was imported. A CRM's export of the listings is a few MB; check that this is that file.`,
    );
    const after = (await admin.req('GET', '/api/admin/listings')).json;
    expect(after.live).toEqual(before.live);
    expect(after.entries.length).toBe(before.entries.length);
    expect(await total()).toBe(3);
  });

  it('within the limit: imported, the unknown field named in the report and not stored', async () => {
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    const body = readFileSync(probeFile(fixtureText, 1));
    const r = await fetch(`${srv.url}/api/admin/listings/upload?name=crm.json`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    expect(r.status).toBe(200);
    const json = await r.json();
    expect(json.outcome.result).toBe('accepted');
    const problems = (await admin.req('GET', `/api/admin/listings/imports/${json.outcome.entry.id}`)).json.problems;
    expect(problems[0]).toMatchObject({ code: 'unknownFields', params: { names: expect.stringContaining('AuditPayload') }, action: 'note' });
    const stored = liveSetText(srv.dataDir);
    expect(stored).not.toContain('AuditPayload');
    expect(stored).not.toContain('ZZZZZZZZ');
    expect(stored.length).toBeLessThan(MB);
  });
});

describe('the scheduled feed', () => {
  it('past the limit: the report says the limit, the previous listings stay live', async () => {
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    const liveBefore = (await admin.req('GET', '/api/admin/listings')).json.live;
    feedBody = readFileSync(probeFile(sampleText, LIMIT_MB));
    feedVersion++;
    const r = await admin.req('POST', '/api/admin/listings/sync');
    expect(r.json.outcome.result).toBe('failed');
    expect(r.json.outcome.entry).toMatchObject({ code: 'syncTooLarge', params: { mb: LIMIT_MB } });
    expect(r.json.outcome.entry.reason).toBe(
      `the feed is larger than ${LIMIT_MB} MB (the limit set by LISTINGS_MAX_MB): the listings on the site stay as they were`,
    );
    expect(r.json.live).toEqual(liveBefore);
    expect(await total()).toBe(3);
  });

  it('within the limit: imported with the unknown field left out', async () => {
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    feedBody = readFileSync(probeFile(fixtureText, 1, 'FeedPayload'));
    feedVersion++;
    const r = await admin.req('POST', '/api/admin/listings/sync');
    expect(r.json.outcome.result).toBe('accepted');
    expect(r.json.outcome.entry.problemCount).toBeGreaterThan(0);
    expect(liveSetText(srv.dataDir)).not.toContain('FeedPayload');
    expect(await total()).toBe(3);
  });
});

describe('npm run import', () => {
  it('past the limit: refused by the file’s size, the data folder’s live set unchanged', async () => {
    const dataDir = tempDir('cli-');
    const first = await importFile({ root, dataDir, file: probeFile(fixtureText, 0), maxBytes: LIMIT_MB * MB });
    expect(first.entry.result).toBe('accepted');
    const { entry } = await importFile({ root, dataDir, file: probeFile(sampleText, LIMIT_MB), maxBytes: LIMIT_MB * MB });
    expect(entry).toMatchObject({ result: 'failed', code: 'tooLarge', params: { mb: LIMIT_MB } });
    expect(entry.reason).toBe(`the file is larger than ${LIMIT_MB} MB (the limit set by LISTINGS_MAX_MB): nothing of it was imported`);
    const state = JSON.parse(readFileSync(join(dataDir, 'listings', 'state.json'), 'utf8'));
    expect(state.live).toBe(first.entry.id);
  });
});
