import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { ContactModule, RenovationCalculatorModule } from '../../schemas/types.gen.ts';
import { localize } from '../../shared/localize.ts';
import { EPC_LETTERS, epcDisplayText, epcImage, type EpcLetter } from '../../shared/epc.ts';
import { regionOfPostcode, type BelgianRegion } from '../../shared/region.ts';
import {
  computeRenovation,
  HOME_KINDS,
  parseRenovationQuery,
  renovationQuery,
  type HomeKind,
  type RenovationInputs,
  type ToolError,
} from '../../shared/renovation.ts';
import { loadRequestForm, type ContactData } from '../lib/request-form.server.ts';
import renovationCalculator from './index.ts';

export interface CalculatorWork {
  key: string;
  name: string;
  unit: 'm2' | 'unit' | 'kWp';
  group?: string;
  basis: 'surface' | 'fixed';
  perKind: Record<HomeKind, number>;
}

export interface CalculatorSource {
  /** The work or grant the figure is about; an obligation is named by its region and labels instead. */
  what: string;
  obligation?: { region: BelgianRegion; labels: string[]; target: string };
  name: string;
  url?: string;
  date: string;
  note?: string;
}

export interface CalculatorResult {
  region: BelgianRegion;
  current: { value: number; text: string; letter: EpcLetter; image: string; fromLabel: boolean };
  lines: Array<{ key: string; name: string; unit: CalculatorWork['unit']; quantity: number; low: number; high: number }>;
  total: { low: number; high: number };
  after: { value: number; text: string; letter: EpcLetter; image: string };
  target: { letter: EpcLetter; reached: boolean; legal: boolean } | null;
  obligation: { target: EpcLetter; years: number; deadlineYear: number; boughtFrom: string } | null;
  grants: Array<{ name: string; condition: string; url: string }>;
}

export interface CalculatorData {
  /** The page's path: the form's action. */
  path: string;
  /** The inputs as the canonical query string (what a lead carries). */
  query: string;
  inputs: RenovationInputs;
  errors: ToolError[];
  thisYear: number;
  kinds: readonly HomeKind[];
  letters: readonly EpcLetter[];
  works: CalculatorWork[];
  /** The region of the postcode entered, and the obligation that would apply there to an E or F home. */
  region: BelgianRegion | null;
  property?: { id: number; title: string; path?: string };
  result?: CalculatorResult;
  showGrants: boolean;
  sources: CalculatorSource[];
  note: string;
  /** The request form with the result attached (contact-me about the property, else site-contact). */
  lead?: ContactData;
}

function load(module: RenovationCalculatorModule, ctx: LoadContext): CalculatorData {
  const { content, listings, routes } = ctx.services;
  const config = content.renovation;
  const thisYear = new Date().getUTCFullYear();
  const { inputs, errors } = parseRenovationQuery(ctx.query, config, thisYear);
  // A query string that cannot be read is answered 400, with the fields named on the page.
  if (errors.length) ctx.setStatus(400);
  const listing = inputs.property !== undefined ? listings.property(inputs.property, ctx.lang) : undefined;
  if (inputs.property !== undefined && !listing) {
    errors.push({ field: 'property', key: 'property.notFound.title' });
    ctx.setStatus(400);
    inputs.property = undefined;
  }
  const computed = errors.length ? null : computeRenovation(inputs, config, thisYear);
  const name = (key: string) => localize(config.works.find((w) => w.key === key)?.name, ctx.lang);
  const result: CalculatorResult | undefined = computed
    ? {
        region: computed.region,
        current: {
          value: computed.current.value,
          text: epcDisplayText(computed.current.label),
          letter: computed.current.letter,
          image: epcImage(computed.region, computed.current.label),
          fromLabel: computed.current.fromLabel,
        },
        lines: computed.lines.map((l) => ({ ...l, name: name(l.key) })),
        total: computed.total,
        after: {
          value: computed.after.value,
          text: epcDisplayText(computed.after.label),
          letter: computed.after.letter,
          image: epcImage(computed.region, computed.after.label),
        },
        target: computed.target,
        obligation: computed.obligation,
        grants:
          module.showGrants === false
            ? []
            : computed.grants
                .map((i) => config.grants[i])
                .map((g) => ({ name: localize(g.name, ctx.lang), condition: localize(g.condition, ctx.lang), url: g.url })),
      }
    : undefined;
  const query = renovationQuery(inputs).toString();
  const path = routes.pagePath(ctx.page, ctx.lang);
  const property = listing
    ? { id: listing.ID, title: ctx.services.propertyTitle(listing, ctx.lang), path: ctx.services.listingPath('property', listing.ID, ctx.lang) }
    : undefined;

  let lead: ContactData | undefined;
  if (result && module.requestForm !== false) {
    // The existing request forms: about the property when there is one, else the general contact form.
    const form = property ? 'contact-me' : 'site-contact';
    const record = { id: module.id, view: 'contact', version: 1, status: 'Published', form } as ContactModule;
    lead = loadRequestForm(record, { ...ctx, params: property ? { propertyId: property.id } : {} });
    lead.prefill = property ? { request: 'info' } : {};
  }

  const sources: CalculatorSource[] =
    module.showSources === false
      ? []
      : [
          ...config.works.map((w) => ({ what: localize(w.name, ctx.lang), ...w.source })),
          ...config.obligations.map((o) => ({ what: '', obligation: { region: o.region, labels: o.labels, target: o.target }, ...o.source })),
          ...(module.showGrants === false ? [] : config.grants.map((g) => ({ what: localize(g.name, ctx.lang), ...g.source }))),
        ];

  return {
    path,
    query,
    inputs,
    errors,
    thisYear,
    kinds: HOME_KINDS,
    letters: EPC_LETTERS,
    works: config.works.map((w) => ({
      key: w.key,
      name: localize(w.name, ctx.lang),
      unit: w.unit,
      ...(w.group ? { group: w.group } : {}),
      basis: w.quantity.basis,
      perKind: w.quantity.perKind,
    })),
    region: inputs.zip ? regionOfPostcode(inputs.zip) : null,
    property,
    result,
    showGrants: module.showGrants !== false,
    sources,
    note: localize(config.note, ctx.lang),
    lead,
  };
}

export default defineLoader(renovationCalculator, load);
