/** One item of the trash (issue 38, point 1), as the server lists it and the editor shows it (server/content/trash.ts). */
export interface TrashItem {
  /** `page:12`, `article:{id}` or `module:70`. */
  id: string;
  kind: 'page' | 'article' | 'module';
  /** The document it belongs to: the page or article itself, a module's page. */
  key: `page:${number}` | `article:${string}`;
  title?: Record<string, string>;
  /** A module's type. */
  view?: string;
  /** A module's page, by its title (the page may be gone too). */
  pageTitle?: Record<string, string>;
  deletedAt: string;
  deletedBy: string;
  /** Who deleted it, by name (the editor's list). */
  deletedByName?: string;
  /** When it leaves the trash for good. */
  purgeAt: string;
  /** Where it was is gone (a page's parent page, a module's page): restoring asks where to put it. */
  placeGone: boolean;
}
