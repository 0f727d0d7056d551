/**
 * The Listings screen's words: the server's codes (+ params) for import results, refusals and each
 * record's problems, said in the editor's language. Fields are named as staff know them (the
 * editor's own names, else the site's names for visitors, else the CRM's field name in quotes);
 * never a JSON pointer, a path or a set's id.
 */
import { ApiError } from '../api.ts';
import { formatWhen, langName, tr, useUiLang, type MessageKey, type UiLang, hasMessage } from '../i18n/index.ts';
import type { FeedProblem, ImportEntry, Params } from './listings-api.ts';

const LOCALE: Record<UiLang, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };
const lang = () => useUiLang.getState().lang;
const has = (key: string): key is MessageKey => hasMessage(key);
/** The first letter up (reasons are written to follow "Not imported: "). */
export const cap = (s: string) => (s ? s[0].toLocaleUpperCase(LOCALE[lang()]) + s.slice(1) : s);

export const num = (x: number) => x.toLocaleString(LOCALE[lang()]);
export const percent = (x: number) => new Intl.NumberFormat(LOCALE[lang()], { style: 'percent', maximumFractionDigits: 1 }).format(x);
/** A file size as people read it (kB, MB). */
export function size(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1
    ? `${new Intl.NumberFormat(LOCALE[lang()], { maximumFractionDigits: 1 }).format(mb)} ${lang() === 'fr' ? 'Mo' : 'MB'}`
    : `${Math.max(1, Math.round(bytes / 1024))} ${lang() === 'fr' ? 'ko' : 'kB'}`;
}

/** A date of the server's params ('' when not known). */
const when = (iso: unknown) => (typeof iso === 'string' && iso ? formatWhen(iso) : '—');

/** Values of a reason, made readable: dates, shares as percentages, numbers in the editor's locale. */
function values(code: string, p: Params = {}): Record<string, string | number> {
  const v: Record<string, string | number> = { ...p };
  if (code === 'tooManyRemoved') {
    v.share = percent(Number(p.share));
    v.max = percent(Number(p.max));
  }
  if ('at' in p) v.when = when(p.at);
  return v;
}

/**
 * Why an entry ended as it did (or why an action was refused), in the editor's language; `result`
 * gives the words for an entry of an earlier version that has no code.
 */
export function reasonText(code: string | null | undefined, params?: Params, result?: ImportEntry['result']): string {
  if (code === 'badJson' && params?.line === undefined) return tr('listings.reason.badJsonNowhere');
  const key = `listings.reason.${code}`;
  if (code && has(key)) return tr(key, values(code, params));
  const other = `listings.reason.other.${result}`;
  return has(other) ? tr(other) : '';
}

/** What an action's refusal says: the server's code in the editor's words, else a plain failure. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    const code = e.body.code as string | undefined;
    const params = (e.body.params ?? {}) as Params;
    if (code === 'busy') return busyText({ what: String(params.what), who: String(params.who ?? params.by ?? ''), since: String(params.since) });
    if (code === 'interrupted') return tr('listings.interrupted');
    const text = reasonText(code, params);
    if (text) return cap(text);
  }
  return tr('listings.failed', { error: (e as Error).message || tr('listings.interrupted') });
}

/** What is under way on the server. */
export function busyText(b: { what: string; who?: string; since: string }): string {
  const time = new Date(b.since).toLocaleTimeString(LOCALE[lang()], { hour: '2-digit', minute: '2-digit' });
  return tr('listings.busy', { what: b.what, who: b.who || tr('listings.someone'), time });
}

/** What was done: uploaded, synced, restored, published anyway… */
export function actionText(e: ImportEntry): string {
  if (e.result === 'restored') return tr(e.code === 'publishedRefused' || e.forced ? 'listings.action.publish' : 'listings.action.restore');
  const key = `listings.action.${e.trigger}`;
  return has(key) ? tr(key) : tr('listings.action.upload');
}

/** By whom (their name, else their e-mail); the scheduled sync is "automatically". */
export function whoText(e: ImportEntry): string {
  if (e.who || e.by) return tr('listings.byWho', { who: e.who ?? e.by! });
  return e.trigger === 'sync' ? tr('listings.automatic') : '';
}

/** The counts of an import: properties, projects, records refused, new and taken off. */
export function countsText(e: ImportEntry): string[] {
  const c = e.counts;
  const parts: string[] = [];
  if (c) parts.push(tr('listings.counts', { properties: c.properties, projects: c.projects }));
  if (c?.refusedRecords) parts.push(tr('listings.refusedRecords', { n: num(c.refusedRecords), total: num(c.records) }));
  if (e.removed && e.result !== 'refused') parts.push(tr('listings.changes', { added: e.added ?? 0, removed: e.removed.count }));
  return parts;
}

/** The one sentence of an entry, as the report after an action and the history say it. */
export function entrySentence(e: ImportEntry): string {
  const reason = reasonText(e.code, e.params, e.result);
  switch (e.result) {
    case 'accepted':
      return tr('listings.report.accepted', {
        counts: e.counts ? tr('listings.counts', { properties: e.counts.properties, projects: e.counts.projects }) : '',
      });
    case 'refused':
      return tr('listings.report.refused', { reason: cap(reason) });
    case 'failed':
      return tr('listings.report.failed', { reason: cap(reason) });
    case 'unchanged':
      return tr('listings.report.unchanged');
    default:
      return cap(reason);
  }
}

const KINDS = ['property', 'project', 'type', 'city', 'neighbourhood', 'file'];
const languageOf = (code: string) => (has(`lang.${code}`) ? langName(code) : tr('listings.unknownLang'));
const languages = (list: unknown) =>
  String(list ?? '')
    .split(',')
    .filter(Boolean)
    .map(languageOf)
    .join(', ');

/** The record a problem is about: "Property no. 5002, French", "Municipality “Ixelles”", "The file". */
export function recordText(p: FeedProblem): string {
  const kind = tr(`listings.kind.${KINDS.includes(p.kind) ? p.kind : 'property'}` as MessageKey);
  if (p.kind === 'file') return kind;
  const record = p.id.startsWith('#')
    ? tr('listings.recordAt', { kind, n: p.id.slice(1) })
    : p.kind === 'city'
      ? tr('listings.recordNamed', { kind, id: p.id })
      : tr('listings.recordNo', { kind, id: p.id });
  return p.lang ? tr('listings.recordIn', { record, lang: languageOf(p.lang) }) : record;
}

/** One CRM field by its name: the editor's words, the site's words for visitors, else the CRM's name in quotes. */
function fieldName(name: string, siteLabels?: FeedProblem['fieldLabels']): string {
  const key = `listings.field.${name}`;
  if (has(key)) return tr(key);
  const site = siteLabels?.[lang()];
  return site || tr('listings.fieldUnknown', { name });
}

/** The field a problem is about, from its place in the record: "Photo 1 › web address"; '' for the whole record. */
export function fieldText(p: Pick<FeedProblem, 'field' | 'fieldLabels'>): string {
  const segs = p.field
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (!segs.length || !segs[0]) return '';
  const parts: string[] = [];
  let current = fieldName(segs[0], p.fieldLabels);
  for (const s of segs.slice(1)) {
    if (/^\d+$/.test(s)) current = tr('listings.fieldNth', { field: current, n: Number(s) + 1 });
    else {
      parts.push(current);
      const sub = `listings.sub.${s}`;
      current = has(sub) ? tr(sub) : s;
    }
  }
  parts.push(current);
  return parts.join(' › ');
}

/** What is wrong, in the editor's language (the server's English for entries of earlier versions). */
export function problemText(p: FeedProblem): string {
  const code = p.code;
  const params: Record<string, string | number> = { ...(p.params ?? {}) };
  if (!code || !has(`listings.problem.${code}`)) return p.reason;
  if (code === 'missing' || code === 'hasNo') {
    // A part of a field (a photo's web address) or a field of the record.
    const name = String(params.name ?? '');
    const sub = `listings.sub.${name}`;
    const words = code === 'hasNo' && has(sub) ? tr(sub) : fieldName(name);
    params.name = lang() === 'fr' ? words : cap(words);
  }
  if (code === 'type') {
    const words = String(params.expected ?? '')
      .split(',')
      .map((x) => (has(`listings.type.${x}`) ? tr(`listings.type.${x}` as MessageKey) : x));
    params.expected = words.reduce((a, b) => tr('listings.or', { a, b }));
  }
  if (code === 'format') params.format = String(params.format).replace(/-/g, '');
  if (code === 'duplicate') params.lang = languageOf(String(params.lang));
  if (code === 'partlyKept') {
    params.kept = languages(params.kept);
    params.refused = String(params.refused ?? '')
      .split(',')
      .map((x) => languageOf(x.replace(/^"|"$/g, '')))
      .join(', ');
  }
  if (code === 'noList') return tr('listings.problem.noList');
  return tr(`listings.problem.${code}` as MessageKey, params);
}
