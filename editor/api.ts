/**
 * The editor's one door to the server: typed calls to /api/admin/*. Every write carries the
 * session's anti-CSRF token (X-CSRF-Token); a 4xx comes back as an ApiError with the server's
 * message and, for a refused document, its problems (JSON pointers into the document).
 */
import type { Lang } from '../shared/constants.ts';
import type { LocalizedText } from '../schemas/types.gen.ts';

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

export type SingleDoc = 'site' | 'header' | 'footer' | 'banner' | 'popup' | 'cookieConsent' | 'languages' | 'renovation' | 'valuation';
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
}

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
  published: boolean;
  /** Who saved this version, and when. */
  by?: string;
  at?: string;
  /** This version no longer validates (the site changed): what is wrong, field by field. */
  repair?: Problem[];
  /** Not stored yet: the first save creates it. */
  isNew?: boolean;
}

export interface RevisionInfo {
  rev: number;
  at: string;
  by: string;
  summary: string;
  published: boolean;
  restoredFrom?: number;
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

/** An image of the media library (uploaded in the editor, resized by the image pipeline). */
export interface MediaItem {
  /** Public URL to put in a Media field (`/media/library/…`). */
  url: string;
  /** The uploader's file name. */
  name: string;
  width: number;
  height: number;
  bytes: number;
  uploadedAt: string;
  by: string;
}

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
  pages: () => call<{ pages: PageSummary[] }>('GET', '/pages'),
  doc: <T = unknown>(key: DocKey) => call<DocState<T>>('GET', `/docs/${encodeURIComponent(key)}`),
  /** Saves a document; `publish: false` keeps it as a draft. */
  save: <T = unknown>(key: DocKey, data: T, baseRev: number, publish: boolean) =>
    call<SaveAnswer>('PUT', `/docs/${encodeURIComponent(key)}`, { data, baseRev, publish }),
  /** Deletes a page or an article (a revision with no data); refused while other documents link to it. */
  remove: (key: `page:${number}` | `article:${string}`, baseRev: number) =>
    call<{ revision: RevisionInfo }>('DELETE', `/docs/${encodeURIComponent(key)}`, { baseRev }),
  articles: () => call<{ articles: ArticleSummary[] }>('GET', '/articles'),
  /** The menu's new shape: each page's parent and place among its siblings (only changed pages are saved). */
  menu: (pages: Array<{ id: number; parentId: number | null; sort: number; showInMenu?: boolean }>) =>
    call<{ saved: Array<{ id: number; rev: number }>; problems: Problem[] }>('PUT', '/menu', { pages }),
  publish: (key: DocKey, baseRev: number) => call<{ revision: RevisionInfo }>('POST', `/docs/${encodeURIComponent(key)}/publish`, { baseRev }),
  history: (key: DocKey) => call<{ revisions: RevisionInfo[] }>('GET', `/docs/${encodeURIComponent(key)}/history`),
  /** Brings revision `rev` back (0: the version from the files) as a new published revision. */
  restore: (key: DocKey, rev: number, baseRev: number) =>
    call<{ revision: RevisionInfo }>('POST', `/docs/${encodeURIComponent(key)}/restore`, { rev, baseRev }),
  /** The page as it would look with the unsaved `data`, rendered by the site's renderer (HTML). */
  preview: (key: DocKey, data: unknown, lang: Lang, pageId?: number) => call<string>('POST', '/preview', { key, data, lang, pageId }, { raw: true }),
  media: () => call<{ items: MediaItem[] }>('GET', '/media'),
  uploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call<{ item: MediaItem }>('POST', '/media', form);
  },
  /** Texts missing per language in use, over every document. */
  missing: () => call<{ missing: MissingText[] }>('GET', '/missing'),
};
