// The repository contract (server/storage/types.ts), run against both stores: the embedded store on
// a temporary data folder and PostgreSQL on a throwaway cluster (what only a shared database must
// hold: storage-contract-pg.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { rawSample, sampleListings } from '../helpers/listings.ts';
import { importFeed } from '../../server/listings/import.ts';
import { recentDrops } from '../../server/listings/price-history.ts';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { registry } from '../../modules/index.ts';
import { openFileStore, type OutboxMessage, type Store } from '../../server/storage/index.ts';
import type { ListingState } from '../../server/storage/listing-sets.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';
import { AUDIT_MAX_ENTRIES } from '../../shared/constants.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const openPg = async (url?: string, nodeTimeoutMs?: number) =>
  openPgStore({ url: url ?? (await pg.database()), nodeTimeoutMs }, { localDir: tempDir('pg-local-') });
const stores: Array<[string, () => Promise<Store>]> = [
  ['embedded store', () => openFileStore(tempDir('contract-'))],
  ['PostgreSQL', () => openPg()],
];

import { lead, mail } from '../helpers/store-fixtures.ts';

describe.each(stores)('%s', (_name, open) => {
  let s: Store;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('stores requests and finds them newest first, by every query field, in pages', async () => {
    const same = '2026-11-02T10:00:00.000Z';
    const a = lead({ kind: 'contact', propertyId: 4101, createdAt: same, fields: { email: 'Jan.Peeters@Example.be', image: { file: 'p1.jpg' } } });
    const b = lead({ kind: 'contact', propertyId: 4102, createdAt: same, lang: 'nl', handled: true });
    const c = lead({ kind: 'testimonial', status: 'pending', review: 'rev-tok', createdAt: '2026-11-03T08:00:00.000Z' });
    const d = lead({ kind: 'demand-register', alert: { token: 'al-tok', active: true }, createdAt: '2026-10-30T08:00:00.000Z' });
    const e = lead({
      kind: 'contact-appointment',
      appointment: { slot: '2026-12-01T10:00', start: '2026-12-01T09:00:00.000Z', minutes: 45, status: 'confirmed' },
    });
    for (const x of [a, b, c, d]) expect(await s.leads.add(x, [mail(x.id, 'agency')])).toBe('added');
    expect(await s.leads.add(e, [], { slot: '2026-12-01T10:00' })).toBe('added');
    expect(await s.leads.get(a.id)).toEqual(a);
    const all = await s.leads.find();
    expect(all.total).toBe(5);
    // Newest first; of two at the same time, the later arrival first.
    expect(all.items.map((x) => x.id).slice(0, 3)).toEqual([c.id, b.id, a.id]);
    expect((await s.leads.find({}, { offset: 1, limit: 2 })).items.map((x) => x.id)).toEqual([b.id, a.id]);
    expect((await s.leads.find({ kind: ['contact', 'testimonial'] })).total).toBe(3);
    expect((await s.leads.find({ propertyIds: [4102] })).items.map((x) => x.id)).toEqual([b.id]);
    expect((await s.leads.find({ lang: 'nl', handled: true })).items.map((x) => x.id)).toEqual([b.id]);
    expect((await s.leads.find({ field: { name: 'email', value: 'jan.peeters@example.BE' } })).items.map((x) => x.id)).toEqual([a.id]);
    expect((await s.leads.find({ reviewToken: 'rev-tok', status: 'pending' })).items.map((x) => x.id)).toEqual([c.id]);
    expect((await s.leads.find({ alertToken: 'al-tok', alertActive: true })).items.map((x) => x.id)).toEqual([d.id]);
    expect((await s.leads.find({ imageFile: 'p1.jpg' })).items.map((x) => x.id)).toEqual([a.id]);
    expect((await s.leads.find({ withAppointment: true })).items.map((x) => x.id)).toEqual([e.id]);
    expect(await s.leads.countByKind({ kind: 'contact' })).toEqual({ contact: 2, testimonial: 1, 'demand-register': 1, 'contact-appointment': 1 });
    expect(await s.leads.bookedSlots()).toEqual(new Set(['2026-12-01T10:00']));
    expect(await s.leads.add(lead(), [], { slot: '2026-12-01T10:00' })).toBe('slotTaken');
    // A change; a key set to undefined is removed.
    const changed = await s.leads.update(c.id, { status: 'published', review: undefined, reviewedBy: 'eva.editor@atrium-immo.be' });
    expect(changed).toMatchObject({ status: 'published', reviewedBy: 'eva.editor@atrium-immo.be' });
    expect(changed).not.toHaveProperty('review');
    expect((await s.leads.get(c.id))?.review).toBeUndefined();
    expect((await s.leads.find({ status: 'published' })).total).toBe(1);
    expect(await s.leads.update('nobody', { status: 'x' })).toBeUndefined();
    await s.leads.quarantine({ at: '2026-11-01', fields: { website: 'http://spam.example' } });
    expect(await s.leads.quarantined()).toEqual([{ at: '2026-11-01', fields: { website: 'http://spam.example' } }]);
  });

  it('queues, claims, marks and counts mails', async () => {
    const x = lead();
    await s.leads.add(x, [mail(x.id, 'agency'), mail(x.id, 'visitor')]);
    const loose = mail('alert-1', 'alert', { id: 'demand-1-alert-v2', leadId: undefined });
    expect(await s.outbox.enqueue([loose, loose])).toBe(1);
    expect(await s.outbox.enqueue([loose])).toBe(0);
    expect(await s.outbox.has('demand-1-alert-v2')).toBe(true);
    const now = Date.now();
    const taken = await s.outbox.claim(now, 100, 60_000);
    expect(taken.map((m) => m.id)).toEqual(expect.arrayContaining([`${x.id}-agency`, `${x.id}-visitor`, 'demand-1-alert-v2']));
    expect(await s.outbox.claim(now, 100, 60_000)).toEqual([]);
    await s.outbox.markSent(`${x.id}-agency`, '2026-11-01T10:00:00.000Z');
    await s.outbox.markFailed(`${x.id}-visitor`, 1, now + 5_000, '451 Try again later');
    const mails = await s.outbox.forLead(x.id);
    const sent = mails.find((m) => m.id.endsWith('agency'))!;
    expect(sent).toMatchObject({ sentAt: '2026-11-01T10:00:00.000Z', subject: 'Demande de contact – Zoë' });
    expect(sent.text).toBeUndefined();
    expect(mails.find((m) => m.id.endsWith('visitor'))).toMatchObject({
      attempts: 1,
      nextAttemptAt: now + 5_000,
      lastError: '451 Try again later',
      text: 'Bonjour',
    });
    // A failed mail is due again at its time; a lease that ran out frees a claim.
    const ours = (ms: OutboxMessage[]) => ms.map((m) => m.id).filter((id) => id.startsWith(x.id) || id.startsWith('demand-1'));
    expect(ours(await s.outbox.claim(now + 6_000, 100, 60_000))).toEqual([`${x.id}-visitor`]);
    expect(ours(await s.outbox.claim(now + 120_000, 100, 60_000)).sort()).toEqual(['demand-1-alert-v2', `${x.id}-visitor`].sort());
    const counts = await s.outbox.counts();
    expect(counts.sent).toBeGreaterThanOrEqual(1);
    expect(counts.waiting).toBeGreaterThanOrEqual(2);
  });

  it('appends revisions in order, refuses a stale one, gives what came since', async () => {
    const r = (rev: number) => ({
      key: 'footer',
      rev,
      at: new Date().toISOString(),
      by: 'eva',
      summary: 'copyright/fr',
      data: { copyright: { fr: `© ${rev}` } },
      published: true,
    });
    expect(await s.revisions.append(r(1), 0)).toBe(true);
    expect(await s.revisions.append(r(2), 1)).toBe(true);
    expect(await s.revisions.append(r(2), 1)).toBe(false);
    expect((await s.revisions.all()).map((x) => x.rev)).toEqual([1, 2]);
    expect((await s.revisions.since(1)).map((x) => x.data)).toEqual([{ copyright: { fr: '© 2' } }]);
    await s.revisions.recordSeed('abc');
    await s.revisions.recordSeed('abc');
    await s.revisions.recordSeed('def');
    expect((await s.revisions.seeds()).map((x) => x.version)).toEqual(['abc', 'def']);
  });

  it('keeps live sessions, ends a person’s others', async () => {
    const later = Date.now() + 60_000;
    await s.sessions.set('h1', { data: { ownerId: 'o1' }, expires: later, person: 'owner:o1' });
    await s.sessions.set('h2', { data: { ownerId: 'o1' }, expires: later, person: 'owner:o1' });
    await s.sessions.set('old', { data: { staffId: 's1' }, expires: Date.now() - 1, person: 'staff:s1' });
    expect(await s.sessions.get('h1')).toEqual({ data: { ownerId: 'o1' }, expires: later, person: 'owner:o1' });
    expect(await s.sessions.get('old')).toBeUndefined();
    await s.sessions.destroyPerson('owner:o1', 'h2');
    expect(await s.sessions.get('h1')).toBeUndefined();
    expect(await s.sessions.get('h2')).toBeDefined();
    await s.sessions.destroy('h2');
    expect(await s.sessions.get('h2')).toBeUndefined();
  });

  it('keeps accounts with unique usernames, view counts, counters, media, secrets and blobs', async () => {
    expect(await s.owners.insert({ id: 'o1', username: 'marie.dubois@example.be' })).toBe(true);
    expect(await s.owners.insert({ id: 'o2', username: 'marie.dubois@example.be' })).toBe(false);
    expect(await s.staff.insert({ id: 's1', username: 'marie.dubois@example.be' })).toBe(true);
    expect(await s.owners.update('o1', (a) => Object.assign(a, { lang: 'fr' }))).toEqual({ id: 'o1', username: 'marie.dubois@example.be', lang: 'fr' });
    expect(await s.owners.byUsername('marie.dubois@example.be')).toMatchObject({ lang: 'fr' });
    expect(await s.owners.update('nobody', () => {})).toBeUndefined();
    expect((await s.owners.all()).map((a) => a.id)).toEqual(['o1']);
    await s.stats.add(new Map([[4101, new Map([['2026-11-01', 3]])]]));
    await Promise.all([
      s.stats.add(
        new Map([
          [
            4101,
            new Map([
              ['2026-11-01', 2],
              ['2026-11-02', 1],
            ]),
          ],
        ]),
      ),
      s.stats.add(new Map([[4101, new Map([['2026-11-02', 4]])]])),
    ]);
    expect(await s.stats.days(4101)).toEqual({ '2026-11-01': 5, '2026-11-02': 5 });
    expect((await s.counters.hit('form:1.2.3.4', 60_000)).count).toBe(1);
    expect((await s.counters.hit('form:1.2.3.4', 60_000)).count).toBe(2);
    expect(await s.counters.fail('login:marie', 60_000)).toBe(1);
    expect(await s.counters.fail('login:marie', 60_000)).toBe(2);
    await s.counters.undo('login:marie');
    expect(await s.counters.fail('login:marie', 60_000)).toBe(2);
    await s.counters.clear('login:marie');
    expect(await s.counters.fail('login:marie', 60_000)).toBe(1);
    const item = {
      id: 'm1',
      file: 'm1.jpg',
      name: 'façade.jpg',
      type: 'image/jpeg',
      width: 1600,
      height: 1067,
      bytes: 123456,
      uploadedAt: '2026-11-01T10:00:00.000Z',
      by: 'eva',
    };
    await s.media.add(item);
    expect(await s.media.all()).toEqual([item]);
    expect(await s.media.get('m1')).toEqual(item);
    // Changes land key by key: two at once both stay; a key set to undefined goes; the id never changes.
    await Promise.all([s.media.update('m1', { alt: { fr: 'La façade', nl: 'De gevel' } }), s.media.update('m1', { name: 'Façade rue Haute' })]);
    expect(await s.media.get('m1')).toEqual({ ...item, name: 'Façade rue Haute', alt: { fr: 'La façade', nl: 'De gevel' } });
    const trashed = await s.media.update('m1', { deletedAt: '2026-11-02T10:00:00.000Z', deletedBy: 'eva', id: 'other' });
    expect(trashed).toMatchObject({ id: 'm1', deletedAt: '2026-11-02T10:00:00.000Z', deletedBy: 'eva' });
    const restored = await s.media.update('m1', { deletedAt: undefined, deletedBy: undefined });
    expect(restored).toEqual({ ...item, name: 'Façade rue Haute', alt: { fr: 'La façade', nl: 'De gevel' } });
    expect(await s.media.get('m1')).toEqual(restored);
    expect(await s.media.update('nobody', { name: 'x' })).toBeUndefined();
    await s.media.add({ ...item, id: 'm2', file: 'm2.jpg' });
    expect(await s.media.remove('m1')).toBe(true);
    expect(await s.media.remove('m1')).toBe(false);
    expect((await s.media.all()).map((m) => m.id)).toEqual(['m2']);
    // Scratch files: streamed into, read from their path, gone once removed.
    const part = await s.scratch.create();
    part.stream.end(Buffer.alloc(300_000, 9));
    await new Promise((r) => part.stream.once('finish', r));
    expect(readFileSync(part.path).length).toBe(300_000);
    const other = await s.scratch.create();
    expect(other.path).not.toBe(part.path);
    await Promise.all([part.remove(), other.remove()]);
    expect([existsSync(part.path), existsSync(other.path)]).toEqual([false, false]);
    const key = await s.secrets.secret('forms');
    expect(key).toHaveLength(32);
    expect(await s.secrets.secret('forms')).toEqual(key);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 255, 0]), Buffer.alloc(70_000, 7)]);
    await s.uploads.put('cv/3f2a9c.pdf', pdf);
    expect(await s.uploads.get('cv/3f2a9c.pdf')).toEqual(pdf);
    const streamed = await s.uploads.stream('cv/3f2a9c.pdf');
    const chunks: Buffer[] = [];
    for await (const c of streamed!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(pdf);
    expect(streamed!.size).toBe(pdf.length);
    expect((await s.uploads.list('cv')).map((b) => [b.key, b.size])).toEqual([['cv/3f2a9c.pdf', pdf.length]]);
    await s.uploads.remove('cv/3f2a9c.pdf');
    expect(await s.uploads.has('cv/3f2a9c.pdf')).toBe(false);
    expect(await s.uploads.get('cv/none.pdf')).toBeUndefined();
    await expect(s.uploads.put('../secrets.json', pdf)).rejects.toThrow(/outside its store/);
  });

  it(`keeps the newest ${AUDIT_MAX_ENTRIES} audit entries, newest first, by action, each id once`, async () => {
    const entry = (i: number, action = 'staff.role') => ({
      id: `a${i}`,
      at: new Date(Date.UTC(2026, 10, 1, 9, 0, i)).toISOString(),
      by: 'adam@atrium-immo.be',
      action,
      target: `p${i}@atrium-immo.be`,
      details: { from: 'editor', to: 'admin' },
    });
    expect(await s.audit.add(entry(0, 'listings.import'))).toBe(true);
    expect(await s.audit.add(entry(0))).toBe(false); // its id is there: a second copy is skipped
    // Past the bound by 5: one by one, then in bursts (the file store writes a burst once; their order among themselves is the store's), then one by one.
    const one = async (from: number, to: number) => {
      for (let i = from; i <= to; i++) expect(await s.audit.add(entry(i))).toBe(true);
    };
    await one(1, 5);
    for (let i = 6; i < AUDIT_MAX_ENTRIES; i += 100)
      expect(await Promise.all(Array.from({ length: Math.min(100, AUDIT_MAX_ENTRIES - i) }, (_, k) => s.audit.add(entry(i + k))))).not.toContain(false);
    await one(AUDIT_MAX_ENTRIES, AUDIT_MAX_ENTRIES + 4);
    const all = await s.audit.recent(AUDIT_MAX_ENTRIES + 100);
    expect(all).toHaveLength(AUDIT_MAX_ENTRIES);
    expect(all[0]).toEqual(entry(AUDIT_MAX_ENTRIES + 4));
    expect(all.at(-1)!.id).toBe('a5'); // the five oldest went, the listings one first
    const newest = (n: number) => Array.from({ length: n }, (_, k) => `a${AUDIT_MAX_ENTRIES + 4 - k}`);
    expect((await s.audit.recent(3, 'staff.')).map((e) => e.id)).toEqual(newest(3));
    expect(await s.audit.recent(5, 'listings.')).toEqual([]);
  });

  it('keeps listing sets whole, a state with a stamp, and one import at a time', async () => {
    const data = await sampleListings();
    const sets = s.listingSets;
    expect(await sets.stateStamp()).toBe(0);
    expect(await sets.readState()).toEqual({ live: null, liveHistory: [], entries: [] });
    await sets.writeSet('20261101T100000Z-ab12', data, 'hash-1');
    expect(await sets.hasSet('20261101T100000Z-ab12')).toBe(true);
    const back = await sets.readSet('20261101T100000Z-ab12');
    expect(back.header).toMatchObject({ id: '20261101T100000Z-ab12', schema: 'hash-1' });
    expect(back.data).toEqual(data);
    expect((await sets.propertyIds('20261101T100000Z-ab12')).sort()).toEqual([...new Set(data.properties.map((p) => p.ID))].sort());
    await sets.writeState({ live: '20261101T100000Z-ab12', liveHistory: ['20261101T100000Z-ab12'], entries: [] });
    const first = await sets.stateStamp();
    expect(first).not.toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    await sets.writeState({ live: '20261101T100000Z-ab12', liveHistory: ['20261101T100000Z-ab12'], entries: [] });
    expect(await sets.stateStamp()).not.toBe(first);
    // The import that replaced the sample (undo brings the sample back), and entries' reasons as codes for the editor.
    const state: ListingState = {
      live: '20261101T100000Z-ab12',
      liveHistory: ['20261101T100000Z-ab12'],
      firstImport: '20261101T100000Z-ab12',
      refusedSet: undefined,
      entries: [
        {
          id: '20261101T100000Z-ab12',
          at: '2026-11-01T10:00:00.000Z',
          trigger: 'upload',
          source: 'export.json',
          by: 'ines@atrium.example',
          result: 'refused',
          reason: 'it would take 6 of the 7 properties now on the site off it',
          code: 'tooManyRemoved',
          params: { count: 6, of: 7, share: 6 / 7, max: 0.5 },
          problems: [
            {
              kind: 'property',
              id: '5002',
              lang: 'fr',
              field: '/Latitude',
              reason: 'r',
              code: 'max',
              params: { value: '250.8', limit: 90 },
              action: 'left out',
            },
          ],
          problemCount: 1,
        },
      ],
      sync: {
        url: 'https://crm.example/feed',
        checkedAt: '2026-11-01T10:00:00.000Z',
        result: 'failed',
        reason: 'r',
        code: 'syncHttp',
        params: { status: 503 },
      },
    };
    await sets.writeState(structuredClone(state));
    expect(await sets.readState()).toEqual(state);
    await sets.writeSet('20261102T100000Z-cd34', { ...data, properties: data.properties.slice(0, 3) }, 'hash-1');
    await sets.prune({ live: '20261102T100000Z-cd34', liveHistory: ['20261102T100000Z-cd34'], entries: [] });
    expect(await sets.hasSet('20261101T100000Z-ab12')).toBe(false);
    expect(await sets.hasSet('20261102T100000Z-cd34')).toBe(true);
    await sets.writeAux('known-ids.json', '[4101,4102]');
    expect(await sets.readAux('known-ids.json')).toBe('[4101,4102]');
    expect(await sets.readAux('none')).toBeUndefined();
    expect(await sets.withLock(async () => 'done')).toBe('done');
  });

  it('keeps the price history of the imports that go live: a drop seen across two imports, gone when the price goes up', async () => {
    const sets = s.listingSets;
    const schemas = new SchemaRegistry(registry);
    // A feed as the CRM sends it: every language of property 1001 carries the price.
    const feed = (price: number, without?: number) => {
      const raw = rawSample();
      raw.properties = raw.properties.filter((p) => p.ID !== without).map((p) => (p.ID === 1001 ? { ...p, Price: price } : p));
      return raw;
    };
    const load = async (price: number, opts: { without?: number; force?: boolean } = {}) =>
      (await importFeed(sets, schemas, { maxRemovedShare: 0.5 }, { raw: feed(price, opts.without), source: 'crm.json', trigger: 'file', force: opts.force }))
        .result;
    expect(await load(274000)).toBe('accepted');
    const first = new Map((await sets.readPrices()).map((r) => [r.id, r]));
    expect(first.get(1001)).toEqual({ id: 1001, price: 274000, changes: [] });
    expect(await sets.priceDrops('2000-01-01T00:00:00.000Z')).toEqual([]);
    expect(await load(259000)).toBe('accepted');
    const [drop] = await sets.priceDrops(new Date(Date.now() - 60_000).toISOString());
    expect(drop).toMatchObject({ id: 1001, price: 259000, changes: [{ from: 274000, to: 259000 }] });
    expect((await recentDrops(sets)).get(1001)).toMatchObject({ from: 274000, to: 259000 });
    expect(await sets.priceDrops(new Date(Date.now() + 60_000).toISOString())).toEqual([]);
    // The same price again: still the drop of before; a property that leaves the site leaves the history.
    expect(await load(259000, { without: 1002 })).toBe('accepted');
    expect((await recentDrops(sets)).has(1001)).toBe(true);
    expect((await sets.readPrices()).some((r) => r.id === 1002)).toBe(false);
    expect(await load(265000)).toBe('accepted');
    expect((await recentDrops(sets)).has(1001)).toBe(false);
    const after = (await sets.readPrices()).find((r) => r.id === 1001)!;
    expect(after.changes.map((c) => [c.from, c.to])).toEqual([
      [259000, 265000],
      [274000, 259000],
    ]);
    // Written and removed in one step, read back whole.
    await sets.writePrices([{ id: 99001, price: 1, changes: [{ at: '2026-01-01T00:00:00.000Z', set: 'x', from: 2, to: 1 }] }], [1001]);
    const records = await sets.readPrices();
    expect(records.find((r) => r.id === 99001)).toEqual({ id: 99001, price: 1, changes: [{ at: '2026-01-01T00:00:00.000Z', set: 'x', from: 2, to: 1 }] });
    expect(records.some((r) => r.id === 1001)).toBe(false);
    expect((await sets.priceDrops('2025-12-31T00:00:00.000Z')).map((r) => r.id)).toEqual([99001]);
  });
});
