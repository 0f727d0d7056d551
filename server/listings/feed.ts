/**
 * Reading the CRM's preloaded response the way CRMs write it. Each record is checked on its own by
 * the registry's schemas, whose `coerce` keyword (server/config/coerce.ts) turns 0/1 flags, numeric
 * strings and empty values into the declared types. What still does not fit is handled by how much
 * it matters:
 *   - a field (or a picture, a document …) that is wrong is left out, and the record is kept;
 *   - a record without a usable ID, language or goal cannot be shown at all: it is refused;
 *   - one language of an ID being refused never drops the others: the report says what was kept.
 * Every problem is said in plain words, with the record and the field.
 */
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import type { CityEntry, ProjectRecord, PropertyRecord, PropertyTypeRecord } from '../../renderer/listing-types.ts';
import type { TreeListItem } from '../../schemas/types.gen.ts';
import type { SchemaRegistry } from '../config/schemas.ts';
import type { Reason, ReasonParams } from '../storage/listing-sets.ts';
import { essentialReason, reasonOf, show } from './feed-reasons.ts';

export type FeedKind = 'property' | 'project' | 'type' | 'city' | 'neighbourhood' | 'file';

export interface FeedProblem {
  kind: FeedKind;
  /** The record's ID, or its place in the file ("#17") when it has no usable ID. */
  id: string;
  lang?: string;
  /** JSON pointer of the field in the record ("/Zip", "/Pictures/3"); "" for the whole record. */
  field: string;
  /** In English (the command line, the log). */
  reason: string;
  /** The reason as a code and its values, for the editor to say in its language (feed-reasons.ts); absent in entries of earlier versions. */
  code?: string;
  params?: ReasonParams;
  /** refused: the record is not used; left out: the field is not used, the record is; note: information. */
  action: 'refused' | 'left out' | 'note';
}

export interface ListingData {
  properties: PropertyRecord[];
  projects: ProjectRecord[];
  webIDs: PropertyTypeRecord[];
  citys: CityEntry[];
  citysSale: CityEntry[];
  citysRent: CityEntry[];
  neighbourhoods: TreeListItem[];
}

export interface FeedCounts {
  /** Distinct IDs kept. */
  properties: number;
  projects: number;
  /** Records (one per ID and language) read and refused. */
  records: number;
  refusedRecords: number;
  /** IDs of which no language could be kept. */
  refusedProperties: number;
  refusedProjects: number;
}

export interface FeedResult {
  /** False when the file is not a preloaded response at all (then data is empty). */
  readable: boolean;
  data: ListingData;
  problems: FeedProblem[];
  counts: FeedCounts;
}

/** "/Pictures/0/Url" → "Pictures #1 › Url": list positions counted from 1, as people count. */
export function fieldName(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((s) => (/^\d+$/.test(s) ? `#${Number(s) + 1}` : s.replace(/~1/g, '/').replace(/~0/g, '~')))
    .join(' › ')
    .replace(/ › #/g, ' #');
}

export function formatFeedProblem(p: FeedProblem): string {
  const what = p.kind === 'file' ? 'file' : `${p.kind} ${p.id}${p.lang ? ` (${p.lang})` : ''}`;
  const field = p.field ? ` ${fieldName(p.field)}` : '';
  const action = p.action === 'refused' ? ' — record refused' : p.action === 'left out' ? ' — left out, the rest of the record is kept' : '';
  return `${what}:${field} ${p.reason}${action}`;
}

interface KindSpec {
  kind: Exclude<FeedKind, 'file'>;
  schema: string;
  /** Fields without which the record cannot be shown at all. */
  essential: string[];
  /** The record's identity (ID and language) for duplicates and the per-ID report. */
  key?: (r: Record<string, unknown>) => string | undefined;
}

const KINDS: Record<Exclude<keyof ListingData, 'citysSale' | 'citysRent'> | 'citysSale' | 'citysRent', KindSpec> = {
  properties: { kind: 'property', schema: 'property', essential: ['ID', 'Goal', 'language'], key: (r) => `${r.ID}` },
  projects: { kind: 'project', schema: 'project', essential: ['ID', 'language'], key: (r) => `${r.ID}` },
  webIDs: { kind: 'type', schema: 'propertyType', essential: ['WebID', 'Name', 'language'] },
  citys: { kind: 'city', schema: 'city', essential: ['Name', 'language'] },
  citysSale: { kind: 'city', schema: 'city', essential: ['Name', 'language'] },
  citysRent: { kind: 'city', schema: 'city', essential: ['Name', 'language'] },
  neighbourhoods: { kind: 'neighbourhood', schema: 'treeItem', essential: ['ID', 'Name'] },
};

const problemReason = (r: Reason) => ({ reason: r.text, code: r.code, ...(r.params ? { params: r.params } : {}) });

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const segmentsOf = (pointer: string) => (pointer ? pointer.slice(1).split('/').map(unescape) : []);

function valueAt(root: unknown, segs: string[]): unknown {
  let v = root;
  for (const s of segs) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[s] : undefined;
  return v;
}

/** Removes the node at `segs` (an array element is spliced out). */
function removeAt(root: Record<string, unknown>, segs: string[]) {
  const parent = valueAt(root, segs.slice(0, -1));
  const last = segs.at(-1)!;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
}

/** A culture code ("fr-BE", "NL") read as the language it names. */
function normaliseLanguage(rec: Record<string, unknown>) {
  const l = rec.language;
  if (typeof l === 'string') {
    const m = /^\s*([a-z]{2})(?:[-_][a-z]{2})?\s*$/i.exec(l);
    if (m) rec.language = m[1].toLowerCase();
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * Checks one record in place: coerced, its broken parts left out. Returns the problems and
 * whether the record is kept.
 */
function checkRecord(
  rec: unknown,
  spec: KindSpec,
  position: number,
  schemas: SchemaRegistry,
): { kept: boolean; problems: FeedProblem[]; id: string; lang?: string; rawLang?: string } {
  const problems: FeedProblem[] = [];
  if (!isRecord(rec)) {
    return {
      kept: false,
      id: `#${position}`,
      problems: [
        {
          kind: spec.kind,
          id: `#${position}`,
          field: '',
          reason: `${show(rec)} is not a record`,
          code: 'notRecord',
          params: { value: show(rec) },
          action: 'refused',
        },
      ],
    };
  }
  normaliseLanguage(rec);
  const rawLang = typeof rec.language === 'string' && rec.language.trim() ? rec.language.trim().slice(0, 12) : undefined;
  let errors = schemas.errors(spec.schema, rec);
  const idOf = () => {
    const id = spec.kind === 'type' ? rec.WebID : spec.kind === 'city' ? rec.Name : rec.ID;
    return (typeof id === 'number' && Number.isInteger(id) && id > 0) || (typeof id === 'string' && id && spec.kind === 'city') ? String(id) : `#${position}`;
  };
  const langOf = () => (typeof rec.language === 'string' && (LANGUAGES as readonly string[]).includes(rec.language) ? rec.language : undefined);
  for (let round = 0; errors.length && round < 5; round++) {
    const drops = new Map<string, { segs: string[]; reason: Reason }>();
    for (const e of errors) {
      let segs = segmentsOf(e.instancePath);
      if (e.keyword === 'required' && segs.length === 0) segs = [String((e.params as { missingProperty: string }).missingProperty)];
      if (segs.length && spec.essential.includes(segs[0])) {
        const r = essentialReason(segs[0], e, valueAt(rec, segs));
        return {
          kept: false,
          id: idOf(),
          lang: langOf(),
          rawLang,
          problems: [
            ...problems,
            { kind: spec.kind, id: idOf(), lang: langOf(), field: `/${segs[0]}`, reason: r.text, code: r.code, params: r.params, action: 'refused' },
          ],
        };
      }
      if (!segs.length) {
        return {
          kept: false,
          id: idOf(),
          lang: langOf(),
          rawLang,
          problems: [...problems, { kind: spec.kind, id: idOf(), lang: langOf(), field: '', ...problemReason(reasonOf(e, rec)), action: 'refused' }],
        };
      }
      const key = segs.join('/');
      // One problem per node; an error deeper in a node that is dropped anyway is not repeated.
      if ([...drops.keys()].some((k) => key === k || key.startsWith(`${k}/`))) continue;
      for (const k of [...drops.keys()]) if (k.startsWith(`${key}/`)) drops.delete(k);
      const missing = (e.params as { missingProperty?: string }).missingProperty;
      const reason =
        e.keyword === 'required' ? { code: 'hasNo', params: { name: String(missing) }, text: `has no ${missing}` } : reasonOf(e, valueAt(rec, segs));
      drops.set(key, { segs, reason });
    }
    // Deepest and last first, so that array positions stay right while splicing.
    const ordered = [...drops.values()].sort((a, b) => b.segs.length - a.segs.length || Number(b.segs.at(-1)) - Number(a.segs.at(-1)));
    for (const d of ordered) {
      problems.push({ kind: spec.kind, id: idOf(), lang: langOf(), field: `/${d.segs.join('/')}`, ...problemReason(d.reason), action: 'left out' });
      removeAt(rec, d.segs);
    }
    errors = schemas.errors(spec.schema, rec);
  }
  if (errors.length) {
    return {
      kept: false,
      id: idOf(),
      lang: langOf(),
      rawLang,
      problems: [...problems, { kind: spec.kind, id: idOf(), lang: langOf(), field: '', reason: 'could not be read', code: 'unreadable', action: 'refused' }],
    };
  }
  return { kept: true, id: idOf(), lang: langOf(), rawLang, problems };
}

export interface NormaliseOptions {
  /** Called every `every` records and at the end: records done of total (0 while the file is still being read), problems so far. */
  onProgress?: (done: number, total: number, problems: number) => void;
  /** Give the event loop a turn every so many records (the server reads feeds while serving). */
  yieldEvery?: number;
}

const tick = () => new Promise<void>((r) => setImmediate(r));

/** The records of one list checked so far: those kept, what was said, each ID's languages. */
interface ListCheck {
  kept: unknown[];
  problems: FeedProblem[];
  /** Per ID: languages kept and refused (properties and projects). */
  langs: Map<string, { kept: string[]; refused: string[] }>;
  records: number;
  refused: number;
}

/**
 * Checks a preloaded response one record at a time, as they come — from a parsed file
 * (normaliseFeed) or while the file is read (feed-stream.ts): each record is checked, coerced and
 * kept or refused at once, so that only the kept records are held. `finish` gives the result.
 */
export class FeedChecker {
  private readonly lists = new Map<keyof ListingData, ListCheck>();
  private done = 0;
  /** Problems said so far. */
  problemCount = 0;

  constructor(
    private readonly schemas: SchemaRegistry,
    private readonly onProgress?: NormaliseOptions['onProgress'],
    private readonly every = 2000,
  ) {}

  /** A list begins (again: a list given twice in a file is the last one, as JSON.parse reads it). */
  startList(list: keyof ListingData) {
    this.lists.set(list, { kept: [], problems: [], langs: new Map(), records: 0, refused: 0 });
  }

  /** Checks entry `position` (from 1) of `list`: the record checked in place if it is kept, else undefined. */
  add(list: keyof ListingData, rec: unknown, position: number): unknown {
    const spec = KINDS[list];
    if (!this.lists.has(list)) this.startList(list);
    const l = this.lists.get(list)!;
    const r = checkRecord(rec, spec, position, this.schemas);
    l.problems.push(...r.problems);
    this.problemCount += r.problems.length;
    if (spec.key && r.id && !r.id.startsWith('#')) {
      const ls = l.langs.get(r.id) ?? { kept: [], refused: [] };
      // A kept record has a language (it is essential): a second one in it is a duplicate.
      if (r.kept && ls.kept.includes(r.lang!)) {
        r.kept = false;
        l.problems.push({
          kind: spec.kind,
          id: r.id,
          lang: r.lang,
          field: '',
          reason: `appears a second time in ${r.lang}; the first record was used`,
          code: 'duplicate',
          params: { lang: String(r.lang) },
          action: 'refused',
        });
        this.problemCount++;
      } else (r.kept ? ls.kept : ls.refused).push(r.lang ?? (r.rawLang ? JSON.stringify(r.rawLang) : 'unknown-language'));
      l.langs.set(r.id, ls);
    }
    if (spec.kind === 'property' || spec.kind === 'project') {
      l.records++;
      if (!r.kept) l.refused++;
    }
    if (++this.done % this.every === 0) this.onProgress?.(this.done, 0, this.problemCount);
    return r.kept ? rec : undefined;
  }

  /** Takes a kept record (after `add`): `kept` is the record as it is held from now on. */
  keep(list: keyof ListingData, kept: unknown) {
    this.lists.get(list)!.kept.push(kept);
  }

  /** The result, once every record was added: `raw` (the file with its lists) checked as a whole. */
  finish(raw: unknown): FeedResult {
    const empty: ListingData = { properties: [], projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] };
    const counts: FeedCounts = { properties: 0, projects: 0, records: 0, refusedRecords: 0, refusedProperties: 0, refusedProjects: 0 };
    const notFeed = fileProblems(raw, this.schemas);
    if (notFeed) return { readable: false, data: empty, counts, problems: notFeed };
    const problems: FeedProblem[] = [];
    const data = empty;
    for (const list of Object.keys(KINDS) as Array<keyof ListingData>) {
      const l = this.lists.get(list);
      if (!l) continue;
      const spec = KINDS[list];
      (data[list] as unknown[]) = l.kept;
      for (const p of l.problems) problems.push(p);
      for (const [id, ls] of l.langs) {
        if (ls.kept.length && ls.refused.length) {
          problems.push({
            kind: spec.kind,
            id,
            field: '',
            reason: `kept in ${ls.kept.join(', ')}; its ${ls.refused.join(', ')} record was refused (visitors in that language see another language)`,
            code: 'partlyKept',
            params: { kept: ls.kept.join(','), refused: ls.refused.join(',') },
            action: 'note',
          });
        }
      }
      counts.records += l.records;
      counts.refusedRecords += l.refused;
      const keptIds = [...l.langs.values()].filter((x) => x.kept.length).length;
      if (spec.kind === 'property') {
        counts.properties = keptIds;
        counts.refusedProperties = l.langs.size - keptIds;
      }
      if (spec.kind === 'project') {
        counts.projects = keptIds;
        counts.refusedProjects = l.langs.size - keptIds;
      }
    }
    this.onProgress?.(this.done, this.done, problems.length);
    return { readable: true, data, problems, counts };
  }
}

/** Why `raw` is not a preloaded response at all, or undefined when it is one. */
function fileProblems(raw: unknown, schemas: SchemaRegistry): FeedProblem[] | undefined {
  if (!isRecord(raw))
    return [
      { kind: 'file', id: '-', field: '', reason: 'is not a preloaded response (an object with a "properties" list)', code: 'notFeed', action: 'refused' },
    ];
  const top = schemas.errors('listings', raw);
  if (!top.length) return undefined;
  return top.map((e): FeedProblem => {
    const segs = segmentsOf(e.instancePath);
    const field = e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : `/${segs.join('/')}`;
    const reason =
      e.keyword === 'required'
        ? { code: 'noList', params: { name: field.slice(1) }, text: 'is missing: the file has no list of properties' }
        : reasonOf(e, valueAt(raw, segs));
    return { kind: 'file', id: '-', field, ...problemReason(reason), action: 'refused' };
  });
}

/** Reads a parsed preloaded response record by record. The records are normalised in place. */
export async function normaliseFeed(raw: unknown, schemas: SchemaRegistry, opts: NormaliseOptions = {}): Promise<FeedResult> {
  const every = opts.yieldEvery ?? 2000;
  const checker = new FeedChecker(schemas, undefined, Infinity);
  if (fileProblems(raw, schemas) || !isRecord(raw)) return checker.finish(raw);
  const lists = Object.keys(KINDS) as Array<keyof ListingData>;
  const total = lists.reduce((n, k) => n + (raw[k] as unknown[]).length, 0);
  let done = 0;
  for (const list of lists) {
    checker.startList(list);
    const records = raw[list] as unknown[];
    for (let i = 0; i < records.length; i++) {
      const kept = checker.add(list, records[i], i + 1);
      if (kept !== undefined) checker.keep(list, kept);
      if (++done % every === 0) {
        opts.onProgress?.(done, total, checker.problemCount);
        await tick();
      }
    }
  }
  const result = checker.finish(raw);
  opts.onProgress?.(done, total, result.problems.length);
  return result;
}

/** The distinct property IDs of a set. */
export const propertyIdsOf = (data: Pick<ListingData, 'properties'>) => [...new Set(data.properties.map((p) => p.ID))];

export type { Lang };
