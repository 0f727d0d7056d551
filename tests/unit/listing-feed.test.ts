import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { registry } from '../../modules/index.ts';
import { formatFeedProblem, normaliseFeed } from '../../server/listings/feed.ts';
import { coerceValue } from '../../server/config/coerce.ts';
import type { PropertyRecord } from '../../renderer/listing-types.ts';
import { root } from '../helpers/config.ts';

const schemas = new SchemaRegistry(registry);
/** Written by hand from SPEC §3 and §7 in the shapes a CRM sends (not by the project's generator). */
const fixture = () => JSON.parse(readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8'));

describe('a CRM feed in the spec format, with the quirks CRMs have', async () => {
  const r = await normaliseFeed(fixture(), schemas);
  const prop = (id: number, lang: string) =>
    r.data.properties.find((p) => p.ID === id && p.language === lang) as (PropertyRecord & Record<string, unknown>) | undefined;

  it('keeps every record the site can show and refuses only those without a usable ID, language or goal', () => {
    expect(r.readable).toBe(true);
    expect(r.counts).toEqual({ properties: 7, projects: 2, records: 19, refusedRecords: 4, refusedProperties: 1, refusedProjects: 0 });
    expect(r.problems.map(formatFeedProblem)).toEqual([
      'property 5002 (fr): Latitude 250.8 is above the highest allowed value (90) — left out, the rest of the record is kept',
      'property 5002 (nl): Goal is missing: without a goal (0 = for sale, 1 = for rent) the property cannot be listed — record refused',
      'property 5005 (fr): Goal "sale" is not a whole number: without a goal (0 = for sale, 1 = for rent) the property cannot be listed — record refused',
      'property 5006 (fr): Pictures #1 has no Url — left out, the rest of the record is kept',
      'property 5006: language "xx" is not one of nl, fr, en, de: without a language (nl, fr, en, de) the record cannot be shown — record refused',
      'property #14 (fr): ID is missing: without a usable ID the record cannot be shown — record refused',
      'property 5002: kept in fr, en; its nl record was refused (visitors in that language see another language)',
      'property 5006: kept in fr, nl; its "xx" record was refused (visitors in that language see another language)',
    ]);
  });

  it('reads 0/1 and "0"/"1" flags, numeric strings, "" and null, culture codes and .NET dates into the declared types', () => {
    const fr = prop(5001, 'fr')!;
    expect([fr.PublishPrice, fr.PublishAddress, fr.HasLift, fr.HasTerrace, fr.HasGarden, fr.IsFurnished]).toEqual([true, true, true, true, false, false]);
    expect([fr.NumberOfBedRooms, fr.NumberOfBathRooms, fr.SurfaceLiving, fr.SurfaceTerrace]).toEqual([2, 1, 86, 7.5]);
    expect([fr.HouseNumber, fr.BoxNr, fr.PriceUnitText, fr.MarqueeName, fr.EPCLabelText]).toEqual(['87', null, null, null, null]);
    expect(fr.SmallPictureItem).toEqual({
      Url: 'https://pictures.crm-example.be/5001/small/1.jpg?v=1731000000',
      Width: 240,
      Height: 160,
      ID: 88101,
      Name: 'Séjour',
    });
    expect([fr.CreateDate, fr.ModifyDate]).toEqual(['2026-10-02T09:15:00Z', '2024-11-07T17:20:00Z']);
    const en = prop(5001, 'en')!;
    expect([en.PublishPrice, en.Price, en.Zip, en.CountryID, en.EnergyPerformance, en.HasLift, en.TypeDescription]).toEqual([
      true,
      325000,
      '1030',
      10,
      182,
      true,
      null,
    ]);
    expect(prop(5002, 'en')!.Goal).toBe(1);
    expect(prop(5002, 'fr')!.language).toBe('fr');
    expect(prop(5004, 'fr')).toMatchObject({ Price: 189000, Facades: 'open', Availability: 'sold', SurfaceGround: 900 });
    expect(prop(5008, 'fr')!.Availability).toBe('rented');
    expect(prop(5007, 'fr')).toMatchObject({ HasGarden: null, NumberOfBedRooms: null });
  });

  it('takes a missing availability as available and keeps fields the site does not know', () => {
    expect(prop(5001, 'nl')!.Availability).toBe('available');
    expect(prop(5001, 'fr')).toMatchObject({ OmnicasaOfficeID: 12, BrochureUrl: 'https://crm-example.be/brochure/5001.pdf' });
  });

  it('keeps a Luxembourg property with no postcode, a price "starting from", and a property without a type', () => {
    expect(prop(5003, 'fr')).toMatchObject({ Zip: '', City: 'Luxembourg', CountryID: 50, PriceUnit: 7, EnergyPerformance: null, EPCLabelText: 'B' });
    expect(prop(5003, 'nl')).toMatchObject({ City: 'Luxemburg', PriceUnit: 7 });
    expect(prop(5007, 'fr')!.WebID).toBeUndefined();
    expect(prop(5007, 'fr')!.MainTypeName).toBe('Maison de rapport');
  });

  it('leaves out only the broken part: a coordinate out of range, a picture without a URL', () => {
    expect(prop(5002, 'fr')!.Latitude).toBeUndefined();
    expect(prop(5002, 'fr')!.Longitude).toBe(4.35);
    expect(prop(5006, 'fr')!.Pictures).toEqual([{ Url: 'https://pictures.crm-example.be/5006/xl/1.jpg?v=1731000000' }]);
  });

  it('reads projects without units, types and cities with numbers as strings, per-language city names', () => {
    const p41 = r.data.projects.filter((p) => p.ID === 41);
    expect(p41.map((p) => [p.language, p.City, p.Zip, p.Goal, p.PublicAddress, p.Units])).toEqual([
      ['fr', 'Schaerbeek', '1030', 0, true, []],
      ['nl', 'Schaarbeek', '1030', 0, true, []],
    ]);
    expect(r.data.projects.find((p) => p.ID === 42)).toMatchObject({ City: '', Zip: '', Name: '' });
    expect(r.data.webIDs.find((t) => t.WebID === 1 && t.language === 'fr')).toMatchObject({ ShowOrder: 0, Sale: true, Rent: true });
    expect(r.data.webIDs.find((t) => t.WebID === 4)).toMatchObject({ Sale: true, Rent: false });
    expect(r.data.citys.map((c) => [c.Name, c.Zip, c.PropertyCount, c.language])).toContainEqual(['Uccle', '1180', 1, 'fr']);
    expect(r.data.citys.filter((c) => c.Zip === '1030').map((c) => c.Name)).toEqual(['Schaerbeek', 'Schaarbeek', 'Schaerbeek']);
  });
});

describe('what cannot be read at all', () => {
  it.each([
    ['a list', [], 'file: is not a preloaded response (an object with a "properties" list) — record refused'],
    ['text', 'properties', 'file: is not a preloaded response (an object with a "properties" list) — record refused'],
    ['no properties', { projects: [] }, 'file: properties is missing: the file has no list of properties — record refused'],
    ['properties that are not a list', { properties: { 1: {} } }, 'file: properties {"1":{}} is not a list — record refused'],
  ])('%s', async (_, raw, line) => {
    const r = await normaliseFeed(raw, schemas);
    expect(r.readable).toBe(false);
    expect(r.problems.map(formatFeedProblem)).toEqual([line]);
  });

  it('refuses records that are not records and the second record of an ID in one language', async () => {
    const a = { ID: 7001, Goal: 0, language: 'fr', City: 'Ixelles' };
    const r = await normaliseFeed({ properties: [42, null, a, { ...a, City: 'Elsene' }] }, schemas);
    expect(r.counts.properties).toBe(1);
    expect(r.data.properties.map((p) => p.City)).toEqual(['Ixelles']);
    expect(r.problems.map(formatFeedProblem)).toEqual([
      'property #1: 42 is not a record — record refused',
      'property #2: null is not a record — record refused',
      'property 7001 (fr): appears a second time in fr; the first record was used — record refused',
    ]);
  });
});

describe('the coerce keyword', () => {
  it.each([
    [{ type: 'boolean' }, 1, true],
    [{ type: 'boolean' }, '0', false],
    [{ type: 'boolean' }, 'TRUE', true],
    [{ type: ['boolean', 'null'] }, '', null],
    [{ type: 'boolean' }, 2, 2],
    [{ type: 'boolean' }, 'yes', 'yes'],
    [{ type: 'integer' }, ' 42 ', 42],
    [{ type: ['number', 'null'] }, '1.5e3', 1500],
    [{ type: 'number' }, '12,5', '12,5'],
    [{ type: ['number', 'null'] }, null, null],
    [{ type: 'string' }, 1030, '1030'],
    [{ type: 'string', enum: ['sold', 'rented'] }, 'SOLD', 'sold'],
    [{ type: 'string', format: 'date-time' }, '2025-01-07 10:52', '2025-01-07T10:52:00Z'],
    [{ type: 'string', format: 'date' }, '2025-01-07T10:52:00Z', '2025-01-07'],
    [{ type: 'string', format: 'date-time' }, '/Date(1736246520000+0100)/', '2025-01-07T10:42:00Z'],
  ])('%j reads %j as %j', (schema, value, expected) => {
    expect(coerceValue(value, schema)).toEqual(expected);
  });
});
