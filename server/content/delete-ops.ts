/**
 * Deleting and bringing back (issue 38, point 1). A page or an article goes to the trash (kept 30
 * days, restorable with its history); a page the site needs cannot be deleted by an editor, and an
 * admin is told what breaks first. Before it goes, staff see where it is linked; links by id (the
 * footer, the top bar, the popup, sub-menus, redirects) move to the page they pick, which its old
 * addresses then lead to (301). Restoring puts an item back where it was, or asks where when its
 * place is gone.
 */
import type { Article, PageRecord } from '../../renderer/content.ts';
import type { Lang } from '../../shared/constants.ts';
import { HttpError } from '../http/request.ts';
import type { BatchItem } from './content-store.ts';
import type { DocKey } from './doc-key.ts';
import { articleLinks, moveLinks, pageLinks, type LinkPlace } from './links.ts';
import { answerOf, mayChange, pagePaths, refuse, type Actor, type ContentOperations, type Outcome, type RedirectRule } from './operations.ts';
import { systemRoles, type SystemRoleOf } from './system-pages.ts';
import { trashedDoc, trashedModules, TRASH_DAYS } from './trash.ts';

export interface Impact {
  key: DocKey;
  title?: Record<string, string>;
  /** Why the site needs the page (empty: an ordinary page). */
  system: SystemRoleOf[];
  links: LinkPlace[];
  /** Its public addresses, per language it is shown in. */
  paths: Partial<Record<Lang, string>>;
  /** Links by id that must move to another page before it can go (pages below it and detail templates cannot). */
  needsReplacement: boolean;
  /** What stops the deletion whatever is picked: pages below it. */
  blocked: boolean;
}

type ModuleLike = { id: number; [k: string]: unknown };

export class DeleteOperations {
  constructor(private readonly ops: ContentOperations) {}

  private get store() {
    return this.ops.store;
  }

  /** What deleting a page or an article would touch, for the editor to show before it asks. */
  async impact(key: DocKey): Promise<Impact> {
    const doc = this.store.doc(key);
    if (!doc || doc.data === null) throw refuse(404, 'doc.missing', `${key} does not exist.`);
    const site = await this.ops.deps.sites.current();
    const docs = this.store.workingDocs();
    if (key.startsWith('page:')) {
      const page = doc.data as PageRecord;
      const paths = pagePaths(site.routes, page.id);
      const links = pageLinks(docs, page.id, Object.values(paths));
      return {
        key,
        title: page.title,
        system: systemRoles(page, docs),
        links,
        paths,
        needsReplacement: links.some((l) => l.byId && l.where !== 'child' && l.where !== 'template' && l.where !== 'redirect'),
        blocked: links.some((l) => l.where === 'child' || l.where === 'template'),
      };
    }
    if (key.startsWith('article:')) {
      const article = doc.data as Article;
      const live = site.content.articles.find((a) => a.id === article.id);
      const paths: Partial<Record<Lang, string>> = live ? site.routes.alternates(site.routes.categoryPage(live.category)!, live) : {};
      const links = articleLinks(
        docs,
        article.id,
        Object.values(paths).filter((p): p is string => !!p),
      );
      return { key, title: article.title, system: [], links, paths, needsReplacement: false, blocked: links.some((l) => l.byId) };
    }
    throw refuse(405, 'delete.notFor', 'Only pages and articles can be deleted.');
  }

  /**
   * Moves a page or an article to the trash. `replacement`: the page its old addresses lead to and
   * its links by id move to. `force`: an admin's confirmation for a page the site needs.
   */
  async remove(actor: Actor, key: DocKey, baseRev: number, o: { replacement?: number; force?: boolean } = {}): Promise<Outcome> {
    if (!key.startsWith('page:') && !key.startsWith('article:')) throw refuse(405, 'delete.notFor', 'Only pages and articles can be deleted.');
    mayChange(actor, key);
    const impact = await this.impact(key);
    if (key.startsWith('page:')) this.ops.systemCheck(actor, this.store.doc(key)!.data as PageRecord, o.force, 'delete');
    const working = this.store.workingDocs();
    const pages = (working.single.pages as PageRecord[]) ?? [];
    if (o.replacement !== undefined) {
      const to = pages.find((p) => p.id === o.replacement);
      if (!to || `page:${to.id}` === key || pages.some((p) => p.listing?.detailPageId === to.id))
        throw new HttpError(422, {
          error: 'replacement: must be another page of the site that has an address',
          field: 'replacement',
          code: 'delete.badReplacement',
        });
    }
    if (impact.blocked)
      throw refuse(409, 'delete.blocked', `${key} cannot be deleted while other pages or articles depend on it.`, {
        links: impact.links.filter((l) => l.byId),
      });
    if (impact.needsReplacement && o.replacement === undefined)
      throw refuse(409, 'delete.linked', `${key} is linked by id: pick the page its links move to.`, { links: impact.links });
    // Its links by id move to the page picked (in the live version of each document, and in a draft of it too).
    const items: BatchItem[] = [];
    const drafts: BatchItem[] = [];
    const now = new Date().toISOString();
    if (key.startsWith('page:')) {
      const id = Number(key.slice(5));
      const live = this.store.liveDocs();
      for (const change of moveLinks(live, id, o.replacement)) {
        if (change.key === 'redirects') continue;
        const latest = this.store.latest(change.key);
        items.push({ key: change.key, data: change.data, baseRev: latest?.rev ?? 0, publish: true, action: 'links', summary: `links to ${key} moved` });
      }
      for (const change of moveLinks(working, id, o.replacement)) {
        const latest = this.store.latest(change.key);
        if (change.key !== 'redirects' && latest && !latest.published)
          drafts.push({ key: change.key, data: change.data, baseRev: latest.rev, publish: false, action: 'links', summary: `links to ${key} moved` });
      }
      const rules = ((this.store.doc('redirects')?.data as { redirects?: RedirectRule[] } | undefined)?.redirects ?? []).map((r) =>
        r.pageId === id ? (o.replacement === undefined ? undefined : { ...r, pageId: o.replacement }) : r,
      );
      const fresh: RedirectRule[] =
        o.replacement === undefined
          ? []
          : Object.values(impact.paths).map((from) => ({ from: from!, pageId: o.replacement!, at: now, by: actor.username, reason: 'deleted' as const }));
      const list = [...rules.filter((r): r is RedirectRule => !!r && !fresh.some((f) => f.from === r.from)), ...fresh];
      const before = (this.store.doc('redirects')?.data as { redirects?: unknown[] } | undefined)?.redirects ?? [];
      if (JSON.stringify(list) !== JSON.stringify(before))
        items.push({ key: 'redirects', data: { redirects: list }, baseRev: this.store.latest('redirects')?.rev ?? 0, publish: true, action: 'links' });
    } else if (o.replacement !== undefined) {
      const doc = this.store.doc('redirects');
      const list = (doc?.data as { redirects?: RedirectRule[] } | undefined)?.redirects ?? [];
      const fresh = Object.values(impact.paths).map((from) => ({
        from: from!,
        pageId: o.replacement!,
        at: now,
        by: actor.username,
        reason: 'deleted' as const,
      }));
      items.push({
        key: 'redirects',
        data: { redirects: [...list.filter((r) => !fresh.some((f) => f.from === r.from)), ...fresh] },
        baseRev: doc?.rev ?? 0,
        publish: true,
        action: 'links',
      });
    }
    items.push({ key, data: null, baseRev, publish: true, action: 'delete', summary: 'deleted' }, ...drafts);
    const r = answerOf(key, await this.store.saveBatch(items, actor.username));
    this.ops.deps.sites.invalidate();
    return r;
  }

  /**
   * Brings an item back from the trash where it was: a page or an article as it was (live if it
   * was, with its draft after it), a module into its page at its place. Where its place is gone
   * (the parent page, the module's page), `parentId` / `pageId` say where to put it, else 409.
   */
  async untrash(actor: Actor, id: string, o: { parentId?: number | null; pageId?: number } = {}): Promise<Outcome & { asDraft?: boolean }> {
    const m = /^(page:\d+|article:.+|module:(\d+))$/.exec(id);
    if (!m) throw new HttpError(400, { error: 'id: must be a page, article or module in the trash', field: 'id', code: 'trash.badId' });
    const pages = (this.store.workingDocs().single.pages as PageRecord[]) ?? [];
    if (m[2]) return this.untrashModule(actor, Number(m[2]), pages, o.pageId);
    const key = id as DocKey;
    mayChange(actor, key);
    const t = trashedDoc(this.store, key);
    if (!t) throw refuse(410, 'trash.gone', `${key} is not in the trash (or was deleted more than ${TRASH_DAYS} days ago).`);
    let data = structuredClone(t.last.data) as PageRecord;
    let draftData = t.last.published ? undefined : (structuredClone(t.last.data) as PageRecord);
    let liveData = t.last.published ? data : t.lastPublished ? (structuredClone(t.lastPublished.data) as PageRecord) : undefined;
    if (key.startsWith('page:') && data.parentId != null && !pages.some((p) => p.id === data.parentId)) {
      if (o.parentId === undefined) throw refuse(409, 'trash.placeGone', 'The page it was under is gone: say where to put it.', { placeGone: 'parent' });
      if (o.parentId !== null && !pages.some((p) => p.id === o.parentId))
        throw new HttpError(422, { error: 'parentId: must be a page of the site, or null for the top level', field: 'parentId', code: 'trash.badParent' });
      const place = (x: PageRecord | undefined) => (x ? { ...x, parentId: o.parentId! } : x);
      data = place(data)!;
      draftData = place(draftData);
      liveData = place(liveData);
    }
    const items: Parameters<typeof this.store.saveBatch>[0] = [];
    if (liveData) items.push({ key, data: liveData, baseRev: t.deleted.rev, publish: true, action: 'untrash', summary: 'back from the trash' });
    if (draftData)
      items.push({ key, data: draftData, baseRev: liveData ? -1 : t.deleted.rev, publish: false, action: 'untrash', summary: 'back from the trash (draft)' });
    let r = await this.store.saveBatch(items, actor.username);
    let asDraft = !liveData;
    if (!r.ok && 'problems' in r && liveData) {
      // It cannot go live as it was (its address is someone else's now): it comes back as a draft, with why.
      r = await this.store.saveBatch(
        [{ key, data: draftData ?? liveData, baseRev: t.deleted.rev, publish: false, action: 'untrash', summary: 'back from the trash (draft)' }],
        actor.username,
      );
      if (r.ok)
        return {
          ...r,
          asDraft: true,
          marks: (await this.ops.texts(key, draftData ?? liveData)).concat(
            this.store.candidate(key, draftData ?? liveData).problems.filter((p) => p.file === key),
          ),
        };
      asDraft = true;
    }
    this.ops.deps.sites.invalidate();
    const out = { ...answerOf(key, r), asDraft };
    if (key.startsWith('page:') && !asDraft) await this.ops.dropRedirectsFrom(actor, Number(key.slice(5)));
    return out;
  }

  private async untrashModule(actor: Actor, id: number, pages: PageRecord[], pageId?: number): Promise<Outcome & { asDraft?: boolean }> {
    const gone = trashedModules(this.store).get(id);
    if (!gone) throw refuse(410, 'trash.gone', `module ${id} is not in the trash (or was taken off more than ${TRASH_DAYS} days ago).`);
    let key = gone.key;
    if (!pages.some((p) => `page:${p.id}` === key)) {
      if (pageId === undefined) throw refuse(409, 'trash.placeGone', 'Its page is gone: say which page to put it on.', { placeGone: 'page' });
      if (!pages.some((p) => p.id === pageId))
        throw new HttpError(422, { error: 'pageId: must be a page of the site', field: 'pageId', code: 'trash.badPage' });
      key = `page:${pageId}`;
    }
    mayChange(actor, key);
    const latest = this.store.doc(key)!;
    const page = structuredClone(latest.data) as PageRecord;
    const modules = [...((page.modules ?? []) as unknown as ModuleLike[])];
    const module = structuredClone(gone.module) as ModuleLike;
    // Its id is its own unless a module took it meanwhile.
    const used = new Set(pages.flatMap((p) => (p.modules ?? []).map((x) => x.id)));
    if (used.has(module.id)) module.id = Math.max(0, ...used, ...trashedModules(this.store).keys()) + 1;
    modules.splice(key === gone.key ? Math.min(gone.index, modules.length) : modules.length, 0, module);
    page.modules = modules.map((x, i) => ({ ...x, sort: i + 1 })) as unknown as PageRecord['modules'];
    const publish = latest.published && !latest.offline;
    let r = await this.store.save(key, page, {
      baseRev: latest.rev,
      by: actor.username,
      publish,
      noMerge: true,
      action: 'untrash',
      summary: `module ${id} back from the trash`,
    });
    let asDraft = !publish;
    if (!r.ok && 'problems' in r && publish) {
      r = await this.store.save(key, page, { baseRev: latest.rev, by: actor.username, publish: false, noMerge: true, action: 'untrash' });
      asDraft = true;
    }
    this.ops.deps.sites.invalidate();
    return { ...answerOf(key, r), asDraft };
  }
}
