/**
 * The site search's index of one listing set (issue 39): every property and project by the words
 * a visitor types — reference (AT-2026-0132, VK/2025/0001, with or without dashes), street (when
 * its address is public), municipality in every language the set names it in (Schaerbeek,
 * Schaarbeek; Anvers, Antwerpen), postcode, project name and number, type and headline — whatever
 * the visitor's language. Made once per set when it is loaded (server/listings/store.ts,
 * prepareFind), never per query; every node that loads the set makes the same one.
 */
import type { CityEntry, ListingFind, ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';
import { compactReference, wordsOf, type SearchText } from '../../shared/text-match.ts';
import { TextIndex, TextIndexBuilder, type Match } from '../../shared/text-index.ts';

/** Weights of a word by where it stands: a reference or a name says more than a headline. */
const W = { reference: 4, name: 3, place: 2, other: 1 } as const;
/** Documents indexed between two yields to the event loop (an async build). */
const YIELD_EVERY = 2000;
/** A compact reference shorter than this is not taken for one (it would be a postcode or a number). */
const MIN_REFERENCE = 5;

export interface FindSource {
  /** Each property's records (one per language), in the order preferred among equal matches. */
  properties: Array<{ id: number; records: PropertyRecord[] }>;
  projects: Array<{ id: number; records: ProjectRecord[] }>;
  /** The set's municipality lists (every language): a postcode's names in each. */
  cities: readonly CityEntry[];
}

const AMBIGUOUS = -1;

type ByLanguage<T> = Map<number, Partial<Record<string, T>>>;

/** What the site search indexes of a set: available properties first, then newest, each in every language. */
export function findSourceOf(
  props: ByLanguage<PropertyRecord>,
  projs: ByLanguage<ProjectRecord>,
  cities: readonly CityEntry[],
  isAvailable: (p: PropertyRecord) => boolean,
): FindSource {
  const order = [...props.entries()]
    .map(([id, m]) => ({ id, records: Object.values(m) as PropertyRecord[] }))
    .map((p) => ({ ...p, available: isAvailable(p.records[0]), created: p.records[0].CreateDate ?? '' }))
    .sort((a, b) => Number(b.available) - Number(a.available) || (a.created < b.created ? 1 : a.created > b.created ? -1 : a.id - b.id));
  return {
    properties: order.map(({ id, records }) => ({ id, records })),
    projects: [...projs.entries()].map(([id, m]) => ({ id, records: Object.values(m) as ProjectRecord[] })),
    cities,
  };
}

export class ListingFindIndex {
  private constructor(
    private readonly propertyIds: Int32Array,
    private readonly projectIds: Int32Array,
    private readonly properties: TextIndex,
    /** The properties' references, compact (at20260132, vk20250001 and their digits): whole or by their start, no typos. */
    private readonly propertyRefs: RefIndex,
    private readonly projects: TextIndex,
    /** Compact reference → property id (AMBIGUOUS when two properties share it). */
    private readonly references: Map<string, number>,
    /** A one-word municipality name → its names in the set's other languages (schaarbeek → schaerbeek). */
    private readonly placeAliases: Map<string, string[]>,
  ) {}

  /** Made at once (a set that was never prepared, tests). */
  static build(source: FindSource): ListingFindIndex {
    const steps = ListingFindIndex.steps(source);
    let r = steps.next();
    while (!r.done) r = steps.next();
    return r.value;
  }

  /** Made in steps of YIELD_EVERY documents, the event loop free between them (a set being loaded). */
  static async buildAsync(source: FindSource): Promise<ListingFindIndex> {
    const steps = ListingFindIndex.steps(source);
    let r = steps.next();
    while (!r.done) {
      await new Promise((resolve) => setImmediate(resolve));
      r = steps.next();
    }
    return r.value;
  }

  private static *steps(source: FindSource): Generator<void, ListingFindIndex> {
    const placeNames = namesByPostcode(source);
    // The same streets, municipalities and types come back thousands of times: each folded once.
    const folded = new Map<string, string[]>();
    const words = (...texts: Array<string | null | undefined>) => {
      const text = texts.filter(Boolean).join(' ');
      let w = folded.get(text);
      if (!w) folded.set(text, (w = wordsOf(text)));
      return w;
    };
    const places = (zip: string | null | undefined, city: string | null | undefined) => words(city, zip, ...(placeNames.get(zip ?? '') ?? []));
    const references = new Map<string, number>();
    const properties = new TextIndexBuilder();
    const refs: Array<[string, number]> = [];
    const propertyIds = new Int32Array(source.properties.length);
    for (let doc = 0; doc < source.properties.length; doc++) {
      if (doc && doc % YIELD_EVERY === 0) yield;
      const { id, records } = source.properties[doc];
      propertyIds[doc] = id;
      const own = new Set(
        [String(records[0].UniqueCode ?? ''), String(records[0].RecordFile ?? '')].map(compactReference).filter((r) => r.length >= MIN_REFERENCE),
      );
      for (const ref of own) {
        const had = references.get(ref);
        references.set(ref, had === undefined || had === id ? id : AMBIGUOUS);
      }
      for (const ref of new Set([...own, ...[...own].map((r) => r.replace(/^\p{L}+/u, ''))])) if (ref.length >= MIN_REFERENCE) refs.push([ref, doc]);
      for (const p of records) {
        properties.add(doc, places(p.Zip, p.City), W.place);
        if (p.PublishAddress !== false) properties.add(doc, words(p.Street), W.place);
        properties.add(doc, words(p.TypeDescription, p.MainTypeName, p.CountryName), W.other);
      }
    }
    const projects = new TextIndexBuilder();
    const projectIds = new Int32Array(source.projects.length);
    source.projects.forEach(({ id, records }, doc) => {
      projectIds[doc] = id;
      const number = compactReference(String(records[0].ProjectNumber ?? ''));
      if (number) projects.add(doc, [number, number.replace(/^\p{L}+/u, '')].filter(Boolean), W.reference);
      for (const p of records) {
        projects.add(doc, words(p.Name), W.name);
        projects.add(doc, places(p.Zip, p.City), W.place);
        if (p.PublicAddress !== false) projects.add(doc, words(p.Street), W.place);
        projects.add(doc, words(p.WebIDName, p.CountryName), W.other);
      }
    });
    const n = source.properties.length;
    return new ListingFindIndex(
      propertyIds,
      projectIds,
      properties.build(n),
      new RefIndex(refs),
      projects.build(source.projects.length),
      references,
      aliasesOf(placeNames),
    );
  }

  /** What the index holds (the bench prints it). */
  get size() {
    return { properties: this.properties.size, references: this.propertyRefs.size, projects: this.projects.size };
  }

  find(text: SearchText, max: { properties: number; projects: number }, noTypos: ReadonlySet<string> = new Set()): ListingFind {
    const ref = text.compact.length >= MIN_REFERENCE ? this.references.get(text.compact) : undefined;
    const reference = ref !== undefined && ref !== AMBIGUOUS ? ref : undefined;
    const opts = { prefix: true, typos: true, noTypos };
    let main = this.properties.match(text.words, max.properties, opts);
    let projects = this.projects.match(text.words, max.projects, opts);
    // A word one group holds as it is typed is no typo in the other (Colignon, a project, is not a street's near miss).
    const found = (m: Match) => text.words.filter((w) => !m.unmatched.includes(w) && !m.typoOnly.includes(w));
    const known = new Set([...noTypos, ...found(main), ...found(projects)]);
    const strict = { ...opts, noTypos: known };
    if (main.typoOnly.some((w) => known.has(w))) main = this.properties.match(text.words, max.properties, strict);
    if (projects.typoOnly.some((w) => known.has(w))) projects = this.projects.match(text.words, max.projects, strict);
    // A word neither group comes near is left out (and said); one that only the other group knows
    // leaves this group without results (every word must match).
    let unknown = main.unmatched.filter((w) => projects.unmatched.includes(w));
    const fits = (m: { unmatched: string[] }) => m.unmatched.every((w) => unknown.includes(w));
    let docs = fits(main) ? main.docs : [];
    let total = fits(main) ? main.total : 0;
    // A reference, whole or its start, typed with or without dashes (AT-2026-01…, 2026-0132).
    if (/\p{N}/u.test(text.compact) && text.compact.length >= MIN_REFERENCE) {
      const byRef = this.propertyRefs.match(text.compact, max.properties);
      if (byRef.total) {
        docs = byRef.docs;
        total = byRef.total;
        unknown = [];
        projects = this.projects.match([text.compact], max.projects, { prefix: true, typos: false });
      }
    }
    let ids = docs.map((d) => this.propertyIds[d]);
    if (reference !== undefined && ids[0] !== reference) {
      ids = [reference, ...ids.filter((id) => id !== reference)].slice(0, max.properties);
      total = Math.max(total, ids.length);
    }
    return {
      reference,
      properties: { ids, total },
      projects: fits(projects) ? { ids: projects.docs.map((d) => this.projectIds[d]), total: projects.total } : { ids: [], total: 0 },
      unmatched: unknown,
      known: [...known],
      aliases: Object.fromEntries(text.words.flatMap((w) => (this.placeAliases.has(w) ? [[w, this.placeAliases.get(w)!]] : []))),
    };
  }
}

/**
 * The properties' references, compact and sorted (two arrays, not one index entry each: 200,000
 * references at 100,000 properties), found whole or by their start; the lowest documents first.
 */
class RefIndex {
  private readonly refs: string[];
  private readonly docs: Int32Array;

  constructor(pairs: Array<[string, number]>) {
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.refs = pairs.map((p) => p[0]);
    this.docs = Int32Array.from(pairs, (p) => p[1]);
  }

  get size() {
    return { terms: this.refs.length, postings: this.docs.length };
  }

  match(start: string, limit: number): { docs: number[]; total: number } {
    let lo = 0;
    let hi = this.refs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.refs[mid] < start) lo = mid + 1;
      else hi = mid;
    }
    const found = new Set<number>();
    for (let i = lo; i < this.refs.length && this.refs[i].startsWith(start); i++) found.add(this.docs[i]);
    const exact = new Set<number>();
    for (let i = lo; i < this.refs.length && this.refs[i] === start; i++) exact.add(this.docs[i]);
    const docs = [...exact, ...[...found].filter((d) => !exact.has(d)).sort((a, b) => a - b)];
    return { docs: docs.slice(0, limit), total: docs.length };
  }
}

/** One-word municipality names and their other names (Brussel: bruxelles, brussels), folded. */
function aliasesOf(placeNames: Map<string, string[]>): Map<string, string[]> {
  const aliases = new Map<string, Set<string>>();
  for (const names of placeNames.values()) {
    const single = [
      ...new Set(
        names
          .map(wordsOf)
          .filter((w) => w.length === 1 && !/\p{N}/u.test(w[0]))
          .map((w) => w[0]),
      ),
    ];
    for (const name of single) {
      let set = aliases.get(name);
      if (!set) aliases.set(name, (set = new Set()));
      for (const other of single) if (other !== name) set.add(other);
    }
  }
  return new Map([...aliases].filter(([, set]) => set.size > 0).map(([name, set]) => [name, [...set]]));
}

/** Each postcode's municipality names in every language the set gives (its city lists and its records). */
function namesByPostcode(source: FindSource): Map<string, string[]> {
  const names = new Map<string, Set<string>>();
  const add = (zip: string | null | undefined, name: string | null | undefined) => {
    if (!zip || !name) return;
    let set = names.get(zip);
    if (!set) names.set(zip, (set = new Set()));
    set.add(name);
  };
  for (const c of source.cities) add(c.Zip, c.Name);
  for (const { records } of source.properties) for (const p of records) add(p.Zip, p.City);
  for (const { records } of source.projects) for (const p of records) add(p.Zip, p.City);
  return new Map([...names].map(([zip, set]) => [zip, [...set]]));
}
