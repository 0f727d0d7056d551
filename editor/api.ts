/**
 * The editor's one door to the server: typed calls to /api/admin/*. Every write carries the
 * session's anti-CSRF token (X-CSRF-Token); a 4xx comes back as an ApiError with the server's
 * message and, for a refused document, its problems (JSON pointers into the document). A 401 (the
 * session ended) first asks the person to log in again over the screen, then sends the request once
 * more (issue 38, point 5).
 */
import type { Lang } from '../shared/constants.ts';
import type { LocalizedText } from '../schemas/types.gen.ts';
import type { Comparison, DocChange, Impact, RedirectRule, VersionData } from './api-content.ts';
import type { TrashItem } from '../shared/trash-item.ts';

export type { Comparison, DocChange, Impact, LinkPlace, RedirectRule, TrashItem, VersionData } from './api-content.ts';
import type { MediaLimits, MediaView, TrashView } from '../shared/media-library.ts';
import type { AutosaveRecord, PresentPerson } from '../shared/editing.ts';

export type { AutosaveRecord, PresentPerson } from '../shared/editing.ts';

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

export type SingleDoc =
  'site' | 'header' | 'footer' | 'banner' | 'popup' | 'cookieConsent' | 'languages' | 'renovation' | 'valuation' | 'buyingCosts' | 'redirects';
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
  offline?: boolean;
  langs?: Partial<Record<Lang, LangState>>;
  paths?: Partial<Record<Lang, string>>;
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
  /** For a module's text: the module's type. */
  view?: string;
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

export interface CallOptions {
  /** The answer as text (the preview's HTML). */
  raw?: boolean;
  /**
   * Sent by the editor by itself (presence, autosave), not by a click of the person: when the
   * session has ended it asks for the password only if the person has not just closed that question.
   */
  background?: boolean;
  /** Sent even while the page goes away (a window closing a document). */
  keepalive?: boolean;
}

/**
 * What the editor does when a request is answered 401 (the session ended, issue 38 point 5): asks
 * for the password over the current screen. Resolves true once the same person logged in again
 * (the request is then sent once more, with the new anti-CSRF token), false when they closed the
 * question. Requests failing meanwhile wait for the same answer.
 */
type LoginAgain = (background: boolean) => Promise<boolean>;
let loginAgain: LoginAgain | null = null;
export const onSessionEnded = (fn: LoginAgain | null) => void (loginAgain = fn);

/** Another person logged in in this browser: nothing more is sent for the one before (the page reloads). */
let halted = false;
export const haltRequests = () => void (halted = true);

/** Words for a request refused because nobody is logged in (the editor says them in its language). */
let loggedOutWords = () => 'You are logged out: log in again to go on.';
export const setLoggedOutWords = (fn: () => string) => void (loggedOutWords = fn);

export async function call<T>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  if (halted) throw new ApiError(401, loggedOutWords(), { code: 'session.switched' });
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const send = () =>
    fetch(`/api/admin${path}`, {
      method,
      credentials: 'same-origin',
      keepalive: opts.keepalive,
      headers: {
        accept: opts.raw ? 'text/html' : 'application/json',
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  let res = await send();
  // The session ended: the person logs in again over the screen, then the request goes once more
  // (not for logging in, nor for logging out: that one is done already).
  const asks = path !== '/login' && path !== '/logout';
  if (res.status === 401 && asks && loginAgain && (await loginAgain(!!opts.background)) && !halted) res = await send();
  if (!res.ok) {
    let data: Record<string, unknown> = {};
    try {
      data = (await res.json()) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    const message = res.status === 401 && asks ? loggedOutWords() : String(data.error ?? `${res.status} ${res.statusText}`);
    throw new ApiError(res.status, message, data);
  }
  return (opts.raw ? await res.text() : await res.json()) as T;
}

export const api = {
  me: () => call<Me>('GET', '/me'),
  login: (username: string, password: string, captcha?: { captcha: string; captchaToken: string }) =>
    call<Me>('POST', '/login', { username, password, ...captcha }),
  logout: () => call<{ ok: true }>('POST', '/logout', {}),
  registry: () => call<Registry>('GET', '/registry'),
  pages: () => call<{ pages: PageSummary[]; homeMissing?: boolean }>('GET', '/pages'),
  doc: <T = unknown>(key: DocKey) => call<DocState<T>>('GET', `/docs/${encodeURIComponent(key)}`),
  /** Saves a document; `publish: false` keeps it as a draft. */
  save: <T = unknown>(key: DocKey, data: T, baseRev: number, publish: boolean, extra: { keepOldAddresses?: boolean } = {}) =>
    call<SaveAnswer>('PUT', `/docs/${encodeURIComponent(key)}`, { data, baseRev, publish, ...extra }),
  /** Moves a page or an article to the trash; `replacement` takes its links by id and its old addresses; `force`: an admin's yes for a page the site needs. */
  remove: (key: `page:${number}` | `article:${string}`, baseRev: number, o: { replacement?: number; force?: boolean } = {}) =>
    call<SaveAnswer>('DELETE', `/docs/${encodeURIComponent(key)}`, { baseRev, ...o }),
  /** What deleting a page or an article would touch. */
  impact: (key: DocKey) => call<Impact>('GET', `/docs/${encodeURIComponent(key)}/impact`),
  /** Takes a document off the site (a page, an article), switches the popup off, or brings back the banner live before. */
  unpublish: (key: DocKey, baseRev: number, force?: boolean) =>
    call<SaveAnswer>('POST', `/docs/${encodeURIComponent(key)}/unpublish`, { baseRev, ...(force ? { force } : {}) }),
  trash: () => call<{ items: TrashItem[]; total: number }>('GET', '/trash'),
  /** Publishes (or takes off the site) many pages and articles; each result says what was done or why not. */
  bulk: (action: 'publish' | 'unpublish', keys: DocKey[]) =>
    call<{ results: Array<{ key: DocKey; ok: boolean; code?: string; error?: string }> }>('POST', '/bulk', { action, keys }),
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
  /** This person's draft of a document kept on the server (issue 38, point 2), or null. */
  autosave: <T = unknown>(key: DocKey) => call<{ autosave: AutosaveRecord<T> | null }>('GET', `/autosave/${encodeURIComponent(key)}`),
  keepAutosave: (key: DocKey, data: unknown, baseRev: number, keepalive = false) =>
    call<{ at: string }>('PUT', `/autosave/${encodeURIComponent(key)}`, { data, baseRev }, { background: true, keepalive }),
  dropAutosave: (key: DocKey) => call<{ ok: true }>('DELETE', `/autosave/${encodeURIComponent(key)}`, undefined, { background: true }),
  /** This window has the document open; who else has it (issue 38, point 5). */
  present: (key: DocKey, tab: string) => call<{ people: PresentPerson[] }>('PUT', `/presence/${encodeURIComponent(key)}`, { tab }, { background: true }),
  absent: (key: DocKey, tab: string) => call<{ ok: true }>('DELETE', `/presence/${encodeURIComponent(key)}`, { tab }, { background: true, keepalive: true }),
};
