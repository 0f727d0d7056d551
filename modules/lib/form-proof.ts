/**
 * The proof of work of a form without a captcha (shared/proof-of-work.ts), found with WebCrypto:
 * begun when the visitor starts filling in the form, ready (or nearly) when it is sent. Undefined
 * where the browser cannot (no WebCrypto): the form is then sent without JavaScript and the server
 * asks for the captcha instead.
 */
import { solveProof } from '../../shared/proof-of-work.ts';

const work = new Map<string, Promise<string | undefined>>();

/** The proof for a form (its id) and token, found once. */
export function proofFor(formId: string, token: string): Promise<string | undefined> {
  const key = `${formId} ${token}`;
  let p = work.get(key);
  if (!p) {
    const subtle = globalThis.crypto?.subtle;
    const encoder = new TextEncoder();
    p = subtle
      ? solveProof(token, async (text) => new Uint8Array(await subtle.digest('SHA-256', encoder.encode(text)))).catch(() => undefined)
      : Promise.resolve(undefined);
    work.set(key, p);
  }
  return p;
}

/** A proof the server took: the next request of this form needs a new one. */
export const proofSpent = (formId: string, token: string) => void work.delete(`${formId} ${token}`);
