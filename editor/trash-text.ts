/**
 * Why the site needs a page, and where a page or article is linked, in the editor's language
 * (issue 38, point 1): the delete and unpublish dialogs and the trash say them.
 */
import type { LinkPlace } from './api.ts';
import { localize } from '../shared/localize.ts';
import type { Lang } from '../shared/constants.ts';
import { tr, type MessageKey, type UiLang } from './i18n/index.ts';
import { enumLabel } from './i18n/fields.ts';

const formName = (kind: string, ui: UiLang) => {
  const key = `leads.kind.${kind}` as MessageKey;
  const name = tr(key, undefined, ui);
  return name === key ? kind : name;
};

export function systemRoleText(r: { role: string; detail?: string[] }, ui: UiLang): string {
  const key = `system.${r.role}` as MessageKey;
  const values =
    r.role === 'form'
      ? { forms: (r.detail ?? []).map((k) => formName(k, ui)).join(', ') }
      : r.role === 'category'
        ? { category: enumLabel('category', r.detail?.[0] ?? '', ui) }
        : undefined;
  const text = tr(key, values, ui);
  return text === key ? r.role : text;
}

/** A place that links to the page or article, in words ("The footer", "The text of the page “Contact”"). */
export function linkPlaceText(p: LinkPlace, ui: UiLang, lang: Lang): string {
  const title = localize(p.title, lang) || p.key;
  const key = `link.${p.where}` as MessageKey;
  return tr(key, { title }, ui);
}
