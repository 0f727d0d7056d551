/**
 * What staff do to the content (issue 38), each one function with its own checks — who may, what
 * must hold, what happens after — called by the editor's thin routes (server/editor-api/) and by
 * the schedule alike: save (a draft is kept whatever its state, a version to publish is checked),
 * publish a draft, unpublish, bring an old version back. Deleting to the trash and restoring from
 * it are in delete-ops.ts. A page whose address changes keeps its old addresses as redirects.
 */
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import type { PageRecord } from '../../renderer/content.ts';
import { RouteTable } from '../../shared/routes.ts';
import type { Lang } from '../../shared/constants.ts';
import { HttpError } from '../http/request.ts';
import { hasRole, type StaffRole } from '../auth/staff-accounts.ts';
import type { Problem, SchemaRegistry } from '../config/schemas.ts';
import type { SiteHolder } from '../site/holder.ts';
import type { ContentStore, Revision, SaveResult } from './content-store.ts';
import type { DocKey } from './doc-key.ts';
import { draftShapeProblems, editorForms, libraryImages, sanitizeDoc, textProblems } from './doc-checks.ts';
import type { MediaRepository } from '../storage/index.ts';
import type { Redirect } from '../../schemas/types.gen.ts';
import { systemRoles } from './system-pages.ts';

export interface Actor {
  username: string;
  role: StaffRole;
}

export interface OpDeps {
  store: ContentStore;
  schemas: SchemaRegistry;
  registry: () => Promise<ModuleRegistry>;
  sites: Pick<SiteHolder, 'current' | 'invalidate'>;
  /** The media library: a version to publish may not show an image in its trash (visitors would get a 404). */
  media?: Pick<MediaRepository, 'get'>;
}

/** A redirect kept for an old address (redirects.json; its schema: schemas/redirects.json). */
export type RedirectRule = Redirect;

/** A done save: the stored revision, and what the editor says about it. */
export type Outcome = Extract<SaveResult, { ok: true }> & {
  /** Old addresses that now lead to the page (its address changed). */
  redirected?: RedirectRule[];
};

// Editors write pages, articles, dictionaries, redirects and the home banner (issue 14); the other settings are for admins.
export const roleFor = (key: DocKey): StaffRole =>
  key.startsWith('page:') || key.startsWith('dictionary:') || key.startsWith('article:') || key === 'banner' || key === 'redirects' ? 'editor' : 'admin';

/** An English sentence for scripts and logs, and a code (with its values) the editor says in its own language. */
export const refuse = (status: number, code: string, error: string, extra: Record<string, unknown> = {}) => new HttpError(status, { error, code, ...extra });

export function mayChange(actor: Actor, key: DocKey) {
  if (!hasRole(actor, roleFor(key))) throw refuse(403, 'role.admin', `Only an admin may change ${key}.`);
}

/** A refused save as the editor's API answers it: 409 with who saved in between, 422 with the problems. */
export function answerOf(key: DocKey, r: SaveResult): Outcome {
  if (r.ok) return r;
  if ('conflict' in r) {
    const c = r.conflict;
    const n = r.conflicts?.length ?? 0;
    throw new HttpError(409, {
      error: `${key} was saved by ${c.by} at ${c.at} (revision ${c.rev}) after you opened it${n ? ` and ${n === 1 ? 'one field was' : `${n} fields were`} changed by both of you: choose which version to keep` : ''}; nothing was overwritten.`,
      conflict: { by: c.by, at: c.at, rev: c.rev },
      conflicts: r.conflicts ?? [],
      ...(r.merged !== undefined ? { merged: r.merged } : {}),
      theirs: c.data,
    });
  }
  const mine = r.problems.filter((p) => p.file === key);
  const first = mine[0] ?? r.problems[0];
  throw new HttpError(422, {
    error: `${key} was not saved: ${first ? `${first.file === key ? '' : `${first.file} `}${first.pointer} ${first.message}` : 'it is not valid'}${r.problems.length > 1 ? ` (and ${r.problems.length - 1} more)` : ''}`,
    problems: r.problems.map(problemOut),
  });
}

export const problemOut = (p: Problem) => ({
  key: p.file,
  pointer: p.pointer,
  message: p.message,
  ...(p.code ? { code: p.code } : {}),
  ...(p.params ? { params: p.params } : {}),
});

/** A page's public address in each language it is shown in. */
export function pagePaths(routes: RouteTable, id: number): Partial<Record<Lang, string>> {
  const page = routes.page(id);
  if (!page || routes.templates.has(id)) return {};
  return Object.fromEntries(routes.enabled.filter((l) => routes.available(page, l)).map((l) => [l, routes.pagePath(page, l)]));
}

export class ContentOperations {
  constructor(readonly deps: OpDeps) {}

  get store() {
    return this.deps.store;
  }

  /** Stores a version of a document: published (checked whole, refused with its problems) or a draft (kept whatever its state, its problems marked). */
  async save(actor: Actor, key: DocKey, raw: unknown, o: { baseRev: number; publish: boolean; keepOldAddresses?: boolean }): Promise<Outcome> {
    mayChange(actor, key);
    const registry = await this.deps.registry();
    const data = sanitizeDoc(key, raw, registry, this.deps.schemas.ajv);
    const id = key.startsWith('page:') ? Number(key.slice(5)) : key.startsWith('article:') ? key.slice(8) : undefined;
    if (id !== undefined && (data as { id?: unknown })?.id !== id)
      throw new HttpError(422, { error: `id: must be ${id} (the document being saved)`, problems: [{ key, pointer: '/id', message: `must be ${id}` }] });
    const shape = draftShapeProblems(key, data);
    if (shape.length) throw new HttpError(422, { error: `${key} was not saved: ${shape[0].pointer} ${shape[0].message}`, problems: shape.map(problemOut) });
    const texts = await this.texts(key, data);
    if (o.publish && texts.length) answerOf(key, { ok: false, problems: texts });
    if (key === 'redirects' && o.publish) await this.checkRedirects(actor, data as { redirects?: RedirectRule[] });
    const before = await this.pathsBefore(key);
    const r = answerOf(key, await this.store.save(key, data, { baseRev: o.baseRev, by: actor.username, publish: o.publish }));
    if (!o.publish) {
      const marks = [...texts, ...(r.marks ?? []).filter((m) => !texts.some((t) => t.pointer === m.pointer))];
      return { ...r, marks: marks.length ? marks : undefined };
    }
    return this.published(actor, key, r, before, o.keepOldAddresses);
  }

  /**
   * A redirect staff add (issue 38): not from an address a page answers at (visitors see that page,
   * the redirect would never be used), not to a page below its own address when what is below it
   * goes along (it would lead on and on). Each new one is stamped with who and when.
   */
  private async checkRedirects(actor: Actor, data: { redirects?: RedirectRule[] }) {
    const before = new Set(((this.store.doc('redirects')?.data as { redirects?: RedirectRule[] } | undefined)?.redirects ?? []).map((r) => JSON.stringify(r)));
    const routes = (await this.deps.sites.current()).routes;
    const problems: Problem[] = [];
    (data.redirects ?? []).forEach((r, i) => {
      if (!r || typeof r !== 'object' || before.has(JSON.stringify(r)) || typeof r.from !== 'string') return;
      r.at ??= new Date().toISOString();
      r.by ??= actor.username;
      r.reason ??= 'manual';
      const hit = routes.resolve(r.from);
      if (hit.kind === 'page')
        problems.push({
          file: 'redirects',
          pointer: `/redirects/${i}/from`,
          message: `${r.from} is the address of a page: visitors see that page`,
          code: 'redirect.live',
          params: { path: r.from },
        });
      const page = routes.page(r.pageId);
      if (!page || routes.templates.has(page.id)) return;
      const lang = r.from.split('/')[1] as Lang;
      const target = routes.enabled.includes(lang) && routes.available(page, lang) ? routes.pagePath(page, lang) : routes.pagePath(page, routes.defaultLang);
      if (target === r.from || (r.keepRest && target.startsWith(r.from)))
        problems.push({
          file: 'redirects',
          pointer: `/redirects/${i}/pageId`,
          message: `${r.from} would lead back to itself (${target})`,
          code: 'redirect.loop',
          params: { path: r.from, target },
        });
    });
    if (problems.length) answerOf('redirects', { ok: false, problems });
  }

  /** What stands between a draft and its publication: its texts' problems and the site's checks with it published. */
  async marksOf(key: DocKey, data: unknown): Promise<Problem[]> {
    const texts = await this.texts(key, data);
    const site = this.store.candidate(key, data).problems.filter((p) => p.file === key && !texts.some((t) => t.pointer === p.pointer));
    return [...texts, ...site];
  }

  /** The problems of a document's texts as the site would check them at publish, and the images of the media library's trash it shows. */
  async texts(key: DocKey, data: unknown): Promise<Problem[]> {
    const site = await this.deps.sites.current();
    const forms = editorForms(await this.deps.registry(), this.deps.schemas.ajv);
    const out = textProblems(key, data, { forms, langs: site.routes.enabled, defaultLang: site.routes.defaultLang, store: this.store });
    for (const [id, pointer] of this.deps.media ? libraryImages(data) : []) {
      const item = await this.deps.media!.get(id);
      if (!item || item.deletedAt)
        out.push({
          file: key,
          pointer,
          code: 'media.trashed',
          params: { name: item?.name ?? id },
          message: `shows the image “${item?.name ?? id}”, which is ${item ? 'in the media library’s trash' : 'no longer in the media library'}: restore it, or choose another`,
        });
    }
    return out;
  }

  /** Makes the newest draft (or an unpublished version) live again. */
  async publish(actor: Actor, key: DocKey, baseRev: number, o: { scheduled?: boolean } = {}): Promise<Outcome> {
    mayChange(actor, key);
    const current = this.store.latest(key);
    if (!current || current.data === null || (current.published && !current.offline))
      throw refuse(409, 'publish.noDraft', `${key} has no draft to publish: what is stored is live already.`);
    const texts = await this.texts(key, current.data);
    if (texts.length) answerOf(key, { ok: false, problems: texts });
    const before = await this.pathsBefore(key);
    const r = await this.store.save(key, current.data, {
      baseRev,
      by: actor.username,
      publish: true,
      noMerge: true,
      summary: current.offline ? 'published again' : `published draft ${current.rev}`,
      action: 'publish',
      scheduled: o.scheduled,
    });
    return this.published(actor, key, answerOf(key, r), before);
  }

  /**
   * Takes a document off the site: a page or an article stays in the editor, unpublished (an editor
   * cannot for a page the site needs, an admin only with `force`); the popup stops showing; the home
   * banner goes back to the version that was live before.
   */
  async unpublish(actor: Actor, key: DocKey, baseRev: number, o: { force?: boolean; scheduled?: boolean } = {}): Promise<Outcome> {
    mayChange(actor, key);
    const doc = this.store.doc(key);
    if (!doc || doc.data === null) throw refuse(404, 'doc.missing', `${key} does not exist.`);
    const common = { baseRev, by: actor.username, publish: true, noMerge: true, action: 'unpublish', scheduled: o.scheduled };
    if (key.startsWith('page:') || key.startsWith('article:')) {
      if (doc.offline) throw refuse(409, 'unpublish.already', `${key} is not on the site already.`);
      if (key.startsWith('page:')) this.systemCheck(actor, doc.data as PageRecord, o.force, 'unpublish');
      const r = await this.store.save(key, doc.data, { ...common, offline: true, summary: 'taken off the site' });
      if (r.ok) this.deps.sites.invalidate();
      return answerOf(key, r);
    }
    if (key === 'popup') {
      const r = await this.store.save(key, { ...(doc.data as object), isPublished: 'no' }, { ...common, summary: 'popup switched off' });
      if (r.ok) this.deps.sites.invalidate();
      return answerOf(key, r);
    }
    if (key === 'banner') {
      const published = this.store.revisionsOf(key).filter((r) => r.published && r.data !== null);
      const earlier = published.length >= 2 ? published.at(-2)!.data : published.length === 1 ? this.store.fileVersion(key) : undefined;
      if (earlier === undefined) throw refuse(409, 'unpublish.noEarlier', 'The home banner has no earlier version to go back to.');
      const r = await this.store.save(key, earlier, { ...common, summary: 'back to the banner live before' });
      if (r.ok) this.deps.sites.invalidate();
      return answerOf(key, r);
    }
    throw refuse(405, 'unpublish.notFor', `${key} cannot be taken off the site: change it instead.`);
  }

  /** Brings revision `rev` (0: the version from the files) back as a new published revision. */
  async restoreVersion(actor: Actor, key: DocKey, rev: number, baseRev: number): Promise<Outcome> {
    mayChange(actor, key);
    const old = rev === 0 ? { data: this.store.fileVersion(key) } : this.store.revision(key, rev);
    if (!old || old.data === undefined || old.data === null)
      throw new HttpError(404, { error: `${key} has no revision ${rev}.`, field: 'rev', code: 'rev.unknown', params: { rev } });
    const texts = await this.texts(key, old.data);
    if (texts.length) answerOf(key, { ok: false, problems: texts });
    const before = await this.pathsBefore(key);
    const r = await this.store.save(key, old.data, { baseRev, by: actor.username, publish: true, restoredFrom: rev, noMerge: true, action: 'restore' });
    return this.published(actor, key, answerOf(key, r), before);
  }

  /** A system page (the home page, a thank-you page…): refused to an editor; an admin confirms with `force`. */
  systemCheck(actor: Actor, page: PageRecord, force: boolean | undefined, what: 'delete' | 'unpublish') {
    const roles = systemRoles(page, this.store.workingDocs());
    if (!roles.length) return;
    if (actor.role !== 'admin')
      throw refuse(403, `${what}.system`, `This page is needed by the site (${roles.map((r) => r.role).join(', ')}): only an admin may ${what} it.`, { roles });
    if (!force)
      throw refuse(
        409,
        `${what}.systemConfirm`,
        `This page is needed by the site (${roles.map((r) => r.role).join(', ')}): confirm with force to ${what} it.`,
        {
          roles,
        },
      );
  }

  private async pathsBefore(key: DocKey) {
    if (!key.startsWith('page:')) return undefined;
    return pagePaths((await this.deps.sites.current()).routes, Number(key.slice(5)));
  }

  /** After a publish: the site is told, and a page whose address changed keeps its old ones (unless asked not to). */
  private async published(actor: Actor, key: DocKey, r: Outcome, before: Partial<Record<Lang, string>> | undefined, keep = true): Promise<Outcome> {
    this.deps.sites.invalidate();
    if (!before || !r.revision.published) return r;
    const id = Number(key.slice(5));
    const after = pagePaths(new RouteTable(this.store.content), id);
    const moved = keep ? (Object.entries(before) as Array<[Lang, string]>).filter(([l, p]) => after[l] !== p).map(([, from]) => from) : [];
    const now = Object.values(after);
    const doc = this.store.doc('redirects');
    const list = ((doc?.data as { redirects?: RedirectRule[] } | undefined)?.redirects ?? []).filter((x) => !moved.includes(x.from));
    // An address the page has again is no longer an old one.
    const kept = list.filter((x) => !(x.pageId === id && now.includes(x.from)));
    const added: RedirectRule[] = moved.map((from) => ({ from, pageId: id, keepRest: true, at: r.revision.at, by: actor.username, reason: 'moved' }));
    if (!added.length && kept.length === list.length && list.length === ((doc?.data as { redirects?: unknown[] })?.redirects?.length ?? 0)) return r;
    const saved = await this.store.save(
      'redirects',
      { redirects: [...kept, ...added] },
      { baseRev: doc ? doc.rev : 0, by: actor.username, publish: true, action: 'moved' },
    );
    if (saved.ok) this.deps.sites.invalidate();
    return added.length && saved.ok ? { ...r, redirected: added } : r;
  }

  /** A page back at its addresses: the redirects from them are old addresses no more (the page answers there). */
  async dropRedirectsFrom(actor: Actor, pageId: number): Promise<void> {
    const site = await this.deps.sites.current();
    const live = Object.values(pagePaths(site.routes, pageId));
    const doc = this.store.doc('redirects');
    const list = (doc?.data as { redirects?: RedirectRule[] } | undefined)?.redirects ?? [];
    const kept = list.filter((r) => !live.includes(r.from));
    if (!doc || kept.length === list.length) return;
    const r = await this.store.save('redirects', { redirects: kept }, { baseRev: doc.rev, by: actor.username, publish: true, action: 'moved' });
    if (r.ok) this.deps.sites.invalidate();
  }

  /** Newest revision of a document, as the editor's API shows it. */
  static info(r: Revision) {
    return {
      rev: r.rev,
      at: r.at,
      by: r.by,
      summary: r.summary,
      published: r.published,
      ...(r.offline ? { offline: true } : {}),
      ...(r.action ? { action: r.action } : {}),
      ...(r.scheduled ? { scheduled: true } : {}),
      ...(r.restoredFrom !== undefined ? { restoredFrom: r.restoredFrom } : {}),
    };
  }
}
