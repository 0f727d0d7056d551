/**
 * The content staff edit: the site-config files are the first version of every document; each save
 * in the editor is a revision (who, when, what changed) kept in DATA_DIR/revisions.json. A document
 * is one page (`page:12`), one dictionary (`dictionary:fr`) or one of the single settings (`site`,
 * `header`, `footer`, `banner`, `popup`, `cookieConsent`, `languages`) or one article
 * (`article:buyer-registration-duties`). The live content is the files with every document's newest
 * published revision laid over them, validated as a whole; a document that no longer validates (a
 * schema changed) is marked for repair and only it falls back to its files' version (issue 14).
 * A save based on an older revision is merged with what was saved in between (issue 14).
 */
import type { Content, PageRecord } from '../../renderer/content.ts';
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { buildContent, type ConfigDocs } from '../config/config.ts';
import type { Problem, SchemaRegistry } from '../config/schemas.ts';
import type { RevisionRepository, Revision as StoredRevision } from '../storage/index.ts';
import { articleInFiles, articleProblem, ARTICLE_ID, overlayArticles } from './articles.ts';
import { rebase } from './rebase.ts';
import type { MergeConflict } from './merge.ts';
import { settle, type RepairMark } from './repair.ts';

export const SINGLE_DOCS = ['site', 'header', 'footer', 'banner', 'popup', 'cookieConsent', 'languages', 'renovation', 'valuation'] as const;
export type DocKey = (typeof SINGLE_DOCS)[number] | `page:${number}` | `dictionary:${Lang}` | `article:${string}`;

/** A stored revision (server/storage/types.ts) of a document the content knows. */
export interface Revision extends StoredRevision {
  key: DocKey;
}

export type SaveResult =
  | {
      ok: true;
      revision: Revision;
      /** The save was merged with revisions saved in between (its data is the merged document). */ merged?: boolean;
      /** The newest of them. */ mergedWith?: Pick<Revision, 'rev' | 'by' | 'at'>;
    }
  | {
      ok: false;
      conflict: Revision;
      /** Fields both sides changed; `merged` holds everything else merged (theirs at the conflicts). */ conflicts?: MergeConflict[];
      merged?: unknown;
    }
  | { ok: false; problems: Problem[] };

export interface SaveOptions {
  /** The revision the change started from (0: the files' version). */
  baseRev: number;
  by: string;
  publish: boolean;
  restoredFrom?: number;
  summary?: string;
  /** A publish or a restore acts on what the person saw: never merged, refused when something came in between. */
  noMerge?: boolean;
}

/** The store's revisions, read once at start; this process's saves are added as they are made. */
export interface RevisionData {
  repo: RevisionRepository;
  revisions: Revision[];
}

export async function readRevisions(repo: RevisionRepository): Promise<RevisionData> {
  return { repo, revisions: [...(await repo.all())] as Revision[] };
}

export function isDocKey(s: string): s is DocKey {
  return (
    (SINGLE_DOCS as readonly string[]).includes(s) ||
    /^page:[1-9]\d{0,8}$/.test(s) ||
    (s.startsWith('dictionary:') && (LANGUAGES as readonly string[]).includes(s.slice(11))) ||
    (s.startsWith('article:') && s.length <= 8 + 100 && ARTICLE_ID.test(s.slice(8)))
  );
}

/** What changed between two versions of a document, in a line people read ("title/fr, modules: +news-view #62"). */
export function changeSummary(before: unknown, after: unknown): string {
  if (before === undefined || before === null) return after === null ? 'deleted' : 'created';
  if (after === null) return 'deleted';
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length > 12) return;
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    const withIds = (v: unknown): v is Array<{ id: number | string; view?: string }> =>
      Array.isArray(v) && v.every((x) => x && typeof x === 'object' && 'id' in x);
    if (withIds(a) && withIds(b)) {
      const ia = new Map(a.map((x) => [x.id, x]));
      const ib = new Map(b.map((x) => [x.id, x]));
      for (const x of b) if (!ia.has(x.id)) out.push(`${path}: +${x.view ?? ''} #${x.id}`.replace(': + #', ': +#'));
      for (const x of a) if (!ib.has(x.id)) out.push(`${path}: −${x.view ?? ''} #${x.id}`.replace(': − #', ': −#'));
      const orderA = a
        .filter((x) => ib.has(x.id))
        .map((x) => x.id)
        .join();
      const orderB = b
        .filter((x) => ia.has(x.id))
        .map((x) => x.id)
        .join();
      if (orderA !== orderB) out.push(`${path}: order`);
      for (const x of b) if (ia.has(x.id)) walk(ia.get(x.id), x, `${path}/#${x.id}`);
      return;
    }
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
        walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}/${k}` : k);
      return;
    }
    out.push(path || '(all)');
  };
  walk(before, after, '');
  return out.length > 12 ? `${out.slice(0, 12).join(', ')} …` : out.join(', ');
}

/** A problem placed in the document it is about: `file` is a document key (`page:4`) and `pointer` points into that document. */
const FILE_KEYS: Record<string, DocKey> = {
  'site.json': 'site',
  'header.json': 'header',
  'footer.json': 'footer',
  'banner.json': 'banner',
  'popup.json': 'popup',
  'cookie-consent.json': 'cookieConsent',
  'languages.json': 'languages',
  'renovation.json': 'renovation',
  'valuation.json': 'valuation',
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
    const article = articleProblem(p, docs.articles);
    if (article) return article;
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
    // Stored revisions that no longer validate (a schema changed without a migration) are set
    // aside document by document: that document shows its files' version, the rest stays live.
    const settled = settle<Content>(
      (aside) => {
        this.repairs = aside as Map<DocKey, RepairMark>;
        const docs = this.overlay((r) => r.published);
        const built = this.build(docs);
        return { content: built.content, problems: docProblems(built.problems, docs) };
      },
      (key) => this.latest(key as DocKey, (r) => r.published)?.rev,
    );
    this.repairs = settled.content ? (settled.repairs as Map<DocKey, RepairMark>) : new Map();
    this.live = settled.content ?? baseContent;
  }

  /** Documents whose stored version no longer validates: each falls back to its files' version until it is saved again. */
  private repairs = new Map<DocKey, RepairMark>();

  /** The documents marked for repair (key, the revision that no longer validates, its problems). */
  repairList(): Array<{ key: DocKey } & RepairMark> {
    return [...this.repairs].map(([key, m]) => ({ key, ...m }));
  }

  /** Why a document is marked for repair, while its newest version is the one that no longer validates. */
  repairOf(key: DocKey): RepairMark | undefined {
    const mark = this.repairs.get(key);
    return mark && this.latest(key)?.rev === mark.rev ? mark : undefined;
  }

  /** A revision the content may use: not one set aside for repair. */
  private usable(r: Revision): boolean {
    const mark = this.repairs.get(r.key);
    return !mark || r.rev > mark.rev;
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

  /** Every document that has revisions (deleted ones included). */
  keys(): DocKey[] {
    return [...new Set(this.store.revisions.map((r) => r.key))];
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
    if (key.startsWith('article:')) return articleInFiles(this.base.articles, key.slice(8));
    return this.base.single[key as (typeof SINGLE_DOCS)[number]];
  }

  /**
   * The documents with, for each key, the newest revision that `use` accepts laid over the files.
   * Revisions set aside for repair are left out unless `withRepairs` (what the editor shows).
   */
  overlay(use: (r: Revision) => boolean, extra?: { key: DocKey; data: unknown }, withRepairs = false): ConfigDocs {
    const docs: ConfigDocs = { single: { ...this.base.single }, articles: this.base.articles, dictionaries: { ...this.base.dictionaries } };
    const newest = new Map<DocKey, unknown>();
    for (const r of this.store.revisions) if (use(r) && (withRepairs || this.usable(r))) newest.set(r.key, r.data);
    if (extra) newest.set(extra.key, extra.data);
    let pages = [...((docs.single.pages as PageRecord[]) ?? [])];
    const articles = new Map<string, unknown>();
    for (const [key, data] of newest) {
      if (key.startsWith('article:')) {
        articles.set(key.slice(8), data);
        continue;
      }
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
    docs.articles = overlayArticles(this.base.articles, articles);
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
  save(key: DocKey, data: unknown, o: SaveOptions): Promise<SaveResult> {
    const run = this.queue.then(() => this.saveNow(key, data, o));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async saveNow(key: DocKey, data: unknown, o: SaveOptions): Promise<SaveResult> {
    const current = this.latest(key);
    let merged = false;
    // A deleted document made again from nothing (an article's id comes from its title): a new start, not a merge.
    const recreated = !!current && current.data === null && o.baseRev === 0 && data !== null;
    if ((current?.rev ?? 0) !== o.baseRev && !recreated) {
      const base = o.baseRev === 0 ? { data: this.fileVersion(key) } : this.store.revisions.find((r) => r.key === key && r.rev === o.baseRev);
      if (!current || !base || (o.baseRev === 0 && base.data === undefined) || o.baseRev > current.rev) {
        return {
          ok: false,
          problems: [
            {
              file: key,
              pointer: '/',
              code: 'rev.unknown',
              params: { rev: o.baseRev },
              message: `revision ${o.baseRev} of ${key} does not exist (the version from the files is 0)`,
            },
          ],
        };
      }
      // Saved by someone else since: merged with their version where the two touched different fields.
      const r = rebase(key, base.data, data, current.data);
      if (r.conflicts.length || o.noMerge) return { ok: false, conflict: current, conflicts: r.conflicts, merged: r.merged };
      data = r.merged;
      merged = true;
    }
    // A draft is checked like a published version: it must be publishable as it is.
    const drafts = (r: Revision) => r.published || r.key === key;
    const docs = this.overlay(o.publish ? (r) => r.published : drafts, { key, data });
    const built = this.build(docs);
    if (!built.content) return { ok: false, problems: docProblems(built.problems, docs) };
    const before = current ? current.data : this.fileVersion(key);
    const revision: Revision = {
      key,
      rev: (this.store.revisions.at(-1)?.rev ?? 0) + 1,
      at: new Date().toISOString(),
      by: o.by,
      summary:
        o.summary ??
        (o.restoredFrom !== undefined
          ? o.restoredFrom
            ? `restored revision ${o.restoredFrom}`
            : 'restored the version from the files'
          : `${changeSummary(before, data)}${merged ? ` (merged with revision ${current!.rev})` : ''}`),
      data: structuredClone(data),
      published: o.publish,
      ...(o.restoredFrom !== undefined ? { restoredFrom: o.restoredFrom } : {}),
    };
    if (!(await this.store.repo.append(revision as StoredRevision, this.store.revisions.at(-1)?.rev ?? 0))) {
      // Another server process saved first: its revisions are read and the save is looked at again
      // (merged, or refused as a conflict if that save changed the same fields of this document).
      await this.absorb();
      return this.saveNow(key, data, o);
    }
    this.store.revisions.push(revision);
    if (o.publish) {
      this.repairs.delete(key);
      this.refresh();
    }
    return { ok: true, revision, ...(merged ? { merged, mergedWith: { rev: current!.rev, by: current!.by, at: current!.at } } : {}) };
  }

  /** Publishes the newest draft of a document as a new revision. */
  async publish(key: DocKey, baseRev: number, by: string): Promise<SaveResult> {
    const current = this.latest(key);
    if (!current || current.published) return { ok: false, problems: [{ file: key, pointer: '/', message: 'there is no draft to publish' }] };
    return this.save(key, current.data, { baseRev, by, publish: true, summary: `published draft ${current.rev}`, noMerge: true });
  }

  /** Brings an old revision (0: the file's version) back as a new, published revision. */
  async restore(key: DocKey, rev: number, baseRev: number, by: string): Promise<SaveResult | undefined> {
    const old = rev === 0 ? { data: this.fileVersion(key) } : this.store.revisions.find((r) => r.key === key && r.rev === rev);
    if (!old || old.data === undefined) return undefined;
    return this.save(key, old.data, { baseRev, by, publish: true, restoredFrom: rev, noMerge: true });
  }

  /**
   * Reads what other server processes saved since (a staff member on another node): their drafts
   * for the editor, and what they published for visitors. Gives whether anything came.
   */
  pull(): Promise<boolean> {
    const run = this.queue.then(() => this.absorb());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async absorb(): Promise<boolean> {
    const fresh = (await this.store.repo.since(this.store.revisions.at(-1)?.rev ?? 0)) as Revision[];
    if (!fresh.length) return false;
    this.store.revisions.push(...fresh);
    const published = fresh.filter((r) => r.published);
    for (const r of published) this.repairs.delete(r.key);
    if (published.length) this.refresh();
    return true;
  }

  private refresh() {
    const built = this.build(this.overlay((r) => r.published));
    if (built.content) this.live = built.content;
  }
}
