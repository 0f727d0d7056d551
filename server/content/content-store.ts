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
import type { Lang } from '../../shared/constants.ts';
import { buildContent, type ConfigDocs } from '../config/config.ts';
import type { Problem, SchemaRegistry } from '../config/schemas.ts';
import type { RevisionRepository, Revision as StoredRevision } from '../storage/index.ts';
import { articleInFiles } from './articles.ts';
import { overlayDocs, type OverlayOptions } from './overlay.ts';
import { changeSummary, docProblems, SINGLE_DOCS, type DocKey } from './doc-key.ts';

export { changeSummary, docProblems, isDocKey, SINGLE_DOCS, type DocKey } from './doc-key.ts';

import { rebase } from './rebase.ts';
import type { MergeConflict } from './merge.ts';
import { settle, type RepairMark } from './repair.ts';

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
      /** A draft is kept whatever its state (issue 38): what would stop it from being published, marked. */
      marks?: Problem[];
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
  /** Published off the site: visitors no longer see the document (unpublished). */
  offline?: boolean;
  /** What the revision did (server/storage/types.ts `Revision.action`). */
  action?: string;
  /** Done by the schedule. */
  scheduled?: boolean;
}

/** One document of a batch: saved together, checked as one content, or none of them. */
export interface BatchItem {
  key: DocKey;
  data: unknown;
  baseRev: number;
  publish: boolean;
  action?: string;
  summary?: string;
}

/** The store's revisions, read once at start; this process's saves are added as they are made. */
export interface RevisionData {
  repo: RevisionRepository;
  revisions: Revision[];
}

export async function readRevisions(repo: RevisionRepository): Promise<RevisionData> {
  return { repo, revisions: [...(await repo.all())] as Revision[] };
}

export class ContentStore {
  private live: Content;
  /** Saves run one after the other: the check against the stored revision and the write are one step. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Each document's revisions, oldest first. */
  private readonly byKey = new Map<DocKey, Revision[]>();

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
    for (const r of store.revisions) this.index(r);
    // Stored revisions that no longer validate (a schema changed without a migration) are set
    // aside document by document: that document shows its files' version, the rest stays live.
    const settled = settle<Content>(
      (aside) => {
        this.repairs = aside as Map<DocKey, RepairMark>;
        const docs = this.liveDocs();
        const built = this.build(docs);
        return { content: built.content, problems: docProblems(built.problems, docs) };
      },
      (key) => this.latest(key as DocKey, (r) => r.published)?.rev,
    );
    this.repairs = settled.content ? (settled.repairs as Map<DocKey, RepairMark>) : new Map();
    this.live = settled.content ?? baseContent;
  }

  private index(r: Revision) {
    const list = this.byKey.get(r.key);
    if (list) list.push(r);
    else this.byKey.set(r.key, [r]);
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

  /** The newest revision number of the whole store (0: none). */
  get lastRev(): number {
    return this.store.revisions.at(-1)?.rev ?? 0;
  }

  /** Newest revision of a document (published or draft), or undefined while only the file exists. */
  latest(key: DocKey, filter: (r: Revision) => boolean = () => true): Revision | undefined {
    const all = this.byKey.get(key) ?? [];
    for (let i = all.length - 1; i >= 0; i--) if (filter(all[i])) return all[i];
    return undefined;
  }

  /** Every document that has revisions (deleted ones included). */
  keys(): DocKey[] {
    return [...this.byKey.keys()];
  }

  /** A document's revisions, oldest first. */
  revisionsOf(key: DocKey): readonly Revision[] {
    return this.byKey.get(key) ?? [];
  }

  /** One revision of a document (0: undefined, the files' version has none). */
  revision(key: DocKey, rev: number): Revision | undefined {
    return this.byKey.get(key)?.find((r) => r.rev === rev);
  }

  history(key: DocKey): Revision[] {
    return [...this.revisionsOf(key)].reverse();
  }

  /** A document as the editor opens it: its newest version (draft or not) and that version's number (0: the file). */
  doc(key: DocKey): { data: unknown; rev: number; published: boolean; offline?: boolean } | undefined {
    const r = this.latest(key);
    if (r) return { data: r.data, rev: r.rev, published: r.published, ...(r.offline ? { offline: true } : {}) };
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

  /** What visitors see, as documents (with `extra` laid over as if published). */
  liveDocs(extra?: OverlayOptions['extra']): ConfigDocs {
    return this.overlay((r) => r.published, { extra, hideOffline: true });
  }

  /** The newest version of every document, drafts and unpublished ones and those marked for repair included: what the editor shows. */
  workingDocs(): ConfigDocs {
    return this.overlay(() => true, { withRepairs: true });
  }

  /** The documents with, for each key, the newest revision that `use` accepts laid over the files. */
  overlay(use: (r: Revision) => boolean, o: OverlayOptions = {}): ConfigDocs {
    return overlayDocs(this.base, this.store.revisions, (r) => use(r as Revision) && (!!o.withRepairs || this.usable(r as Revision)), o);
  }

  private build(docs: ConfigDocs) {
    const n = this.lastRev;
    return buildContent(docs, this.registry, this.schemas, n ? `${this.baseVersion}.${n}` : this.baseVersion);
  }

  /** The content as it would be with `data` saved as the published version of `key` (for the preview and a draft's marks). */
  candidate(key: DocKey, data: unknown): { content?: Content; problems: Problem[] } {
    const docs = this.liveDocs([{ key, data }]);
    const r = this.build(docs);
    return { content: r.content, problems: docProblems(r.problems, docs) };
  }

  /**
   * Saves a new revision of a document. `baseRev` is the revision the editor started from: if
   * another save came in meanwhile, it is merged with it (or `conflict` says by whom). A version to
   * publish is refused with its problems when the site with it would not validate; a draft is kept
   * whatever its state, with those problems as `marks` (issue 38, point 2).
   */
  save(key: DocKey, data: unknown, o: SaveOptions): Promise<SaveResult> {
    return this.serial(() => this.saveNow(key, data, o));
  }

  /** Several documents saved as one change (a page deleted and the links to it moved): checked together, all or none. */
  saveBatch(items: BatchItem[], by: string): Promise<SaveResult> {
    return this.serial(() => this.batchNow(items, by));
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async saveNow(key: DocKey, data: unknown, o: SaveOptions): Promise<SaveResult> {
    const current = this.latest(key);
    let merged = false;
    // A deleted document made again from nothing (an article's id comes from its title): a new start, not a merge.
    const recreated = !!current && current.data === null && o.baseRev === 0 && data !== null;
    if ((current?.rev ?? 0) !== o.baseRev && !recreated) {
      const base = o.baseRev === 0 ? { data: this.fileVersion(key) } : this.revision(key, o.baseRev);
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
    let marks: Problem[] | undefined;
    if (o.publish) {
      const docs = this.liveDocs([{ key, data: o.offline ? null : data }]);
      const built = this.build(docs);
      if (!built.content) return { ok: false, problems: docProblems(built.problems, docs) };
    } else if (data !== null) marks = this.candidate(key, data).problems.filter((p) => p.file === key);
    const before = current ? current.data : this.fileVersion(key);
    const revision: Revision = {
      key,
      rev: this.lastRev + 1,
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
      ...(o.offline ? { offline: true } : {}),
      ...(o.action ? { action: o.action } : {}),
      ...(o.scheduled ? { scheduled: true } : {}),
    };
    if (!(await this.append(revision))) {
      // Another server process saved first: its revisions are read and the save is looked at again
      // (merged, or refused as a conflict if that save changed the same fields of this document).
      await this.absorb();
      return this.saveNow(key, data, o);
    }
    if (o.publish) {
      this.repairs.delete(key);
      this.refresh();
    }
    return {
      ok: true,
      revision,
      ...(merged ? { merged, mergedWith: { rev: current!.rev, by: current!.by, at: current!.at } } : {}),
      ...(marks?.length ? { marks } : {}),
    };
  }

  private async batchNow(items: BatchItem[], by: string, retried = false): Promise<SaveResult> {
    // Each document's first item names the revision it started from; a later one (its draft after its live version) follows it.
    const seen = new Set<DocKey>();
    for (const it of items) {
      if (seen.has(it.key)) continue;
      seen.add(it.key);
      const current = this.latest(it.key);
      if ((current?.rev ?? 0) !== it.baseRev) return { ok: false, conflict: current ?? ({ key: it.key, rev: 0, at: this.baseAt, by: '' } as Revision) };
    }
    const published = items.filter((i) => i.publish);
    if (published.length) {
      const docs = this.liveDocs(published.map((i) => ({ key: i.key, data: i.data })).filter((i) => i.data !== undefined));
      const built = this.build(docs);
      if (!built.content) return { ok: false, problems: docProblems(built.problems, docs) };
    }
    let last: Revision | undefined;
    for (const it of items) {
      const current = this.latest(it.key);
      const revision: Revision = {
        key: it.key,
        rev: this.lastRev + 1,
        at: new Date().toISOString(),
        by,
        summary: it.summary ?? changeSummary(current ? current.data : this.fileVersion(it.key), it.data),
        data: structuredClone(it.data),
        published: it.publish,
        ...(it.action ? { action: it.action } : {}),
      };
      if (!(await this.append(revision))) {
        // Another node saved in between: look again (only before the first write; after it, what is written stays).
        await this.absorb();
        if (last || retried) return { ok: false, conflict: this.latest(it.key) ?? revision };
        return this.batchNow(items, by, true);
      }
      last = revision;
    }
    if (published.length) {
      for (const i of published) this.repairs.delete(i.key);
      this.refresh();
    }
    return { ok: true, revision: last! };
  }

  private async append(revision: Revision): Promise<boolean> {
    if (!(await this.store.repo.append(revision as StoredRevision, this.lastRev))) return false;
    this.store.revisions.push(revision);
    this.index(revision);
    return true;
  }

  /**
   * Reads what other server processes saved since (a staff member on another node): their drafts
   * for the editor, and what they published for visitors. Gives whether anything came.
   */
  pull(): Promise<boolean> {
    return this.serial(() => this.absorb());
  }

  private async absorb(): Promise<boolean> {
    const fresh = (await this.store.repo.since(this.lastRev)) as Revision[];
    if (!fresh.length) return false;
    this.store.revisions.push(...fresh);
    for (const r of fresh) this.index(r);
    const published = fresh.filter((r) => r.published);
    for (const r of published) this.repairs.delete(r.key);
    if (published.length) this.refresh();
    return true;
  }

  private refresh() {
    const built = this.build(this.liveDocs());
    if (built.content) this.live = built.content;
  }
}
