/**
 * The proof of work of the forms that have no captcha (issue 40): the browser finds a `proof` such
 * that SHA-256 of `{form token}:{proof}` starts with PROOF_BITS zero bits (about 2^PROOF_BITS
 * hashes: a fraction of a second, begun when the visitor starts filling in the form), without the
 * visitor typing anything. The server checks it with one hash and takes each token and proof once.
 * A browser without JavaScript (or without WebCrypto) gets the captcha instead. Pure: used by the
 * browser, the server and the tests.
 */

/** Leading zero bits asked for. */
export const PROOF_BITS = 14;
/** The field the proof travels in. */
export const PROOF_FIELD = 'proof';
/** A proof is a number in base 36 of at most this many characters. */
export const PROOF_MAX_LENGTH = 12;
/** The browser gives up after this many hashes (about 2^PROOF_BITS × 64: practically never). */
export const PROOF_MAX_TRIES = 2 ** (PROOF_BITS + 6);

/** The text hashed for a token and a proof. */
export const proofText = (token: string, proof: string) => `${token}:${proof}`;

/** Whether a SHA-256 digest starts with `bits` zero bits. */
export function hasZeroBits(digest: Uint8Array, bits = PROOF_BITS): boolean {
  let i = 0;
  for (; bits >= 8; bits -= 8) if (digest[i++] !== 0) return false;
  return bits === 0 || digest[i] >> (8 - bits) === 0;
}

/** Whether `proof` has the shape of one (the hash is checked apart). */
export const proofShape = (proof: unknown): proof is string => typeof proof === 'string' && /^[0-9a-z]{1,12}$/.test(proof);

/**
 * Finds a proof for `token` with `sha256` (WebCrypto in the browser, node:crypto elsewhere), from a
 * random start so that two visitors sharing a token find different proofs. Undefined if none within
 * PROOF_MAX_TRIES.
 */
export async function solveProof(token: string, sha256: (text: string) => Uint8Array | Promise<Uint8Array>): Promise<string | undefined> {
  const start = Math.floor(Math.random() * 2 ** 40);
  for (let i = 0; i < PROOF_MAX_TRIES; i++) {
    const proof = (start + i).toString(36);
    if (hasZeroBits(await sha256(proofText(token, proof)))) return proof;
  }
  return undefined;
}

/** The same with a synchronous hash (node:crypto: the tests and the soak). */
export function solveProofSync(token: string, sha256: (text: string) => Uint8Array): string | undefined {
  const start = Math.floor(Math.random() * 2 ** 40);
  for (let i = 0; i < PROOF_MAX_TRIES; i++) {
    const proof = (start + i).toString(36);
    if (hasZeroBits(sha256(proofText(token, proof)))) return proof;
  }
  return undefined;
}
