// The visitor tools (renovation calculator, online valuation) as their tests meet them: the
// calculator's figures for the tests, the sample homes they start from, a server with those figures.
import { epcForProperty, epcLetter } from '../../shared/epc.ts';
import { homeKindOf } from '../../shared/renovation.ts';
import { configCopy } from './config.ts';
import { sampleListings } from './listings.ts';
import { startTestServer } from './server.ts';

const src = { name: 'Test price list', url: 'https://example.be/prices', date: '2026-10' };
const kinds = (terraced: number, semi: number, detached: number, apartment: number) => ({ terraced, 'semi-detached': semi, detached, apartment });
/** The calculator's figures for these tests: round numbers, a Brussels obligation, one grant per region. */
export const RENOVATION = {
  note: { nl: 'Indicatieve bedragen.', fr: 'Montants indicatifs, à titre d’exemple.', en: 'Indicative amounts.' },
  works: [
    {
      key: 'walls',
      name: { nl: 'Gevelisolatie', fr: 'Isolation des façades', en: 'Wall insulation' },
      unit: 'm2',
      quantity: { basis: 'surface', perKind: kinds(1, 1, 1, 0.5) },
      unitCost: { low: 100, high: 200 },
      energyEffect: 0.25,
      source: src,
    },
    {
      key: 'glazing',
      name: { nl: 'Ramen', fr: 'Châssis', en: 'Windows' },
      unit: 'm2',
      quantity: { basis: 'surface', perKind: kinds(0.2, 0.2, 0.2, 0.2) },
      unitCost: { low: 600, high: 1000 },
      energyEffect: 0.1,
      source: src,
    },
    {
      key: 'heat-pump',
      group: 'heating',
      name: { nl: 'Warmtepomp', fr: 'Pompe à chaleur', en: 'Heat pump' },
      unit: 'unit',
      quantity: { basis: 'fixed', perKind: kinds(1, 1, 1, 1) },
      unitCost: { low: 10000, high: 14000 },
      energyEffect: 0.4,
      source: src,
    },
    {
      key: 'boiler',
      group: 'heating',
      name: { nl: 'Condensatieketel', fr: 'Chaudière à condensation', en: 'Condensing boiler' },
      unit: 'unit',
      quantity: { basis: 'fixed', perKind: kinds(1, 1, 1, 1) },
      unitCost: { low: 5000, high: 8000 },
      energyEffect: 0.15,
      source: src,
    },
  ],
  obligations: [{ region: 'brussels', labels: ['E', 'F', 'G'], target: 'D', years: 5, boughtFrom: '2023-01-01', source: src }],
  grants: [
    {
      region: 'brussels',
      name: { nl: 'Brusselse testpremie', fr: 'Prime bruxelloise de test', en: 'Brussels test grant' },
      condition: { nl: 'Gebouw van meer dan 10 jaar.', fr: 'Bâtiment de plus de 10 ans.', en: 'Building over 10 years old.' },
      url: 'https://example.be/bru',
      minHomeAge: 10,
      source: src,
    },
    {
      region: 'flanders',
      name: { nl: 'Vlaamse testpremie', fr: 'Prime flamande de test', en: 'Flemish test grant' },
      condition: { nl: 'Alle werken.', fr: 'Tous travaux.', en: 'Any work.' },
      url: 'https://example.be/fl',
      source: src,
    },
  ],
};

const sample = (await sampleListings()) as { properties: Array<Record<string, any>> };
/** An apartment for sale in Brussels with label E, as the listings have it. */
export const eHome = sample.properties.find(
  (p) => p.language === 'fr' && p.Goal === 0 && p.Zip?.startsWith('1') && homeKindOf(p.WebID, p.Facades) && epcLetter(epcForProperty(p as never).label) === 'E',
)!;
export const noEnergy = sample.properties.find(
  (p) => p.language === 'fr' && p.Goal === 0 && p.WebID === 3 && p.EnergyPerformance == null && p.CountryID === 10,
)!;

/** The page's text as a visitor reads it: tags, comment markers and entities gone. */
export const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

export const CALC = '/fr/calculateur-renovation/';
export const VAL = '/fr/expertise/expertise-en-ligne/';

/** A server from source with its own data folder and the calculator's test figures. */
export function startToolsServer(opts: { smtpUrl?: string; outboxRetryMs?: number } = {}) {
  const configDir = configCopy(({ write }) => write('renovation.json', RENOVATION));
  return startTestServer({ configDir, ...opts });
}
