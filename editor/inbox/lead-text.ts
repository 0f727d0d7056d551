/** The leads inbox in words: a request's kind, a testimonial's state, a field by its name, a value the visitor sent. */
import { LEAD_KINDS, type LeadKind } from './api.ts';
import { tr, type MessageKey, type UiLang, hasMessage } from '../i18n/index.ts';

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

/** The fields of the visitors' forms by name (a field the catalogue does not name is shown by its words). */
const LEAD_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
  'propertyId',
  'goal',
  'propertyType',
  'address',
  'zip',
  'city',
  'newsletter',
  'timeSlots',
  'preference',
  'types',
  'cities',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'garages',
  'parkings',
  'terrace',
  'garden',
  'position',
  'cv',
  'offeredPrice',
  'conditions',
  'monthlyIncome',
  'persons',
  'friendFirstName',
  'friendLastName',
  'receiverEmail',
  'about',
  'url',
  'comment',
  'slot',
  'advanceAmount',
];
export const fieldName = (k: string, ui: UiLang) =>
  LEAD_FIELDS.includes(k) || hasMessage(`leads.field.${k}`)
    ? tr(`leads.field.${k}` as MessageKey, undefined, ui)
    : k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
