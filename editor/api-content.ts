/**
 * What the editor's API answers about versions, deletions, the trash and redirects (issue 38,
 * points 1 and 3): part of api.ts.
 */
import type { Lang } from '../shared/constants.ts';
import type { Redirect } from '../schemas/types.gen.ts';
import type { DocKey } from './api.ts';

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

export type { TrashItem } from '../shared/trash-item.ts';

/** An old address that leads to a page (redirects.json; its schema: schemas/redirects.json). */
export type RedirectRule = Redirect;
