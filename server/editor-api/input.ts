/** Checks shared by the editor's API routes. */
import { HttpError } from '../http/request.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A 4xx naming the field at fault. */
export const bad = (field: string, message: string, status = 400) =>
  new HttpError(status, { error: `${field}: ${message}`, field, errors: [{ field, message }] });

/** The body's keys must all be known (a typo is named rather than ignored). */
export function onlyKeys(body: Record<string, unknown>, allowed: string[]) {
  for (const k of Object.keys(body)) if (!allowed.includes(k)) throw bad(k, `is not a field of this request (expected ${allowed.join(', ')})`);
}
