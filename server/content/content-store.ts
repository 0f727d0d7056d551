/**
 * The content staff edit: the site-config files are the first version of every document; each save
 * in the editor is a revision (who, when, what changed) kept in DATA_DIR/revisions.json. A document
 * is one page (`page:12`), one dictionary (`dictionary:fr`) or one of the single settings (`site`,
 * `header`, `footer`, `banner`, `popup`, `cookieConsent`, `languages`). The live content is the
 * files with every document's newest published revision laid over them, validated as a whole.
 */
import type { Content, PageRecord } from '../../renderer/content.ts';
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { buildContent, type ConfigDocs } from '../config/config.ts';
import type { Problem, SchemaRegistry } from '../config/schemas.ts';
import type { RevisionRepository, Revision as StoredRevision } from '../storage/index.ts';

export const SINGLE_DOCS = ['site', 'header', 'footer', 'banner', 'popup', 'cookieConsent', 'languages', 'renovation', 'valuation'] as const;
export type DocKey = (typeof SINGLE_DOCS)[number] | `page:${number}` | `dictionary:${Lang}`;

/** A stored revision (server/storage/types.ts) of a document the content knows. */
export interface Revision extends StoredRevision {
  key: DocKey;
}

export type SaveResult = { ok: true; revision: Revision } | { ok: false; conflict: Revision } | { ok: false; problems: Problem[] };

/** The store's revisions, read once at start; this process's saves are added as they are made. */
export interface RevisionData {
  repo: RevisionRepository;
  revisions: Revision[];
}

export async function readRevisions(repo: RevisionRepository): Promise<RevisionData> {
  return { repo, revisions: [...(await repo.all())] as Revision[] };
}

export function isDocKey(s: string): s is DocKey {
  return (SINGLE_DOCS as readonly string[]).includes(s) || /^page:[1-9]\d{0,8}$/.test(s) || (s.startsWith('dictionary:') && (LANGUAGES as readonly string[]).includes(s.slice(11)));
}

/** What changed between two versions of a document, in a line people read ("title/fr, modules: +news-view #62"). */
export function changeSummary(before: unknown, after: unknown): string {
  if (before === undefined || before === null) return after === null ? 'deleted' : 'created';
  if (after === null) return 'deleted';
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length > 12) return;
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    const withIds = (v: unknown): v is Array<{ id: number | string; view?: string }> => Array.isArray(v) && v.every((x) => x && typeof x === 'object' && 'id' in x);
    if (withIds(a) && withIds(b)) {
      const ia = new Map(a.map((x) => [x.id, x]));
      const ib = new Map(b.map((x) => [x.id, x]));
      for (const x of b) if (!ia.has(x.id)) out.push(`${path}: +${x.view ?? ''} #${x.id}`.replace(': + #', ': +#'));
      for (const x of a) if (!ib.has(x.id)) out.push(`${path}: −${x.view ?? ''} #${x.id}`.replace(': − #', ': −#'));
      const orderA = a.filter((x) => ib.has(x.id)).map((x) => x.id).join();
      const orderB = b.filter((x) => ia.has(x.id)).map((x) => x.id).join();
      if (orderA !== orderB) out.push(`${path}: order`);
      for (const x of b) if (ia.has(x.id)) walk(ia.get(x.id), x, `${path}/#${x.id}`);
      return;
    }
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}/${k}` : k);
      return;
    }
    out.push(path || '(all)');
  };
  walk(before, after, '');
  return out.length > 12 ? `${out.slice(0, 12).join(', ')} …` : out.join(', ');
}

/** A problem placed in the document it is about: `file` is a document key (`page:4`) and `pointer` points into that document. */
const FILE_KEYS: Record<string, DocKey> = {
  'site.json': 'site', 'header.json': 'header', 'footer.json': 'footer', 'banner.json': 'banner', 'popup.json': 'popup', 'cookie-consent.json': 'cookieConsent', 'languages.json': 'languages',
  'renovation.json': 'renovation', 'valuation.json': 'valuation',
};
export function docProblems(problems: Problem[], docs: ConfigDocs): Problem[] {
  const pages = (docs.single.pages as PageRecord[] | undefined) ?? [];
  return problems.map((p) => {
    if (p.file === 'pages.json') {
      const m = /^\/(\d+)(\/.*)?$/.exec(p.pointer);
      const page = m ? pages[Number(m[1])] : undefined;
      if (page && typeof page.id === 'number') return { ...p, file: `page:${page.id}`, pointer: m![2] || '/' };
      return p;
    }
    const dict = /^dictionaries\/([a-z]{2})\.json$/.exec(p.file);
    if (dict) return { ...p, file: `dictionary:${dict[1]}` };
    return FILE_KEYS[p.file] ? { ...p, file: FILE_KEYS[p.file] } : p;
  });
}

export class ContentStore {
  private live: Content;
  /** Saves run one after the other: the check against the stored revision and the write are one step. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly base: ConfigDocs,
    private readonly baseVersion: string,
    private readonly registry: ModuleRegistry,
    private readonly schemas: SchemaRegistry,
    private readonly store: RevisionData,
    baseContent: Content,
    /** When the files were read (the date of revision 0). */
    readonly baseAt = new Date().toISOString(),
  ) {
    const built = this.build(this.overlay((r) => r.published));
    // Stored revisions that no longer validate (a module type was removed) leave the files in force.
    this.live = built.content ?? baseContent;
  }

  /** The content visitors see. */
  get content(): Content {
    return this.live;
  }

  /** Newest revision of a document (published or draft), or undefined while only the file exists. */
  latest(key: DocKey, filter: (r: Revision) => boolean = () => true): Revision | undefined {
    const all = this.store.revisions;
    for (let i = all.length - 1; i >= 0; i--) if (all[i].key === key && filter(all[i])) return all[i];
    return undefined;
  }

  history(key: DocKey): Revision[] {
    return this.store.revisions.filter((r) => r.key === key).reverse();
  }

  /** A document as the editor opens it: its newest version (draft or not) and that version's number (0: the file). */
  doc(key: DocKey): { data: unknown; rev: number; published: boolean } | undefined {
    const r = this.latest(key);
    if (r) return { data: r.data, rev: r.rev, published: r.published };
    const data = this.fileVersion(key);
    return data === undefined ? undefined : { data, rev: 0, published: true };
  }

  /** The document as the site-config files have it (undefined: not in the files). */
  fileVersion(key: DocKey): unknown {
    if (key.startsWith('page:')) return (this.base.single.pages as PageRecord[] | undefined)?.find((p) => p.id === Number(key.slice(5)));
    if (key.startsWith('dictionary:')) return this.base.dictionaries[key.slice(11) as Lang];
    return this.base.single[key as (typeof SINGLE_DOCS)[number]];
  }

  /** The documents with, for each key, the newest revision that `use` accepts laid over the files. */
  overlay(use: (r: Revision) => boolean, extra?: { key: DocKey; data: unknown }): ConfigDocs {
    const docs: ConfigDocs = { single: { ...this.base.single }, articles: this.base.articles, dictionaries: { ...this.base.dictionaries } };
    const newest = new Map<DocKey, unknown>();
    for (const r of this.store.revisions) if (use(r)) newest.set(r.key, r.data);
    if (extra) newest.set(extra.key, extra.data);
    let pages = [...((docs.single.pages as PageRecord[]) ?? [])];
    for (const [key, data] of newest) {
      if (key.startsWith('page:')) {
        const id = Number(key.slice(5));
        const at = pages.findIndex((p) => p.id === id);
        if (data === null) pages = pages.filter((p) => p.id !== id);
        else if (at >= 0) pages[at] = data as PageRecord;
        else pages.push(data as PageRecord);
      } else if (key.startsWith('dictionary:')) docs.dictionaries[key.slice(11) as Lang] = data;
      else docs.single[key as (typeof SINGLE_DOCS)[number]] = data;
    }
    docs.single.pages = pages;
    return docs;
  }

  private build(docs: ConfigDocs) {
    const n = this.store.revisions.at(-1)?.rev ?? 0;
    return buildContent(docs, this.registry, this.schemas, n ? `${this.baseVersion}.${n}` : this.baseVersion);
  }

  /** The content as it would be with `data` saved as the published version of `key` (for the preview). */
  candidate(key: DocKey, data: unknown): { content?: Content; problems: Problem[] } {
    const docs = this.overlay((x) => x.published, { key, data });
    const r = this.build(docs);
    return { content: r.content, problems: docProblems(r.problems, docs) };
  }

  /**
   * Saves a new revision of a document. `baseRev` is the revision the editor started from: if
   * another save came in meanwhile, nothing is stored and `conflict` says by whom. An invalid
   * document (alone or with the rest of the content) is refused with its problems.
   */
  save(key: DocKey, data: unknown, o: { baseRev: number; by: string; publish: boolean; restoredFrom?: number; summary?: string }): Promise<SaveResult> {
    const run = this.queue.then(() => this.saveNow(key, data, o));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async saveNow(key: DocKey, data: unknown, o: { baseRev: number; by: string; publish: boolean; restoredFrom?: number; summary?: string }): Promise<SaveResult> {
    const current = this.latest(key);
    if ((current?.rev ?? 0) !== o.baseRev) {
      return current
        ? { ok: false, conflict: current }
        : { ok: false, problems: [{ file: key, pointer: '/', message: `revision ${o.baseRev} of ${key} does not exist (the version from the files is 0)` }] };
    }
    // A draft is checked like a published version: it must be publishable as it is.
    const drafts = (r: Revision) => r.published || r.key === key;
    const docs = this.overlay(o.publish ? (r) => r.published : drafts, { key, data });
    const built = this.build(docs);
    if (!built.content) return { ok: false, problems: docProblems(built.problems, docs) };
    const before = current ? current.data : this.fileVersion(key);
    const revision: Revision = {
      key, rev: (this.store.revisions.at(-1)?.rev ?? 0) + 1, at: new Date().toISOString(), by: o.by,
      summary: o.summary ?? (o.restoredFrom !== undefined ? (o.restoredFrom ? `restored revision ${o.restoredFrom}` : 'restored the version from the files') : changeSummary(before, data)), data: structuredClone(data), published: o.publish,
      ...(o.restoredFrom !== undefined ? { restoredFrom: o.restoredFrom } : {}),
    };
    if (!(await this.store.repo.append(revision as StoredRevision, this.store.revisions.at(-1)?.rev ?? 0))) {
      // Another server process saved first: its revisions are read and the save is looked at again
      // (refused as a conflict if that save was of this document).
      this.store.revisions = [...(await this.store.repo.all())] as Revision[];
      return this.saveNow(key, data, o);
    }
    this.store.revisions.push(revision);
    if (o.publish) this.refresh();
    return { ok: true, revision };
  }

  /** Publishes the newest draft of a document as a new revision. */
  async publish(key: DocKey, baseRev: number, by: string): Promise<SaveResult> {
    const current = this.latest(key);
    if (!current || current.published) return { ok: false, problems: [{ file: key, pointer: '/', message: 'there is no draft to publish' }] };
    return this.save(key, current.data, { baseRev, by, publish: true, summary: `published draft ${current.rev}` });
  }

  /** Brings an old revision (0: the file's version) back as a new, published revision. */
  async restore(key: DocKey, rev: number, baseRev: number, by: string): Promise<SaveResult | undefined> {
    const old = rev === 0 ? { data: this.fileVersion(key) } : this.store.revisions.find((r) => r.key === key && r.rev === rev);
    if (!old || old.data === undefined) return undefined;
    return this.save(key, old.data, { baseRev, by, publish: true, restoredFrom: rev });
  }

  private refresh() {
    const built = this.build(this.overlay((r) => r.published));
    if (built.content) this.live = built.content;
  }
}
