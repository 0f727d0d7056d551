// The browser's validator: the same JSON Schemas the server checks with, loaded on first use.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import siteContact from '../../schemas/form-site-contact.json';
import contactMe from '../../schemas/form-contact-me.json';
import { fieldErrors, type FieldError, type FormKind } from '../../renderer/lib/forms.ts';

const ajv = new Ajv2020({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validators = { 'site-contact': ajv.compile(siteContact), 'contact-me': ajv.compile(contactMe) };

export function validate(kind: FormKind, fields: Record<string, unknown>, order: string[]): FieldError[] {
  const v = validators[kind];
  return v(fields) ? [] : fieldErrors((v.errors ?? []) as never, order);
}
