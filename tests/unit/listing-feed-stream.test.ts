/**
 * A CRM export read as a stream (server/listings/feed-file.ts, feed-stream.ts): what the site uses
 * comes through unchanged, what it does not (unknown fields at any depth, texts past their cap, lists
 * past their bound) is left out without ever being held, and a file past the size limit is refused
 * before it is read — including a real file on disk shaped like the audit's (the sample plus one
 * unknown field far larger than the limit).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { registry } from '../../modules/index.ts';
import { parseFeedBytes, readFeedFile } from '../../server/listings/feed-file.ts';
import { MAX_ITEMS, MAX_RECORDS, TEXT_CAPS } from '../../server/listings/feed-stream.ts';
import { listingsMaxBytes } from '../../server/listings/limits.ts';
import { readEnv } from '../../server/env.ts';
import { root, tempDir } from '../helpers/config.ts';
import { useUiLang } from '../../editor/i18n/index.ts';
import { problemText, reasonText } from '../../editor/inbox/listing-text.ts';

const schemas = new SchemaRegistry(registry);
const sampleText = readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8');
const sample = () => JSON.parse(sampleText);
const fixture = () => JSON.parse(readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8'));
const MB = 2 ** 20;
const read = (x: unknown, maxBytes?: number) => parseFeedBytes(Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)), { schemas, maxBytes });

/** The sample with one property carrying an unknown field of `mb` megabytes, written piece by piece to a real file. */
function auditFile(mb: number): string {
  const feed = sample();
  feed.properties[0].Junk = '@@';
  const [a, b] = JSON.stringify(feed).split('"@@"');
  const file = join(tempDir('audit-feed-'), 'crm.json');
  const fd = openSync(file, 'w');
  writeSync(fd, `${a}"`);
  const chunk = 'A'.repeat(MB / 4);
  for (let i = 0; i < mb * 4; i++) writeSync(fd, chunk);
  writeSync(fd, `"${b}`);
  closeSync(fd);
  return file;
}

describe('a CRM export read as a stream', () => {
  it('keeps everything the site uses: the shipped sample comes through as JSON.parse reads it', async () => {
    const r = await read(sampleText);
    expect(r.readError).toBeUndefined();
    expect(r.problems).toEqual([]);
    const raw = r.raw as Record<string, unknown>;
    const parsed = sample();
    for (const list of ['properties', 'projects', 'webIDs', 'citys', 'citysSale', 'citysRent', 'neighbourhoods']) expect(raw[list]).toEqual(parsed[list]);
  });

  it('leaves out the fields the site does not know, at any depth, and names them once', async () => {
    const feed = fixture();
    feed.properties[0].Pictures = [{ Url: 'https://pictures.example/1.jpg', Secret: 'x', Nested: { deep: [1, 2, 3] } }];
    feed.properties[1].__proto__ = { polluted: true };
    const r = await read(JSON.stringify(feed).replace('"ID":', '"__proto__":{"isAdmin":true},"ID":'));
    const raw = r.raw as { properties: Array<Record<string, unknown>>; ExportedAt?: unknown; Office?: unknown };
    expect(raw.ExportedAt).toBeUndefined();
    expect(raw.Office).toBeUndefined();
    expect(raw.properties.some((p) => 'OmnicasaOfficeID' in p || 'BrochureUrl' in p)).toBe(false);
    expect(raw.properties[0].Pictures).toEqual([{ Url: 'https://pictures.example/1.jpg' }]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getPrototypeOf(raw.properties[0])).toBe(Object.prototype);
    const note = r.problems![0];
    expect(note).toMatchObject({ kind: 'file', code: 'unknownFields', action: 'note' });
    expect(String(note.params!.names)).toMatch(/ExportedAt/);
    expect(String(note.params!.names)).toMatch(/Secret/);
    expect(r.problems!.filter((p) => p.code === 'unknownFields')).toHaveLength(1);
  });

  it('caps each text by its kind and each list by its bound: the field is left out, the record kept, the problem names the limit', async () => {
    const feed = fixture();
    const p = feed.properties[0];
    p.Description = 'é'.repeat(TEXT_CAPS.text + 1);
    p.City = 'x'.repeat(TEXT_CAPS.short + 1);
    p.VirtualTour = `https://tour.example/${'a'.repeat(TEXT_CAPS.url)}`;
    p.TypeDescription = 'y'.repeat(TEXT_CAPS.text);
    p.Pictures = Array.from({ length: MAX_ITEMS + 1 }, (_, i) => ({ Url: `https://pictures.example/${i}.jpg` }));
    p.PortalStats = Array.from({ length: 51 }, () => ({ Source: 'immoweb' }));
    p.Price = Number('9'.repeat(60));
    const r = await read(JSON.stringify(feed).replace('"Price":1e+60', `"Price":${'9'.repeat(60)}`));
    const kept = (r.raw as { properties: Array<Record<string, unknown>> }).properties[0];
    expect(kept.ID).toBe(p.ID);
    expect(kept.TypeDescription).toBe(p.TypeDescription);
    for (const f of ['Description', 'City', 'VirtualTour', 'Pictures', 'PortalStats']) expect(kept, f).not.toHaveProperty(f);
    const by = (field: string) => r.problems!.find((x) => x.field === field);
    expect(by('/Description')).toMatchObject({
      kind: 'property',
      id: String(p.ID),
      lang: p.language,
      code: 'tooLong',
      params: { limit: TEXT_CAPS.text },
      action: 'left out',
    });
    expect(by('/City')).toMatchObject({ code: 'tooLong', params: { limit: TEXT_CAPS.short } });
    expect(by('/VirtualTour')).toMatchObject({ code: 'tooLong', params: { limit: TEXT_CAPS.url } });
    expect(by('/Pictures')).toMatchObject({ code: 'tooMany', params: { limit: MAX_ITEMS } });
    expect(by('/PortalStats')).toMatchObject({ code: 'tooMany', params: { limit: 50 } });
    // A number of 60 digits is not gathered whole: it stays a short text the schema then refuses.
    expect(typeof kept.Price).toBe('string');
    expect(String(kept.Price).length).toBeLessThan(30);
  });

  it(`refuses a file of more than ${MAX_RECORDS.toLocaleString('en')} records before building them all`, async () => {
    const r = await read(`{"properties":[${'{},'.repeat(MAX_RECORDS)}{}]}`, 16 * MB);
    expect(r.readError).toMatchObject({ code: 'tooManyRecords', params: { max: MAX_RECORDS } });
  }, 60_000);

  it('refuses a file past the limit, as sent and once unpacked, with a sentence naming the limit', async () => {
    const big = Buffer.from(JSON.stringify({ ...fixture(), padding: ' '.repeat(2 * MB) }));
    expect((await parseFeedBytes(big, { schemas, maxBytes: MB })).readError).toEqual({
      code: 'tooLarge',
      params: { mb: 1 },
      text: 'the file is larger than 1 MB (the limit set by LISTINGS_MAX_MB): nothing of it was imported',
    });
    const packed = gzipSync(big);
    expect(packed.length).toBeLessThan(MB);
    expect((await parseFeedBytes(packed, { schemas, maxBytes: MB })).readError).toMatchObject({ code: 'unpackedTooLarge', params: { mb: 1 } });
    // Within the limit, gzip and a byte-order mark are read as before.
    const ok = await parseFeedBytes(gzipSync(Buffer.from(`\uFEFF${JSON.stringify(fixture())}`)), { schemas, maxBytes: MB });
    expect((ok.raw as { properties: unknown[] }).properties).toHaveLength(fixture().properties.length);
  });

  it('says where broken JSON breaks, by line and column', async () => {
    expect((await read('{"properties": [ {"ID": 1,')).readError).toMatchObject({ code: 'badJson', params: { line: 1, column: 27 } });
    const r = await read('{\n  "properties": [\n    {"ID": 1 "Goal": 0}\n  ]\n}');
    expect(r.readError).toMatchObject({ code: 'badJson', params: { line: 3, column: 14 } });
    expect(r.readError!.text).toMatch(/^the file is not valid JSON: .+ at line 3, column 14$/);
  });

  it('is said in the editor’s language: the note on unknown fields, the limits', async () => {
    const feed = fixture();
    const note = (await read(feed)).problems![0];
    const said: Record<string, string> = {};
    for (const lang of ['nl', 'fr', 'en'] as const) {
      useUiLang.getState().setLang(lang);
      said[lang] = `${problemText(note)} | ${reasonText('tooManyRecords', { max: MAX_RECORDS })} | ${reasonText('tooLarge', { mb: 100 })}`;
    }
    expect(said.en).toBe(
      `4 fields the site does not use left out: ${note.params!.names} | the file holds more than 1,000,000 records. | the file is larger than 100 MB.`,
    );
    expect(said.nl).toMatch(
      /^4 velden die de site niet gebruikt weggelaten: .+ \| het bestand bevat meer dan 1\.000\.000 records\. \| het bestand is groter dan 100 MB\.$/,
    );
    expect(said.fr).toMatch(
      /^4 champs que le site n’utilise pas laissés de côté\u00a0: .+ \| le fichier contient plus de 1\s000\s000 fiches\. \| le fichier dépasse 100 Mo\.$/,
    );
  });

  it('reads LISTINGS_MAX_MB: 100 MB by default, a bad value named', () => {
    expect(listingsMaxBytes(readEnv({}))).toBe(100 * MB);
    expect(listingsMaxBytes(readEnv({ LISTINGS_MAX_MB: '2.5' }))).toBe(2.5 * MB);
    expect(() => readEnv({ LISTINGS_MAX_MB: 'lots' })).toThrow(/^LISTINGS_MAX_MB: expected a number of megabytes from 1 to 4096, got "lots"$/);
  });
});

describe("the audit's file: the sample plus one unknown field, a real file on disk", () => {
  it('past the limit: refused by its size before anything of it is read', async () => {
    const file = auditFile(3);
    const r = await readFeedFile(file, { schemas, maxBytes: 2 * MB });
    expect(r.readError).toMatchObject({ code: 'tooLarge', params: { mb: 2 } });
  });

  it('within the limit: read with the field left out, never gathered', async () => {
    const file = auditFile(24);
    const before = process.memoryUsage().heapUsed;
    const r = await readFeedFile(file, { schemas, maxBytes: 64 * MB });
    const grew = process.memoryUsage().heapUsed - before;
    const raw = r.raw as { properties: Array<Record<string, unknown>> };
    expect(raw.properties).toHaveLength(sample().properties.length);
    expect(raw.properties[0]).not.toHaveProperty('Junk');
    expect(r.problems).toEqual([expect.objectContaining({ code: 'unknownFields', params: { count: 1, names: 'Junk' } })]);
    // The 24 MB text (48 MB as a JavaScript string) was never held: what grew is the sample's records.
    expect(grew).toBeLessThan(24 * MB);
  });

  it('writes nothing of a refused file anywhere: a file of the limit exactly is read', async () => {
    const file = join(tempDir('exact-'), 'crm.json');
    writeFileSync(file, sampleText);
    const size = Buffer.byteLength(sampleText);
    expect((await readFeedFile(file, { schemas, maxBytes: size })).readError).toBeUndefined();
    expect((await readFeedFile(file, { schemas, maxBytes: size - 1 })).readError).toMatchObject({ code: 'tooLarge' });
  });
});
