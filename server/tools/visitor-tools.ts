/**
 * The visitor tools on the server (issue 16). `GET /api/valuation` and `GET /api/renovation` answer
 * the query strings of the modules' pages in JSON (a bad parameter: 400 naming it). A request sent
 * from a tool — the in-depth valuation, "talk to us about this property" — carries the tool's query
 * string; it is read again here with the tool's own parser, its result computed anew from the live
 * listings and the current figures, and attached to the lead, its mails and the inbox.
 */
import type Router from '@koa/router';
import type { Lang } from '../../shared/constants.ts';
import { epcDisplayText } from '../../shared/epc.ts';
import { formatDate, formatNumber, formatPrice } from '../../shared/format.ts';
import type { FieldError, FormKind } from '../../shared/forms.ts';
import { localize } from '../../shared/localize.ts';
import {
  computeRenovation,
  parseRenovationQuery,
  renovationQuery,
  type RenovationInputs,
  type RenovationResult,
  type ToolError,
} from '../../shared/renovation.ts';
import { estimateValuation, parseValuationQuery, valuationIndex, valuationQuery, type ValuationInputs, type ValuationResult } from '../../shared/valuation.ts';
import { buyingQuery } from '../../shared/buying-costs.ts';
import { regionOfPostcode } from '../../shared/region.ts';
import type { Site } from '../site/site.ts';
import { apiLang } from '../site/api-lang.ts';
import type { SiteHolder } from '../site/holder.ts';

/** The form field that carries a tool's state, per form kind. */
const TOOL_FIELDS: Partial<Record<FormKind, 'valuation' | 'renovation'>> = {
  'contact-demand': 'valuation',
  'contact-me': 'renovation',
  'site-contact': 'renovation',
};
const TOOL_VIEWS = { valuation: 'online-valuation', renovation: 'renovation-calculator' } as const;

/** What a lead keeps of a tool: the state it was sent with, and the result computed from it. */
export type StoredTool =
  | {
      tool: 'online-valuation';
      query: string;
      inputs: ValuationInputs;
      result: ValuationResult & { municipality?: string };
      listings: string;
      summary: ToolSummary;
    }
  | { tool: 'renovation-calculator'; query: string; inputs: RenovationInputs; result: RenovationResult; summary: ToolSummary };

/** The tool's part of a lead as people read it (in the agency's language in the inbox). */
export interface ToolSummary {
  title: string;
  rows: Array<[string, string]>;
  url?: string;
}

export interface ToolLead {
  field: 'valuation' | 'renovation';
  /** The title and rows in a language (the agency's mail, the visitor's confirmation). */
  summary: (lang: Lang) => ToolSummary;
  stored: (agencyLang: Lang) => StoredTool;
}

/** The public path of the first published page holding a module of this view, in a language. */
function toolPath(site: Site, view: string, lang: Lang): string | undefined {
  const page = site.content.pages.find((p) => p.modules?.some((m) => m.view === view && m.status === 'Published'));
  return page ? site.routes.pagePath(page, lang) : undefined;
}

function toolUrl(site: Site, view: string, lang: Lang, query: string): string | undefined {
  const path = toolPath(site, view, lang);
  return path ? site.absoluteUrl(`${path}?${query}`) : undefined;
}

const municipalityOf = (site: Site, zip: string | undefined, lang: Lang) => (zip ? site.listings.cities(lang).find((c) => c.Zip === zip)?.Name : undefined);

function valuationSummary(site: Site, lang: Lang, inputs: ValuationInputs, result: ValuationResult, query: string): ToolSummary {
  const t = (k: string, v?: Record<string, string | number>) => site.message(lang, k, v);
  const place = municipalityOf(site, inputs.zip, lang);
  const rows: Array<[string, string]> = [
    [t('valuation.address'), [inputs.address, [inputs.zip, place].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
    [t('valuation.type'), t(`type.${inputs.type}`)],
    [t('tool.surface'), String(inputs.surface)],
  ];
  if (inputs.bedrooms !== undefined) rows.push([t('valuation.bedrooms'), String(inputs.bedrooms)]);
  if (inputs.condition) rows.push([t('valuation.condition'), t(`valuation.condition.${inputs.condition}`)]);
  if (inputs.epc) rows.push([t('valuation.epc'), inputs.epc === 'unknown' ? t('valuation.epc.unknown') : inputs.epc]);
  if (inputs.outdoor) rows.push([t('valuation.outdoor'), t(`valuation.outdoor.${inputs.outdoor}`)]);
  for (const e of result.estimates) {
    const label = t(`valuation.goal.${e.goal}`);
    if (!e.ok) {
      rows.push([label, t('valuation.lead.tooFew', { count: e.comparables, min: site.content.valuation.minComparables })]);
      continue;
    }
    const where = e.area === 'municipality' ? (place ?? inputs.zip ?? '') : t(`region.${result.region}`);
    rows.push([
      label,
      `${t('tool.range', { low: formatPrice(e.low), high: formatPrice(e.high) })}${e.goal === 'rent' ? ` ${t('valuation.perMonth')}` : ''} – ${t('valuation.median', { value: formatPrice(e.median) })}; ${t('valuation.lead.basis', { count: e.comparables, place: where })}`,
    ]);
  }
  return { title: t('valuation.lead.summary'), rows, url: toolUrl(site, TOOL_VIEWS.valuation, lang, query) };
}

function renovationSummary(site: Site, lang: Lang, inputs: RenovationInputs, r: RenovationResult, query: string): ToolSummary {
  const t = (k: string, v?: Record<string, string | number>) => site.message(lang, k, v);
  const config = site.content.renovation;
  const range = (low: number, high: number) => t('tool.range', { low: formatPrice(low), high: formatPrice(high) });
  const rows: Array<[string, string]> = [
    [t('tool.zip'), `${inputs.zip} (${t(`region.${r.region}`)})`],
    [t('calc.kind'), t(`calc.kind.${inputs.kind}`)],
    [t('tool.surface'), String(inputs.surface)],
  ];
  if (inputs.year !== undefined) rows.push([t('calc.year'), String(inputs.year)]);
  rows.push([t('calc.result.now'), `${epcDisplayText(r.current.label)} (${t('unit.kwh', { value: formatNumber(r.current.value) })})`]);
  for (const l of r.lines) {
    const name = localize(config.works.find((w) => w.key === l.key)?.name, lang) || l.key;
    rows.push([`${name} (${t(`calc.qty.${l.unit}`, { value: l.quantity })})`, range(l.low, l.high)]);
  }
  if (r.lines.length) rows.push([t('calc.result.totalShort'), range(r.total.low, r.total.high)]);
  rows.push([t('calc.result.after'), `${epcDisplayText(r.after.label)} (${t('unit.kwh', { value: formatNumber(r.after.value) })})`]);
  if (r.target) rows.push([t('calc.target'), t(r.target.reached ? 'calc.result.reached' : 'calc.result.notReached', { target: r.target.letter })]);
  if (r.obligation) {
    rows.push([
      t('calc.lead.deadline'),
      t('calc.result.deadline', {
        target: r.obligation.target,
        years: r.obligation.years,
        year: String(r.obligation.deadlineYear),
        from: formatDate(r.obligation.boughtFrom),
        region: t(`region.${r.region}`),
      }),
    ]);
  }
  return { title: t('calc.lead.summary'), rows, url: toolUrl(site, TOOL_VIEWS.renovation, lang, query) };
}

/**
 * The tool state a form carries, read again and computed: a lead to attach, or the error to show at
 * the field. Undefined when the form carries none.
 */
export async function readToolLead(kind: FormKind, fields: Record<string, unknown>, site: Site): Promise<{ lead?: ToolLead; error?: FieldError } | undefined> {
  const field = TOOL_FIELDS[kind];
  const raw = field && fields[field];
  if (typeof raw !== 'string') return undefined;
  const params = new URLSearchParams(raw);
  const fail = (e: ToolError | undefined) => ({ error: { field: field!, key: e?.key ?? 'tool.error.incomplete', values: e?.values } });
  if (field === 'valuation') {
    const config = site.content.valuation;
    const { inputs, errors, step } = parseValuationQuery(params, config);
    if (errors.length || step !== 'result' || !inputs.zip || inputs.type === undefined || inputs.surface === undefined) return fail(errors[0]);
    const result = estimateValuation(
      await valuationIndex(site.listings, config),
      { ...inputs, zip: inputs.zip, type: inputs.type, surface: inputs.surface },
      config,
    );
    if (!result) return fail(undefined);
    const query = valuationQuery(inputs).toString();
    return {
      lead: {
        field,
        summary: (l) => valuationSummary(site, l, inputs, result, query),
        stored: (l) => ({
          tool: 'online-valuation',
          query,
          inputs,
          result: { ...result, municipality: municipalityOf(site, inputs.zip, l) },
          listings: site.listings.version,
          summary: valuationSummary(site, l, inputs, result, query),
        }),
      },
    };
  }
  const config = site.content.renovation;
  const thisYear = new Date().getUTCFullYear();
  const { inputs, errors } = parseRenovationQuery(params, config, thisYear);
  const result = errors.length ? null : computeRenovation(inputs, config, thisYear);
  if (!result) return fail(errors[0]);
  const query = renovationQuery(inputs).toString();
  return {
    lead: {
      field: 'renovation',
      summary: (l) => renovationSummary(site, l, inputs, result, query),
      stored: (l) => ({ tool: 'renovation-calculator', query, inputs, result, summary: renovationSummary(site, l, inputs, result, query) }),
    },
  };
}

/**
 * What the editor's preview shows for the tools' settings: the tool's page with an example that uses
 * every figure — each work on a house of the agency's postcode with label E, or the estimate of the
 * first type offered there.
 */
export function toolPreviewPath(site: Site, key: string, lang: Lang): string | undefined {
  // The buying-cost calculator (issue 39): a sole own home of € 350.000 in the agency's region, 80 % borrowed.
  if (key === 'buyingCosts') {
    const path = toolPath(site, 'buying-costs', lang);
    const loan = site.content.buyingCosts.loan;
    const region = regionOfPostcode(site.content.site.address.zip) ?? 'brussels';
    const query = buyingQuery({ price: 350_000, region, soleHome: true, newBuild: false, loan: 280_000, rate: loan.rate, years: loan.years });
    return path ? `${path}?${query.toString()}` : undefined;
  }
  if (key !== 'renovation' && key !== 'valuation') return undefined;
  const path = toolPath(site, TOOL_VIEWS[key], lang);
  if (!path) return undefined;
  const zip = site.content.site.address.zip;
  if (key === 'renovation') {
    const works: string[] = [];
    const groups = new Set<string>();
    for (const w of site.content.renovation.works) {
      if (w.group && groups.has(w.group)) continue;
      if (w.group) groups.add(w.group);
      works.push(w.key);
    }
    return `${path}?${renovationQuery({ zip, kind: 'terraced', surface: 120, year: 1930, epc: 'E', works, quantities: {} }).toString()}`;
  }
  const type = site.content.valuation.types[0];
  return `${path}?${valuationQuery({ address: site.content.site.address.street, zip, type, surface: 100, bedrooms: 2, condition: 'good', epc: 'D', outdoor: 'none' }).toString()}`;
}

export function visitorToolRoutes(router: Router, deps: { sites: Pick<SiteHolder, 'current'> }) {
  const answerErrors = (site: Site, lang: Lang, errors: ToolError[]) => {
    const list = errors.map((e) => ({ field: e.field, message: site.message(lang, e.key, e.values) }));
    return { error: `${list[0].field}: ${list[0].message}`, field: list[0].field, errors: list };
  };
  const withoutLang = (qs: string) => {
    const p = new URLSearchParams(qs);
    p.delete('lang');
    return p;
  };

  // The online valuation's estimate for the query string of its page (zip, type and surface required).
  router.get('/api/valuation', async (ctx) => {
    const site = await deps.sites.current();
    ctx.set('Cache-Control', 'no-cache');
    const lang = apiLang(ctx, site);
    if (!lang) return;
    const config = site.content.valuation;
    const params = withoutLang(ctx.querystring);
    const { inputs, errors } = parseValuationQuery(params, config);
    for (const f of ['zip', 'type', 'surface'] as const) {
      if (inputs[f] === undefined && !errors.some((e) => e.field === f)) errors.push({ field: f, key: 'tool.error.required' });
    }
    if (errors.length) {
      ctx.status = 400;
      ctx.body = answerErrors(site, lang, errors);
      return;
    }
    const index = await valuationIndex(site.listings, config);
    const result = estimateValuation(index, { ...inputs, zip: inputs.zip!, type: inputs.type!, surface: inputs.surface! }, config);
    ctx.body = {
      region: result!.region,
      municipality: municipalityOf(site, inputs.zip, lang) ?? null,
      minComparables: config.minComparables,
      estimates: result!.estimates,
      listings: index.version,
    };
  });

  // The renovation calculator's result for the query string of its page.
  router.get('/api/renovation', async (ctx) => {
    const site = await deps.sites.current();
    ctx.set('Cache-Control', 'no-cache');
    const lang = apiLang(ctx, site);
    if (!lang) return;
    const config = site.content.renovation;
    const thisYear = new Date().getUTCFullYear();
    const params = withoutLang(ctx.querystring);
    params.set('calc', '1'); // the API needs what a result needs
    const { inputs, errors } = parseRenovationQuery(params, config, thisYear);
    if (errors.length) {
      ctx.status = 400;
      ctx.body = answerErrors(site, lang, errors);
      return;
    }
    const r = computeRenovation(inputs, config, thisYear);
    if (!r) {
      ctx.status = 400;
      ctx.body = answerErrors(site, lang, [{ field: 'epc', key: 'calc.error.epcOrEnergy' }]);
      return;
    }
    ctx.body = {
      ...r,
      current: { ...r.current, text: epcDisplayText(r.current.label) },
      after: { ...r.after, text: epcDisplayText(r.after.label) },
      lines: r.lines.map((l) => ({ ...l, name: localize(config.works.find((w) => w.key === l.key)?.name, lang) })),
      grants: r.grants.map((i) => config.grants[i]).map((g) => ({ name: localize(g.name, lang), condition: localize(g.condition, lang), url: g.url })),
    };
  });
}
