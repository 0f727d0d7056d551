/**
 * The editor's one door to the server: typed calls to /api/admin/*. Every write carries the
 * session's anti-CSRF token (X-CSRF-Token); a 4xx comes back as an ApiError with the server's
 * message and, for a refused document, its problems (JSON pointers into the document).
 */
import type { Lang } from '../shared/constants.ts';
import type { LocalizedText } from '../schemas/types.gen.ts';
import type { MediaLimits, MediaView, TrashView } from '../shared/media-library.ts';

export type Role = 'editor' | 'admin';
export interface StaffUser {
  username: string;
  name?: string;
  role: Role;
}
export interface Me {
  user: StaffUser;
  csrf: string;
  /** Languages in use, default first. */
  langs: Lang[];
  defaultLang: Lang;
  /** The public site's origin (for links to the live pages). */
  origin: string;
}

/** A JSON Schema made self-contained for RJSF: every $ref inlined, the module base merged in. */
export type JsonSchema = Record<string, unknown>;

export interface ModuleType {
  view: string;
  version: number;
  title: LocalizedText;
  description?: LocalizedText;
  icon: string;
  category: string;
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  /** Params a new module starts with (no id: the editor picks the next free one). */
  defaults: Record<string, unknown>;
}

export type SingleDoc = 'site' | 'header' | 'footer' | 'banner' | 'popup' | 'cookieConsent' | 'languages' | 'renovation' | 'valuation' | 'redirects';
export type DocKey = SingleDoc | `page:${number}` | `dictionary:${Lang}` | `article:${string}`;

export interface Registry {
  modules: ModuleType[];
  /** Schemas of the documents: `page` (one page record), the single documents, `dictionary`. */
  schemas: Record<'page' | 'article' | SingleDoc | 'dictionary', JsonSchema>;
  /** Highest module id in use anywhere (a new module takes the next one). */
  maxModuleId: number;
  /** Highest page id in use (a new page takes the next one). */
  maxPageId: number;
}

/** One row of the page tree (the newest version of each page, draft or not). */
export interface PageSummary {
  id: number;
  parentId: number | null;
  title: LocalizedText;
  path: string;
  /** The public path in the default language (absent for template pages or hidden parents). */
  publicPath?: string;
  /** The public path in each language in use. */
  paths?: Partial<Record<Lang, string>>;
  status: 'Published' | 'Hidden';
  type: string;
  sort: number;
  showInMenu?: boolean;
  modules: number;
  rev: number;
  /** A draft is newer than the published version. */
  draft: boolean;
  /** Its stored version no longer validates: visitors see the shipped version until it is fixed. */
  repair?: boolean;
  /** Taken off the site (unpublished): kept in the editor, not shown to visitors. */
  offline?: boolean;
  /** Why the site needs it (home, thankYou, login, legal, form…): only an admin may delete it. */
  system?: string[];
  /** Each language in use: written, missing (not shown in it) or older (behind the default language). */
  langs?: Partial<Record<Lang, LangState>>;
  /** Who saved the newest version, and when. */
  at?: string;
  by?: string;
}

export type LangState = 'written' | 'missing' | 'older';

/** One article (blog, services, team, page texts) in its newest version. */
export interface ArticleSummary {
  id: string;
  category: string;
  column?: string;
  date?: string;
  status: 'Published' | 'Hidden';
  title: LocalizedText;
  rev: number;
  draft: boolean;
  repair: boolean;
  publicPath?: string;
  author?: string;
}

export interface DocState<T = unknown> {
  key: DocKey;
  data: T;
  rev: number;
  /** Its number within the document (0: the version shipped with the site). */
  n?: number;
  byName?: string;
  published: boolean;
  /** Who saved this version, and when. */
  by?: string;
  at?: string;
  /** This version no longer validates (the site changed): what is wrong, field by field. */
  repair?: Problem[];
  /** Not stored yet: the first save creates it. */
  isNew?: boolean;
  /** Taken off the site (unpublished). */
  offline?: boolean;
  /** A page's or article's languages, as stored. */
  langs?: Partial<Record<Lang, LangState>>;
  /** A stored draft: what stands between it and publishing. */
  marks?: Problem[];
}

export interface RevisionInfo {
  rev: number;
  /** Its number within the document (0: the version shipped with the site). */
  n?: number;
  at: string;
  by: string;
  /** The person's name (else the e-mail). */
  byName?: string;
  /** The stored line in English (scripts, logs); the editor says `changes` in its own words. */
  summary: string;
  published: boolean;
  offline?: boolean;
  deleted?: boolean;
  /** delete, untrash, publish, unpublish, restore, links, moved, menu… */
  action?: string;
  scheduled?: boolean;
  restoredFrom?: number;
  restoredFromN?: number;
  changes?: DocChange[];
  /** Changes not listed. */
  more?: number;
}

/** One change between two versions (server/content/changes.ts). */
export interface DocChange {
  kind: 'added' | 'removed' | 'changed' | 'moved';
  path: string[];
  item?: { list: string; id: number | string; view?: string; title?: Record<string, string> };
  before?: unknown;
  after?: unknown;
}

/** A version of a document, read-only. */
export interface VersionData {
  rev: number;
  n: number;
  at: string;
  by: string;
  byName?: string;
  data: unknown;
  published: boolean;
}

/** Two versions side by side. */
export interface Comparison {
  a: Omit<VersionData, 'data'>;
  b: Omit<VersionData, 'data'>;
  changes: DocChange[];
  more: number;
}

/** Where a page or article is linked (server/content/links.ts). */
export interface LinkPlace {
  where: 'menu' | 'footer' | 'legal' | 'topBar' | 'popup' | 'subMenu' | 'text' | 'child' | 'template' | 'redirect' | 'relation' | 'author';
  key: string;
  title?: Record<string, string>;
  byId: boolean;
}

/** What deleting a page or article touches. */
export interface Impact {
  key: DocKey;
  title?: Record<string, string>;
  system: Array<{ role: string; detail?: string[] }>;
  links: LinkPlace[];
  paths: Partial<Record<Lang, string>>;
  needsReplacement: boolean;
  blocked: boolean;
}

export interface TrashItem {
  id: string;
  kind: 'page' | 'article' | 'module';
  key: DocKey;
  title?: Record<string, string>;
  view?: string;
  pageTitle?: Record<string, string>;
  deletedAt: string;
  deletedBy: string;
  deletedByName?: string;
  purgeAt: string;
  placeGone: boolean;
}

export interface RedirectRule {
  from: string;
  pageId: number;
  keepRest?: boolean;
  at?: string;
  by?: string;
  reason?: 'deleted' | 'moved' | 'manual';
}

export interface Problem {
  /** JSON pointer into the document (`/modules/2/span`). */
  pointer: string;
  /** In English (the server's words). */
  message: string;
  /** The document it is about, when the server names another one. */
  key?: string;
  /** What it is, for the editor to say in its own language (problemMessage). */
  code?: string;
  params?: Record<string, unknown>;
}

/** A field both people changed since the version the save started from (a 409). */
export interface MergeConflict {
  pointer: string;
  /** `order`: both reordered the same list differently (values are lists of ids). */
  kind: 'value' | 'order';
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface SaveAnswer {
  revision: RevisionInfo;
  /** Merged with what was saved in between (the document as stored is `data`). */
  merged?: boolean;
  mergedWith?: { rev: number; by: string; at: string };
  data?: unknown;
  /** A draft kept with what stands between it and publishing. */
  marks?: Problem[];
  /** Old addresses that now lead to the page (its address changed). */
  redirected?: RedirectRule[];
  /** Came back from the trash as a draft (it could not go live as it was). */
  asDraft?: boolean;
}

export interface MissingText {
  lang: Lang;
  key: DocKey;
  /** Where in the document, and a label people read (page title, field path). */
  pointer: string;
  label: string;
}

/** An image of the media library (uploaded in the editor, resized by the image pipeline), with where it is used. */
export type { MediaView as MediaItem, TrashView as MediaTrashItem, UsePlace, MediaLimits } from '../shared/media-library.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
  get problems(): Problem[] {
    return (this.body.problems as Problem[] | undefined) ?? [];
  }
  /** A 409: who saved the document in between, and when. */
  get conflict(): { by: string; at: string; rev: number } | undefined {
    return this.status === 409 ? (this.body.conflict as { by: string; at: string; rev: number }) : undefined;
  }
  /** A 409: the fields both changed, everything else merged (theirs at those fields), and their whole version. */
  get conflicts(): { items: MergeConflict[]; merged: unknown; theirs: unknown } | undefined {
    if (this.status !== 409) return undefined;
    return { items: (this.body.conflicts as MergeConflict[] | undefined) ?? [], merged: this.body.merged, theirs: this.body.theirs };
  }
}

let csrf = '';
export const setCsrf = (token: string) => void (csrf = token);

export async function call<T>(method: string, path: string, body?: unknown, opts: { raw?: boolean } = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(`/api/admin${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: opts.raw ? 'text/html' : 'application/json',
      ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  if (!res.ok) {
    let data: Record<string, unknown> = {};
    try {
      data = (await res.json()) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, String(data.error ?? `${res.status} ${res.statusText}`), data);
  }
  return (opts.raw ? await res.text() : await res.json()) as T;
}

export const api = {
  me: () => call<Me>('GET', '/me'),
  login: (username: string, password: string) => call<Me>('POST', '/login', { username, password }),
  logout: () => call<{ ok: true }>('POST', '/logout', {}),
  registry: () => call<Registry>('GET', '/registry'),
  pages: () => call<{ pages: PageSummary[]; homeMissing?: boolean }>('GET', '/pages'),
  doc: <T = unknown>(key: DocKey) => call<DocState<T>>('GET', `/docs/${encodeURIComponent(key)}`),
  /** Saves a document; `publish: false` keeps it as a draft. */
  save: <T = unknown>(key: DocKey, data: T, baseRev: number, publish: boolean) =>
    call<SaveAnswer>('PUT', `/docs/${encodeURIComponent(key)}`, { data, baseRev, publish }),
  /** Moves a page or an article to the trash; `replacement` takes its links by id and its old addresses; `force`: an admin's yes for a page the site needs. */
  remove: (key: `page:${number}` | `article:${string}`, baseRev: number, o: { replacement?: number; force?: boolean } = {}) =>
    call<SaveAnswer>('DELETE', `/docs/${encodeURIComponent(key)}`, { baseRev, ...o }),
  /** What deleting a page or an article would touch. */
  impact: (key: DocKey) => call<Impact>('GET', `/docs/${encodeURIComponent(key)}/impact`),
  /** Takes a document off the site (a page, an article), switches the popup off, or brings back the banner live before. */
  unpublish: (key: DocKey, baseRev: number, force?: boolean) =>
    call<SaveAnswer>('POST', `/docs/${encodeURIComponent(key)}/unpublish`, { baseRev, ...(force ? { force } : {}) }),
  trash: () => call<{ items: TrashItem[]; total: number }>('GET', '/trash'),
  /** Brings an item back from the trash; where its place is gone, `parentId` (a page's) or `pageId` (a module's) says where. */
  untrash: (id: string, o: { parentId?: number | null; pageId?: number } = {}) => call<SaveAnswer>('POST', '/trash/restore', { id, ...o }),
  revision: (key: DocKey, rev: number) => call<VersionData>('GET', `/docs/${encodeURIComponent(key)}/revisions/${rev}`),
  compare: (key: DocKey, a: number, b: number) => call<Comparison>('GET', `/docs/${encodeURIComponent(key)}/compare?a=${a}&b=${b}`),
  articles: () => call<{ articles: ArticleSummary[] }>('GET', '/articles'),
  /** The menu's new shape: each page's parent and place among its siblings (only changed pages are saved). */
  menu: (pages: Array<{ id: number; parentId: number | null; sort: number; showInMenu?: boolean }>) =>
    call<{ saved: Array<{ id: number; rev: number }>; problems: Problem[] }>('PUT', '/menu', { pages }),
  publish: (key: DocKey, baseRev: number) => call<SaveAnswer>('POST', `/docs/${encodeURIComponent(key)}/publish`, { baseRev }),
  history: (key: DocKey, offset = 0) => call<{ revisions: RevisionInfo[]; total: number }>('GET', `/docs/${encodeURIComponent(key)}/history?offset=${offset}`),
  /** Brings revision `rev` back (0: the version from the files) as a new published revision. */
  restore: (key: DocKey, rev: number, baseRev: number) => call<SaveAnswer>('POST', `/docs/${encodeURIComponent(key)}/restore`, { rev, baseRev }),
  /** The page as it would look with the unsaved `data`, rendered by the site's renderer (HTML). */
  preview: (key: DocKey, data: unknown, lang: Lang, pageId?: number, ui?: string) =>
    call<string>('POST', '/preview', { key, data, lang, pageId, ui }, { raw: true }),
  media: () => call<{ items: MediaView[]; limits: MediaLimits }>('GET', '/media'),
  uploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call<{ item: MediaView }>('POST', '/media', form);
  },
  /** A new name and/or alt texts per language (an empty text removes that language's). */
  changeMedia: (id: string, change: { name?: string; alt?: Record<string, string> }) =>
    call<{ item: MediaView }>('PATCH', `/media/${encodeURIComponent(id)}`, change),
  /** Into the trash (refused with 409 and where while it is used). */
  trashMedia: (id: string) => call<{ item: TrashView }>('DELETE', `/media/${encodeURIComponent(id)}`),
  mediaTrash: () => call<{ items: TrashView[] }>('GET', '/media/trash'),
  restoreMedia: (id: string) => call<{ item: MediaView }>('POST', `/media/${encodeURIComponent(id)}/restore`, {}),
  /** Texts missing per language in use, over every document. */
  missing: () => call<{ missing: MissingText[] }>('GET', '/missing'),
};
