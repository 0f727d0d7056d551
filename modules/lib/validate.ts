// The browser's validator: the same JSON Schemas the server checks with, compiled to plain
// functions at build time (vite.config.ts, `virtual:form-validators`), so that the browser never
// compiles code from strings (the Content-Security-Policy allows no eval). Loaded on first use.
import validators from 'virtual:form-validators';
import { fieldErrors, type FieldError, type FormKind } from '../../shared/forms.ts';
import { settleErrors, type ActiveField } from '../../shared/form-conditions.ts';

/** The fields shown, checked as the server checks them: the kind's schema, corrected for the fields staff chose. */
export function validate(kind: FormKind, fields: Record<string, unknown>, active: ActiveField[]): FieldError[] {
  const v = validators[kind];
  const errors = v(fields) ? [] : ((v.errors ?? []) as never[]);
  return fieldErrors(
    settleErrors(active, fields, errors),
    active.map((f) => f.spec.name),
  );
}
