import { createHash } from 'node:crypto';
import { solveProofSync } from '../../shared/proof-of-work.ts';
import { fillToken } from './fill-token.ts';

/** The proof of work a browser finds for a form token (shared/proof-of-work.ts), found the same way. */
export const proofOf = (token: string) => solveProofSync(token, (text) => createHash('sha256').update(text).digest())!;

/** A fill-time token old enough to be taken, with the proof of work the page's script would add. */
export const signedToken = (ageMs?: number) => {
  const formToken = fillToken(ageMs);
  return { formToken, proof: proofOf(formToken) };
};

/** A visitor's contact fields as the site's forms send them, with a fill-time token old enough to be taken and its proof of work. */
export const person = () => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  title: 'ms',
  firstName: 'Camille',
  lastName: 'Dupont',
  email: 'camille.dupont@example.be',
  phone: '0470 12 34 56',
});
