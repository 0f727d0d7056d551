/**
 * The kinds of value an environment variable may take (server/env.ts declares which one each takes):
 * each reads the text as written, trimmed, and gives the value, or undefined when the text is not
 * one; `expected` says what it must be, in the words of the refusal and of the README's table.
 */
import { isAbsolute, resolve } from 'node:path';
import { isEmail } from '../shared/formats.ts';

export interface Kind<T> {
  /** What the value must be: "a whole number from 1 to 100000". */
  expected: string;
  parse: (text: string) => T | undefined;
}

const WHOLE = /^\d{1,15}$/;
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

const inRange = (n: number, min: number, max: number) => (n >= min && n <= max ? n : undefined);

/** A whole number from min to max; `unit` names what it counts ("milliseconds"). */
export function whole(min: number, max: number, unit?: string): Kind<number> {
  return {
    expected: `a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`,
    parse: (t) => (WHOLE.test(t) ? inRange(Number(t), min, max) : undefined),
  };
}

export const port = (): Kind<number> => ({ expected: 'a port number from 0 to 65535', parse: whole(0, 65535).parse });

export const milliseconds = (min: number, max: number) => whole(min, max, 'milliseconds');

/** A number with decimals allowed, from min to max `unit` ("megabytes", "minutes"). */
export function decimal(min: number, max: number, unit: string): Kind<number> {
  return { expected: `a number of ${unit} from ${min} to ${max}`, parse: (t) => (DECIMAL.test(t) ? inRange(Number(t), min, max) : undefined) };
}

export const megabytes = (min: number, max: number) => decimal(min, max, 'megabytes');

/** One of the words, as written. */
export function oneOf<const W extends string>(words: readonly W[]): Kind<W> {
  return { expected: `one of ${words.join(', ')}`, parse: (t) => words.find((w) => w === t) };
}

/** An absolute URL with one of the schemes (at most 2,000 characters). */
export function url(schemes: string[]): Kind<string> {
  return {
    expected: `a URL starting with ${schemes.map((s) => `${s}//`).join(' or ')}`,
    parse: (t) => {
      if (t.length > 2000) return undefined;
      try {
        return schemes.includes(new URL(t).protocol) ? t : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export const email = (): Kind<string> => ({ expected: 'an e-mail address like info@agency.be', parse: (t) => (t.length <= 254 && isEmail(t) ? t : undefined) });

/** A folder, absolute or from the folder the command runs in (at most 4,096 characters); given back absolute. */
export const folder = (): Kind<string> => ({
  expected: 'a folder path of at most 4096 characters',
  parse: (t) => (t.length <= 4096 && !t.includes('\0') ? (isAbsolute(t) ? t : resolve(t)) : undefined),
});

/** A host name or an IP address to listen on. */
export const host = (): Kind<string> => ({
  expected: 'a host name or IP address such as 0.0.0.0, 127.0.0.1 or ::',
  parse: (t) => (t.length <= 253 && /^[A-Za-z0-9.:%_-]+$/.test(t) ? t : undefined),
});

/** Any text of at most `max` characters (a password, a header value). */
export const text = (max: number): Kind<string> => ({ expected: `a text of at most ${max} characters`, parse: (t) => (t.length <= max ? t : undefined) });

/** TRUST_PROXY: a count of reverse proxies from 0 to 10; `true` is one, `false` none. */
export const proxies = (): Kind<number> => ({
  expected: 'the number of reverse proxies in front of the server, a whole number from 0 to 10 (or true, false)',
  parse: (t) => (t === 'true' ? 1 : t === 'false' ? 0 : whole(0, 10).parse(t)),
});

/** The value as a refusal may show it: a URL's password hidden, a secret's text not at all. */
export function shown(text: string, secret: boolean | 'url'): string {
  if (!secret) return `"${text}"`;
  if (secret === 'url') return `"${text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@]*):[^@/]*@/i, '$1:***@')}"`;
  return `a text of ${text.length} characters`;
}

/** A secret word: visible ASCII without spaces, of a length within bounds (a short one could be guessed). */
export const token = (min: number, max: number): Kind<string> => ({
  expected: `${min} to ${max} visible ASCII characters without spaces`,
  parse: (t) => (t.length >= min && t.length <= max && /^[\x21-\x7e]+$/.test(t) ? t : undefined),
});
