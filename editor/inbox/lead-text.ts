/** The leads inbox in words: a request's kind, a testimonial's state, a field by its name, a value the visitor sent. */
import { LEAD_KINDS, type LeadKind } from './api.ts';
import { tr, type MessageKey, type UiLang, hasMessage } from '../i18n/index.ts';
import { FIELD_NAMES } from '../../shared/form-fields.ts';

export const kindLabel = (k: LeadKind | string, ui: UiLang) =>
  (LEAD_KINDS as readonly string[]).includes(k) ? tr(`leads.kind.${k}` as MessageKey, undefined, ui) : k;
export const testimonialLabel = (t: 'pending' | 'published' | 'rejected', ui: UiLang) => tr(`leads.testimonial.${t}` as MessageKey, undefined, ui);

/** A value the visitor sent, in words. */
export function showValue(v: unknown, ui: UiLang): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return tr(v ? 'common.yes' : 'common.no', undefined, ui);
  if (Array.isArray(v)) return v.map((x) => showValue(x, ui)).join(', ');
  if (typeof v === 'object') {
    const o = v as { name?: unknown; size?: unknown; type?: unknown };
    if (typeof o.name === 'string')
      return `${o.name}${typeof o.size === 'number' ? ` (${Math.max(1, Math.round(o.size / 1024))} KB${o.type ? `, ${String(o.type)}` : ''})` : ''}`;
    return JSON.stringify(v);
  }
  return String(v);
}

/**
 * The fields of the visitors' forms, by name: every field of the forms' definition
 * (shared/form-fields.ts), and those the server adds to what was posted (a purchase offer's advance;
 * an older valuation's one-line address). A unit test checks each has its words in nl, fr and en.
 */
export const LEAD_FIELDS: readonly string[] = [...FIELD_NAMES, 'advanceAmount', 'address'];
/** A field by its name (a field the definition does not name is shown by its words). */
export const fieldName = (k: string, ui: UiLang) =>
  LEAD_FIELDS.includes(k) || hasMessage(`leads.field.${k}`)
    ? tr(`leads.field.${k}` as MessageKey, undefined, ui)
    : k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
