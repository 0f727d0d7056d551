/** Checks shared by the editor's API routes. */
import type Koa from 'koa';
import { HttpError } from '../http/request.ts';
import { isDocKey, SINGLE_DOCS, type DocKey } from '../content/doc-key.ts';
import { LANGUAGES } from '../../shared/constants.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A 4xx naming the field at fault. */
export const bad = (field: string, message: string, status = 400) =>
  new HttpError(status, { error: `${field}: ${message}`, field, errors: [{ field, message }] });

/** The body's keys must all be known (a typo is named rather than ignored). */
export function onlyKeys(body: Record<string, unknown>, allowed: string[]) {
  for (const k of Object.keys(body)) if (!allowed.includes(k)) throw bad(k, `is not a field of this request (expected ${allowed.join(', ')})`);
}

/** The document named in the path (`page:12`, `footer` …), else 404. */
export function keyOf(ctx: Koa.Context): DocKey {
  const key = String(ctx.params.key ?? '');
  if (!isDocKey(key))
    throw new HttpError(404, {
      error: `No document "${key}": a document is page:<id>, article:<id>, dictionary:<${LANGUAGES.join('|')}> or one of ${SINGLE_DOCS.join(', ')}.`,
      field: 'key',
    });
  return key;
}

export function baseRevOf(body: Record<string, unknown>): number {
  const v = body.baseRev;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw new HttpError(400, { error: 'baseRev: must be the revision number the change started from (0 for the version from the files)', field: 'baseRev' });
  return v;
}
