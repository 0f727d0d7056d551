// The browser's validator: the same JSON Schemas the server checks with, compiled to plain
// functions at build time (vite.config.ts, `virtual:form-validators`), so that the browser never
// compiles code from strings (the Content-Security-Policy allows no eval). Loaded on first use.
import validators from 'virtual:form-validators';
import { fieldErrors, type FieldError, type FormKind } from '../../shared/forms.ts';

export function validate(kind: FormKind, fields: Record<string, unknown>, order: string[]): FieldError[] {
  const v = validators[kind];
  return v(fields) ? [] : fieldErrors((v.errors ?? []) as never, order);
}
