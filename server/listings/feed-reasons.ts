/**
 * What is wrong with a value of a CRM record, as a code and its values (the editor says it in its
 * language, editor/inbox/listing-text.ts) and as an English sentence (the command line and the log).
 */
import type { ErrorObject } from 'ajv';
import { LANGUAGES } from '../../shared/constants.ts';
import type { Reason } from '../storage/listing-sets.ts';

/** A value as the CRM sent it, shortened. */
export const show = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}…` : v) : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 64 ? `${s.slice(0, 61)}…` : s;
};

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  boolean: 'a yes/no flag (true/false or 0/1)',
  string: 'text',
  object: 'a record',
  array: 'a list',
  null: 'empty',
};

/** An AJV error in plain words, about the value it was given. */
export function reasonOf(e: ErrorObject, value: unknown): Reason {
  const p = e.params as Record<string, unknown>;
  const v = show(value);
  switch (e.keyword) {
    case 'required':
      return { code: 'missing', params: { name: String(p.missingProperty) }, text: `${p.missingProperty} is missing` };
    case 'type': {
      const types = String(p.type).split(',');
      return { code: 'type', params: { value: v, expected: types.join(',') }, text: `${v} is not ${types.map((x) => TYPE_WORDS[x] ?? x).join(' or ')}` };
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return { code: 'min', params: { value: v, limit: Number(p.limit) }, text: `${v} is below the lowest allowed value (${p.limit})` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { code: 'max', params: { value: v, limit: Number(p.limit) }, text: `${v} is above the highest allowed value (${p.limit})` };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[])
        .filter((x) => x !== null)
        .map((x) => String(x))
        .join(', ');
      return { code: 'enum', params: { value: v, allowed }, text: `${v} is not one of ${allowed}` };
    }
    case 'pattern':
      return { code: 'pattern', params: { value: v }, text: `${v} does not have the expected form` };
    case 'format':
      return { code: 'format', params: { value: v, format: String(p.format) }, text: `${v} is not a valid ${String(p.format).replace('-', ' ')}` };
    case 'minLength':
      return { code: 'empty', text: 'is empty' };
    case 'maxLength':
      return { code: 'tooLong', params: { limit: Number(p.limit) }, text: `is longer than ${p.limit} characters` };
    case 'maxItems':
      return { code: 'tooMany', params: { limit: Number(p.limit) }, text: `has more than ${p.limit} entries` };
    default:
      return { code: 'invalid', params: { value: v }, text: e.message ?? 'is not valid' };
  }
}

const WHY_ESSENTIAL: Record<string, string> = {
  ID: 'without a usable ID the record cannot be shown',
  Goal: 'without a goal (0 = for sale, 1 = for rent) the property cannot be listed',
  language: `without a language (${LANGUAGES.join(', ')}) the record cannot be shown`,
  WebID: 'a type needs its number',
  Name: 'an entry needs a name',
};

/**
 * A field without which the record cannot be shown is missing or unusable: code `need{Field}`
 * (needID, needGoal, needLanguage, needWebID, needName) with `missing` yes/no and the value.
 */
export function essentialReason(field: string, e: ErrorObject, value: unknown): Reason {
  const missing = e.keyword === 'required';
  const detail = missing ? 'is missing' : reasonOf(e, value).text;
  return {
    code: `need${field[0].toUpperCase()}${field.slice(1)}`,
    params: { missing: missing ? 'yes' : 'no', value: missing ? '' : show(value) },
    text: `${detail}: ${WHY_ESSENTIAL[field] ?? 'it is indispensable'}`,
  };
}
