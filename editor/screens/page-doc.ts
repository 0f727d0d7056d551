/**
 * The page document (`page:N`) as the page editor holds it: its shape, the prefixes of its forms'
 * field ids (settings, banner, each module), its modules in drawing order, and a place in it (a
 * JSON pointer) in words for the save bar, the conflicts and the preview.
 */
import type { Lang } from '../../shared/constants.ts';
import { moduleName, type ModuleRecordLike } from '../components/ModuleList.tsx';
import { labelAt, pointerToPath, type Schema } from '../schema.ts';
import type { PreparedModule } from '../store.ts';
import { tr, type UiLang } from '../i18n/index.ts';

export interface PageDoc {
  id: number;
  parentId: number | null;
  title?: Record<string, string>;
  modules?: ModuleRecordLike[];
  showPageBanner?: boolean;
  bannerType?: string;
  [key: string]: unknown;
}

/** The prefixes of the forms' field ids: the page's settings, its banner, each module (by id). */
export const SETTINGS_PREFIX = 'edp';
export const BANNER_PREFIX = 'edb';
export const modulePrefix = (id: number) => `edm${id}`;

/** Modules in the order they are drawn (by `sort`, stable), so that the list shows what visitors see. */
export function normalize(doc: PageDoc): PageDoc {
  if (!doc || !Array.isArray(doc.modules)) return doc;
  const modules = doc.modules
    .map((m, i) => ({ m, i }))
    .sort((a, b) => ((a.m.sort as number) ?? 0) - ((b.m.sort as number) ?? 0) || a.i - b.i)
    .map((x) => x.m);
  return { ...doc, modules };
}
/** After a change of order, `sort` follows the list. */
export const renumber = (modules: ModuleRecordLike[]) => modules.map((m, i) => ({ ...m, sort: i + 1 }));

/** Where a pointer of a page is, in words: a field of a module (by its name) or of the page's settings. */
export function describePagePointer(
  pointer: string,
  page: PageDoc | undefined,
  o: { settings: Schema; types: Map<string, PreparedModule>; defaultLang: Lang; ui: UiLang },
): string {
  const path = pointerToPath(pointer);
  if (path[0] === 'modules' && path.length >= 2) {
    const i = Number(path[1]);
    const m = page?.modules?.[i];
    if (!m) return tr('where.module', { module: `${i + 1}` }, o.ui);
    const type = o.types.get(m.view);
    const name = moduleName(m, i, type, o.defaultLang, o.ui);
    return path.length === 2
      ? tr('where.module', { module: name }, o.ui)
      : tr('where.moduleField', { field: labelAt(type?.form, path.slice(2)), module: name }, o.ui);
  }
  if (!path.length) return tr('where.page', undefined, o.ui);
  return tr('where.pageField', { field: labelAt(o.settings, path) }, o.ui);
}
