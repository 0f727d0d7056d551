/**
 * Changes between two versions of a document in the editor's words (issue 38, point 3): "Banner
 * title (fr) changed", "Text module “Welcome” added", "Modules in a new order" — fields by their
 * labels, modules by their names, never JSON pointers.
 */
import type { DocChange, RevisionInfo } from './api.ts';
import type { Lang } from '../shared/constants.ts';
import { moduleName } from './components/ModuleList.tsx';
import { labelAt, pathToPointer } from './schema.ts';
import type { PreparedModule } from './store.ts';
import { tr, type UiLang } from './i18n/index.ts';

export interface ChangeContext {
  /** A field of the document in words, from its JSON pointer. */
  describe: (pointer: string) => string;
  types: Map<string, PreparedModule>;
  lang: Lang;
  ui: UiLang;
}

/** The list member a change is about (a module), by its name. */
export function itemName(item: NonNullable<DocChange['item']>, c: ChangeContext): string {
  if (item.list !== 'modules') return `${item.list} #${item.id}`;
  return moduleName(
    { id: Number(item.id), view: item.view ?? '', title: item.title as Record<string, string> | undefined },
    0,
    c.types.get(item.view ?? ''),
    c.lang,
    c.ui,
  );
}

/** Where a change is, in words. */
export function changeWhere(ch: DocChange, c: ChangeContext): string {
  if (ch.item) {
    const name = itemName(ch.item, c);
    return ch.path.length ? tr('where.moduleField', { field: labelAt(c.types.get(ch.item.view ?? '')?.form, ch.path), module: name }, c.ui) : name;
  }
  if (ch.kind === 'moved' && ch.path.join('/') === 'modules') return tr('change.modulesWord', undefined, c.ui);
  return ch.path.length ? c.describe(pathToPointer(ch.path)) : tr('change.wholeDocument', undefined, c.ui);
}

/** One change as a sentence. */
export function changeText(ch: DocChange, c: ChangeContext): string {
  const where = changeWhere(ch, c);
  if (ch.kind === 'moved') return tr('change.moved', { where }, c.ui);
  if (ch.item && !ch.path.length) return tr(ch.kind === 'added' ? 'change.moduleAdded' : 'change.moduleRemoved', { module: where }, c.ui);
  return tr(ch.kind === 'added' ? 'change.added' : ch.kind === 'removed' ? 'change.removed' : 'change.changed', { where }, c.ui);
}

/** What a version did, when it is more than its changes (deleted, back from the trash, published …). */
export function actionText(r: RevisionInfo, ui: UiLang): string | undefined {
  if (r.rev === 0) return tr('history.shipped', undefined, ui);
  if (r.deleted) return tr('history.action.delete', undefined, ui);
  if (r.restoredFrom !== undefined)
    return r.restoredFrom === 0
      ? tr('history.action.restoreShipped', undefined, ui)
      : tr('history.action.restore', { n: r.restoredFromN ?? r.restoredFrom }, ui);
  switch (r.action) {
    case 'untrash':
      return tr('history.action.untrash', undefined, ui);
    case 'publish':
      return tr('history.action.publish', undefined, ui);
    case 'unpublish':
      return tr('history.action.unpublish', undefined, ui);
    case 'links':
      return tr('history.action.links', undefined, ui);
    case 'moved':
      return tr('history.action.moved', undefined, ui);
    default:
      return undefined;
  }
}
