/**
 * The listings from the editor, as an agency's admin works them without a command line: a CRM
 * export uploaded (JSON or gzip), files that are not one, a file past the size bound, two uploads at
 * once, a feed that would take most properties off the site refused and then published anyway, and
 * every import undone down to the sample shipped with the site. Each action is in the history with
 * who did it (by name) and when; editors are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { root } from '../helpers/config.ts';
import { StaffClient, staffSession } from '../helpers/client.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';

const LIMIT_MB = 4;
type Feed = { properties: Array<Record<string, unknown>>; [k: string]: unknown };
const fixtureText = readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8');
const fixture = (): Feed => JSON.parse(fixtureText);

let srv: Awaited<ReturnType<typeof startTestServer>>;
let admin: StaffClient & { username: string; name: string };
let sampleSale = 0;
const total = async () => (await (await fetch(`${srv.url}/api/properties?lang=fr&goal=sale`)).json()).total as number;
const overview = async () => (await admin.req('GET', '/api/admin/listings')).json;

/** An admin with a name on their account, as `npm run staff -- add … --name` makes one, logged in. */
async function namedAdmin(name: string) {
  const username = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${Date.now()}@atrium.example`;
  await addStaff(StaffAccounts.inDataDir(srv.dataDir), { username, password: 'a long staff password', role: 'admin', name });
  const c = new StaffClient(srv.url) as StaffClient & { username: string; name: string };
  Object.assign(c, { username, name });
  expect((await c.login(username, 'a long staff password')).status).toBe(200);
  return c;
}

/** Sends a file as the editor does: its bytes as the body, its name in the query string. */
async function upload(c: StaffClient, body: Buffer | string, name = 'export.json', type = 'application/json') {
  const r = await fetch(`${srv.url}/api/admin/listings/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { cookie: c.cookie, 'x-csrf-token': c.csrf, 'content-type': type },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: r.status, json: await r.json() };
}

/**
 * A body sent piece by piece with node:http, as a slow or endless client sends it: `pull` counts
 * the bytes the server let through before it answered.
 */
function streamUpload(c: StaffClient, o: { length?: number; chunk: Buffer; stopAfter?: number }) {
  let sent = 0;
  let paused: (() => void) | undefined;
  let gate = Promise.resolve();
  const u = new URL(`${srv.url}/api/admin/listings/upload?name=big.json`);
  const req = request({
    host: u.hostname,
    port: u.port,
    path: u.pathname + u.search,
    method: 'POST',
    headers: {
      cookie: c.cookie,
      'x-csrf-token': c.csrf,
      'content-type': 'application/json',
      ...(o.length !== undefined ? { 'content-length': String(o.length) } : {}),
    },
  });
  const answer = new Promise<{ status: number; json: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  let answered = false;
  void answer.then(
    () => (answered = true),
    () => (answered = true),
  );
  const pump = async () => {
    while (!answered && (o.stopAfter === undefined || sent < o.stopAfter)) {
      await gate;
      if (req.destroyed) break;
      sent += o.chunk.length;
      if (!req.write(o.chunk))
        await new Promise<void>((r) => {
          const done = () => {
            req.off('drain', done).off('close', done);
            r();
          };
          req.on('drain', done).on('close', done);
        });
    }
  };
  const pumping = pump().catch(() => undefined);
  return {
    answer,
    sent: () => sent,
    pumping,
    /** Sends the rest and ends the request. */
    finish: async (rest: Buffer) => {
      await pumping;
      req.end(rest);
      return answer;
    },
    hold: () => (gate = new Promise((r) => (paused = r))),
    release: () => paused?.(),
    destroy: () => req.destroy(),
  };
}

beforeAll(async () => {
  // A small limit of the test's own (LISTINGS_MAX_MB is 100 by default): the refusal is the same.
  srv = await startTestServer({ listingsMaxBytes: LIMIT_MB * 2 ** 20 });
  admin = await namedAdmin('Inès Dubois');
  sampleSale = await total();
});
afterAll(() => srv.close());

describe('an admin uploads the CRM export in the editor', () => {
  it('imports it by the same rules as npm run import, answers with the report and keeps who did it and when', async () => {
    const before = Date.now();
    const r = await upload(admin, fixtureText, 'Export Whise 2026-11-21.json');
    expect(r.status).toBe(200);
    expect(r.json.outcome.result).toBe('accepted');
    expect(r.json.outcome.entry).toMatchObject({
      trigger: 'upload',
      source: 'Export Whise 2026-11-21.json',
      by: admin.username,
      who: 'Inès Dubois',
      counts: { properties: 7, projects: 2, refusedRecords: 4 },
      problemCount: 9, // 8 of its records and the note on the fields the site does not use
    });
    expect(Date.parse(r.json.outcome.entry.at)).toBeGreaterThanOrEqual(before - 1000);
    // The sample is replaced: the site shows the agency's three properties on offer for sale (the sold one keeps its page, off the list) at once.
    expect(await total()).toBe(3);
    expect(r.json.live).toMatchObject({ sample: false, properties: 7, projects: 2 });
    // Undo is possible and brings back what was live before: the shipped sample.
    expect(r.json.undo).toEqual({ possible: true, to: 'sample' });
    // Its problems, each with a code the editor words in its language; no pointer needed to read them.
    const problems = (await admin.req('GET', `/api/admin/listings/imports/${r.json.outcome.entry.id}`)).json.problems;
    expect(problems.map((p: { code: string }) => p.code)).toEqual([
      'unknownFields',
      'max',
      'needGoal',
      'needGoal',
      'hasNo',
      'needLanguage',
      'needID',
      'partlyKept',
      'partlyKept',
    ]);
    expect(problems[0]).toMatchObject({ kind: 'file', action: 'note', params: { names: expect.stringContaining('OmnicasaOfficeID') } });
    expect(problems[1]).toMatchObject({ id: '5002', lang: 'fr', params: { value: '250.8', limit: 90 }, action: 'left out' });
    // The site names the fields for its visitors: the editor says them the same way.
    expect(problems.find((p: { field: string }) => p.field === '/Goal').fieldLabels).toEqual({
      nl: expect.any(String),
      fr: expect.any(String),
      en: expect.any(String),
    });
  });

  it('takes a gzipped export as CRMs send it', async () => {
    const feed = fixture();
    feed.properties = feed.properties.filter((p) => p.ID !== 5007);
    const r = await upload(admin, gzipSync(JSON.stringify(feed)), 'export.json.gz', 'application/gzip');
    expect(r.status).toBe(200);
    expect(r.json.outcome.entry).toMatchObject({ result: 'accepted', source: 'export.json.gz', removed: { count: 1, of: 7 } });
    // The file's name is only shown: a path is cut to its name, and a name to 120 characters.
    const named = await upload(admin, gzipSync(JSON.stringify(feed)), `C:\\Users\\ines\\${'é'.repeat(300)}.json.gz`, 'application/gzip');
    expect(named.json.outcome.entry.source).toBe('é'.repeat(120));
    expect(await total()).toBe(2);
  });

  it.each([
    ['a text that is not JSON', 'ID;Goal;Price\n5001;0;325000\n', 'notJson', { kind: 'text' }],
    ['a PDF', Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), Buffer.alloc(2000, 7)]), 'notJson', { kind: 'pdf' }],
    ['broken JSON', '{"properties": [ {"ID": 1,', 'badJson', { line: 1, column: 27 }],
    ['an empty object', '{}', 'notFeed', undefined],
    ['an empty file', '', 'empty', undefined],
    ['a damaged gzip file', Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]), 'packedBroken', undefined],
  ])('refuses %s with a sentence and a 422, and the site keeps its listings', async (_, body, code, params) => {
    const live = (await overview()).live;
    const r = await upload(admin, body as string | Buffer, 'listings.json');
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ code, outcome: { result: 'failed', entry: { who: 'Inès Dubois', code } } });
    if (params) expect(r.json.params).toEqual(params);
    expect(r.json.error).toMatch(/^Not imported: /);
    expect(r.json.live).toEqual(live);
    expect(await total()).toBe(2);
  });

  it(`refuses a file past the limit (${LIMIT_MB} MB here) with 413 and a sentence naming it, before reading it all, declared or not`, async () => {
    const entries = (await overview()).entries.length;
    const chunk = Buffer.alloc(1 << 20, 0x20);
    // Declared: answered at once, nothing read.
    const declared = streamUpload(admin, { length: (LIMIT_MB + 1) * 2 ** 20, chunk });
    const a = await declared.answer;
    declared.destroy();
    expect(a.status).toBe(413);
    expect(a.json).toMatchObject({ code: 'uploadTooLarge', params: { mb: LIMIT_MB } });
    expect(a.json.error).toMatch(new RegExp(`larger than ${LIMIT_MB} MB, the limit set by LISTINGS_MAX_MB`));
    // Sent without a length (chunked), 400 MB of it: refused once the limit has arrived; the rest is never sent.
    const endless = streamUpload(admin, { chunk, stopAfter: 400 * 2 ** 20 });
    const b = await endless.answer;
    endless.destroy();
    await endless.pumping;
    expect(b.status).toBe(413);
    expect(b.json.code).toBe('uploadTooLarge');
    expect(endless.sent()).toBeGreaterThan(LIMIT_MB * 2 ** 20);
    expect(endless.sent()).toBeLessThan((LIMIT_MB + 64) * 2 ** 20);
    // Nothing was imported or kept in the history; the next upload is taken.
    expect((await overview()).entries.length).toBe(entries);
    expect(await total()).toBe(2);
  });

  it('takes one upload at a time: a second one meanwhile is refused with who is uploading (409)', async () => {
    const other = await staffSession(srv.url, srv.dataDir, 'admin');
    const body = Buffer.from(fixtureText);
    const first = streamUpload(admin, { length: body.length, chunk: body.subarray(0, 1000), stopAfter: 1000 });
    await first.pumping;
    await expect.poll(async () => (await overview()).busy, { timeout: 10_000 }).toMatchObject({ what: 'upload', who: 'Inès Dubois' });
    const second = await upload(other, fixtureText);
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ code: 'busy', params: { what: 'upload', by: admin.username } });
    // Undo waits too.
    expect((await other.req('POST', '/api/admin/listings/rollback')).status).toBe(409);
    const done = await first.finish(body.subarray(1000));
    expect(done.status).toBe(200);
    expect(done.json.outcome.result).toBe('accepted');
    expect(done.json.busy).toBeNull();
    expect(await total()).toBe(3);
  });
});

describe('a feed that would take most properties off the site', () => {
  it('is refused with what it would remove, published anyway after confirmation, and undone', async () => {
    const small = fixture();
    small.properties = small.properties.filter((p) => p.ID === 5001);
    const r = await upload(admin, JSON.stringify(small), 'half-export.json');
    expect(r.status).toBe(200);
    expect(r.json.outcome.entry).toMatchObject({ result: 'refused', code: 'tooManyRemoved', params: { count: 6, of: 7, max: 0.5 } });
    expect(await total()).toBe(3);
    // What the confirmation names: how many leave the site, and which (by their titles).
    expect(r.json.refused.entry.id).toBe(r.json.refusedSet);
    expect(r.json.refused.removal).toMatchObject({ count: 6, of: 7 });
    expect(r.json.refused.removal.examples).toHaveLength(6);
    expect(r.json.refused.removal.examples.map((e: { id: number }) => e.id)).toEqual([5002, 5003, 5004, 5006, 5007, 5008]);
    expect(r.json.refused.removal.examples[0].title.fr).toMatch(/Uccle/);

    const published = await admin.req('POST', `/api/admin/listings/publish/${r.json.refusedSet}`);
    expect(published.status).toBe(200);
    expect(published.json.outcome.entry).toMatchObject({ result: 'restored', code: 'publishedRefused', by: admin.username, who: 'Inès Dubois', forced: true });
    expect(published.json.refused).toBeNull();
    expect(await total()).toBe(1);
    // Published once, it cannot be published twice.
    const again = await admin.req('POST', `/api/admin/listings/publish/${r.json.refusedSet}`);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('refusedGone');
  });
});

describe('undo', () => {
  it('steps back through every import, the first one included, to the sample shipped with the site', async () => {
    const seen: number[] = [];
    for (;;) {
      const o = await overview();
      if (!o.undo.possible) {
        // Nothing left: the screen says why rather than greying the button out.
        expect(o.undo).toMatchObject({ possible: false, code: 'undoSample' });
        expect(o.live.sample).toBe(true);
        break;
      }
      const r = await admin.req('POST', '/api/admin/listings/rollback');
      expect(r.status).toBe(200);
      expect(r.json.outcome.entry).toMatchObject({ result: 'restored', by: admin.username, who: 'Inès Dubois' });
      seen.push(await total());
      expect(seen.length).toBeLessThan(10);
    }
    // 1 (published) → 4 (the upload before) → 3 and 3 (the gzipped ones) → 4 (the first upload) → the sample.
    expect(seen).toEqual([3, 2, 2, 3, sampleSale]);
    const o = await overview();
    expect(o.entries[0]).toMatchObject({ result: 'restored', code: 'restoredSample', who: 'Inès Dubois' });
    expect(o.live.since).toBe(o.entries[0].at);
    const none = await admin.req('POST', '/api/admin/listings/rollback');
    expect(none.status).toBe(409);
    expect(none.json.code).toBe('undoSample');
  });

  it('keeps every action in the history with who and when, by name where the account has one', async () => {
    const plain = await staffSession(srv.url, srv.dataDir, 'admin');
    expect((await upload(plain, fixtureText, 'crm.json')).status).toBe(200);
    const { entries } = await overview();
    expect(entries[0]).toMatchObject({ trigger: 'upload', by: plain.username, who: plain.username });
    const actions = entries.map((e: { trigger: string; result: string; code?: string }) => `${e.trigger} ${e.result}${e.code ? ` ${e.code}` : ''}`);
    expect(actions).toEqual([
      'upload accepted',
      'editor restored restoredSample',
      'editor restored restoredImport',
      'editor restored restoredImport',
      'editor restored restoredImport',
      'editor restored restoredImport',
      'editor restored publishedRefused',
      'upload refused tooManyRemoved',
      'upload accepted',
      'upload failed packedBroken',
      'upload failed empty',
      'upload failed notFeed',
      'upload failed badJson',
      'upload failed notJson',
      'upload failed notJson',
      'upload accepted',
      'upload accepted',
      'upload accepted',
    ]);
    for (const e of entries) {
      expect(e.by).toBeTruthy();
      expect(Number.isNaN(Date.parse(e.at))).toBe(false);
      // Never a path or an address on the screen: the file's name only.
      expect(e.source).not.toMatch(/\//);
    }
  });
});

describe('who may', () => {
  it('refuses editors (403) and anonymous visitors (401), before reading what they send', async () => {
    const editor = await staffSession(srv.url, srv.dataDir, 'editor');
    expect((await upload(editor, fixtureText)).status).toBe(403);
    expect((await editor.req('POST', '/api/admin/listings/rollback')).status).toBe(403);
    expect((await editor.req('POST', '/api/admin/listings/publish/x')).status).toBe(403);
    expect((await editor.req('POST', '/api/admin/listings/sync')).status).toBe(403);
    const anon = await fetch(`${srv.url}/api/admin/listings/upload`, { method: 'POST', body: fixtureText, headers: { 'content-type': 'application/json' } });
    expect(anon.status).toBe(401);
    expect((await overview()).entries[0].by).not.toBe(editor.username);
  });
});
