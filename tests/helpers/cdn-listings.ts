/**
 * A small listing set in the spec's preloaded-response format (SPEC §3, §7) whose pictures are on a
 * picture CDN with a numeric version query, as a CRM sends them: here the test picture server
 * (picture-server.ts). Written from the spec, not from the project's generator. Each record comes
 * once per language, with the city named in that language.
 */
import { importListingsData } from './listings.ts';
import type { ImportEntry } from '../../server/storage/listing-sets.ts';

/** Colours of the test pictures (the picture server draws /c/{colour}/…). */
export const COLOUR = {
  house1: 'c0392b',
  house2: '27ae60',
  house3: '2980b9',
  flatLarge: '8e44ad',
  flatSmall: 'f1c40f',
  lux: 'e67e22',
  mixed1: '16a085',
  mixed4: 'd35400',
  redirected: '00b894',
  project1: '2c3e50',
  project2: 'b8860b',
  projectSmall: 'e84393',
} as const;

/** The CRM's version query of every picture (a Unix time, as CDNs use). */
export const VERSION = '1731000000';
export const OWNER_REF = 'owner-cdn';

type Lang = 'nl' | 'fr' | 'en';
const LANGS: Lang[] = ['nl', 'fr', 'en'];

interface Options {
  /** Version query per picture path (default VERSION). */
  versions?: Record<string, string>;
}

/**
 * The listing set with its pictures at `base` (http://127.0.0.1:port). Properties:
 * 2001 house, three pictures · 2002 flat for rent, no Pictures, large and small picture only ·
 * 2003 Luxembourg flat (empty Zip), empty Pictures, small picture only · 2004 every picture gone
 * (404, 410) · 2005 good, 404, HTML, good · 2006 pictures that may not be fetched (host not
 * allowed, file:, ftp:, data:, localhost, relative) · 2007 too large (no length, declared), not an
 * image, too slow · 2008 redirect to another host, redirect on the same host. Projects: 301 with
 * pictures · 302 small picture only · 303 the CRM's "no image" placeholder.
 */
export function cdnListings(base: string, o: Options = {}) {
  const port = new URL(base).port;
  const pic = (path: string) => `${base}${path}?v=${o.versions?.[path] ?? VERSION}`;
  /** Paths on the picture server, or URLs as given ({ raw }). */
  const pictures = (paths: Array<string | { raw: string }>, names: string[] = []) =>
    paths.map((p, i) => ({ Url: typeof p === 'string' ? pic(p) : p.raw, Width: 1600, Height: 1067, ID: 9000 + i, Name: names[i] ?? `Photo ${i + 1}` }));
  const cities: Record<string, Record<Lang, string>> = {
    '1180': { nl: 'Ukkel', fr: 'Uccle', en: 'Uccle' },
    '1050': { nl: 'Elsene', fr: 'Ixelles', en: 'Ixelles' },
    '1000': { nl: 'Brussel', fr: 'Bruxelles', en: 'Brussels' },
    LU: { nl: 'Luxemburg', fr: 'Luxembourg', en: 'Luxembourg' },
  };
  const property = (id: number, webId: number, goal: 0 | 1, zip: string, title: Record<Lang, string>, extra: Record<string, unknown>) =>
    LANGS.map((language) => ({
      ID: id,
      WebID: webId,
      Goal: goal,
      PublishPrice: true,
      Price: goal === 0 ? 400_000 + id : 1_200 + (id % 100),
      PriceUnit: null,
      Availability: 'available',
      PublishAddress: true,
      Street: 'Rue de la Station',
      HouseNumber: String(id % 100),
      Zip: zip === 'LU' ? '' : zip,
      City: cities[zip][language],
      CountryID: zip === 'LU' ? 50 : 10,
      CountryName: zip === 'LU' ? 'Luxembourg' : { nl: 'België', fr: 'Belgique', en: 'Belgium' }[language],
      Latitude: 50.8 + (id % 10) / 100,
      Longitude: 4.35,
      TypeDescription: title[language],
      MainTypeName: '',
      RecordFile: `CDN/${id}`,
      Description: `${title[language]}.`,
      CreateDate: `2026-10-${String(10 + (id % 10)).padStart(2, '0')}T09:00:00Z`,
      language,
      ...extra,
    }));
  const properties = [
    ...property(
      2001,
      1,
      0,
      '1180',
      { nl: 'Villa met tuin', fr: 'Villa avec jardin', en: 'Villa with garden' },
      {
        OwnerRef: OWNER_REF,
        SmallPictureItem: { Url: pic(`/c/${COLOUR.house1}/2001-small.jpg`), Width: 240, Height: 160, ID: 1, Name: 'Gevel' },
        XLargePictureItem: { Url: pic(`/c/${COLOUR.house1}/2001-1.jpg`) },
        Pictures: pictures(
          [`/c/${COLOUR.house1}/2001-1.jpg`, `/c/${COLOUR.house2}/2001-2.jpg`, `/c/${COLOUR.house3}/2001-3.jpg`],
          ['Facade', 'Living room', 'Garden'],
        ),
      },
    ),
    ...property(
      2002,
      3,
      1,
      '1050',
      { nl: 'Appartement met terras', fr: 'Appartement avec terrasse', en: 'Flat with terrace' },
      {
        SmallPictureItem: { Url: pic(`/c/${COLOUR.flatSmall}/2002-small.jpg`), Width: 240, Height: 160, ID: 1, Name: '' },
        XLargePictureItem: { Url: pic(`/c/${COLOUR.flatLarge}/2002-xl.jpg`) },
      },
    ),
    ...property(
      2003,
      3,
      0,
      'LU',
      { nl: 'Appartement in Luxemburg', fr: 'Appartement à Luxembourg', en: 'Flat in Luxembourg' },
      {
        Pictures: [],
        XLargePictureItem: null,
        SmallPictureItem: { Url: pic(`/c/${COLOUR.lux}/2003-small.jpg`), Width: 240, Height: 160, ID: 1, Name: 'Living' },
      },
    ),
    ...property(
      2004,
      1,
      0,
      '1180',
      { nl: 'Huis zonder foto', fr: 'Maison sans photo', en: 'House without photos' },
      {
        Pictures: pictures(['/missing/2004-1.jpg', '/gone/2004-2.jpg']),
      },
    ),
    ...property(
      2005,
      3,
      0,
      '1050',
      { nl: 'Appartement met vier foto’s', fr: 'Appartement avec quatre photos', en: 'Flat with four photos' },
      {
        OwnerRef: OWNER_REF,
        Pictures: pictures([`/c/${COLOUR.mixed1}/2005-1.jpg`, '/missing/2005-2.jpg', '/text/2005-3.jpg', `/c/${COLOUR.mixed4}/2005-4.jpg`]),
      },
    ),
    ...property(
      2006,
      1,
      0,
      '1000',
      { nl: 'Huis met verboden foto’s', fr: 'Maison aux photos interdites', en: 'House with forbidden pictures' },
      {
        Pictures: pictures(
          [
            'https://pictures.not-allowed.example/2006/1.jpg?v=1731000000',
            'file:///etc/passwd',
            `ftp://127.0.0.1:${port}/c/${COLOUR.house1}/2006-3.jpg`,
            'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/',
            `http://localhost:${port}/c/${COLOUR.house1}/2006-5.jpg?v=1731000000`,
            '/uploads/2006/6.jpg',
          ].map((raw) => ({ raw })),
        ),
      },
    ),
    ...property(
      2007,
      3,
      0,
      '1000',
      { nl: 'Appartement met kapotte foto’s', fr: 'Appartement aux photos cassées', en: 'Flat with broken pictures' },
      {
        Pictures: pictures(['/huge/2007-1.jpg', '/huge-declared/2007-2.jpg', '/fake/2007-3.jpg', '/slow/2007-4.jpg']),
      },
    ),
    ...property(
      2008,
      1,
      1,
      '1000',
      { nl: 'Huis met omleidingen', fr: 'Maison aux redirections', en: 'House with redirects' },
      {
        Pictures: pictures([`/redirect-host/localhost/c/${COLOUR.house1}/2008-1.jpg`, `/redirect/c/${COLOUR.redirected}/2008-2.jpg`]),
      },
    ),
  ];
  const project = (id: number, name: string, extra: Record<string, unknown>) =>
    LANGS.map((language) => ({
      ID: id,
      Goal: 0,
      Name: name,
      PublicAddress: true,
      Street: 'Avenue du Parc',
      HouseNumber: String(id),
      Zip: '1050',
      City: cities['1050'][language],
      CountryID: 10,
      CountryName: { nl: 'België', fr: 'Belgique', en: 'Belgium' }[language],
      WebID: '3',
      WebIDName: 'Appartement (4)',
      Description: `${name}: new build.`,
      Units: [],
      CreateDate: `2026-09-0${id - 300}T09:00:00Z`,
      language,
      ...extra,
    }));
  const projects = [
    ...project(301, 'Résidence Parc', {
      SmallPicture: pic(`/c/${COLOUR.project1}/301-small.jpg`),
      Pictures: pictures([`/c/${COLOUR.project1}/301-1.jpg`, `/c/${COLOUR.project2}/301-2.jpg`]),
    }),
    ...project(302, 'Résidence Étang', { SmallPicture: pic(`/c/${COLOUR.projectSmall}/302-small.jpg`) }),
    ...project(303, 'Résidence Bois', { SmallPicture: `${base}/static/img/no-image.png` }),
  ];
  const webIDs = LANGS.flatMap((language) =>
    [
      [1, { nl: 'Huis', fr: 'Maison', en: 'House' }],
      [3, { nl: 'Appartement', fr: 'Appartement', en: 'Apartment' }],
    ].map(([WebID, name], i) => ({ WebID, Name: (name as Record<Lang, string>)[language], ShowOrder: i, Sale: true, Rent: true, language })),
  );
  const citys = LANGS.flatMap((language) =>
    Object.entries(cities)
      .filter(([zip]) => zip !== 'LU')
      .map(([Zip, n]) => ({ Name: n[language], Zip, CountryID: 10, CountryName: 'België', PropertyCount: 2, language })),
  );
  return { properties, projects, webIDs, citys, citysSale: citys, citysRent: citys, neighbourhoods: [] };
}

/** Stores a listing set as the site's listings, the way `npm run import` does (the one place tests import listings for pictures). */
export async function importCdnListings(dataDir: string, data: unknown): Promise<ImportEntry> {
  // Forced: the fixture replaces whatever the data folder showed, whatever it removes.
  const entry = await importListingsData(data, dataDir, { force: true });
  if (entry.result !== 'accepted' || entry.problemCount)
    throw new Error(`the CDN fixture did not import: ${entry.reason ?? ''} ${JSON.stringify(entry.problems.slice(0, 5))}`);
  return entry;
}
