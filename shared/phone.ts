/** Phone number display (SPEC §5 "Helpers"). Pure: no React, no Node APIs. */

/** Digit groups by number of digits: 10 digits → 4-2-2-2 (0470 12 34 56), 9 digits → 3-2-2-2 (021 23 45 67). */
export const PHONE_GROUPS: Readonly<Record<number, readonly number[]>> = {
  10: [4, 2, 2, 2],
  9: [3, 2, 2, 2],
};

/** Separator between digit groups. */
export const PHONE_GROUP_SEPARATOR = ' ';

/**
 * Formats a phone number (SPEC §5): keeps only its digits; 10 digits are grouped 4-2-2-2, 9 digits
 * 3-2-2-2; any other count returns the input unchanged. Spaces, dots, slashes and a leading '+' only
 * count as non-digits, so '+32 470 12 34 56' (11 digits) stays as is. null/undefined give ''.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const digits = raw.replace(/\D/g, '');
  const groups = PHONE_GROUPS[digits.length];
  if (!groups) return raw;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(PHONE_GROUP_SEPARATOR);
}

/** The agency's country calling code: a national number (0…) is this country's. */
export const HOME_CALLING_CODE = '32';

/**
 * A phone number as the site shows it: a national number (as staff and CRMs write them: 0475/12.34.56,
 * 02 640 12 34) through the digit groups above; a number written in international form (+32 …,
 * 0032 …) as it is written (the groups are for national numbers: +32 2 640 12 34 has ten digits
 * too, and would lose its country code).
 */
export function displayPhone(raw: string | null | undefined): string {
  const written = (raw ?? '').trim();
  return /^(\+|00)/.test(written) ? written : formatPhone(written);
}

/** The number in international form, for a `tel:` link: 0475 12 34 56 → +32475123456, 0033 1 … → +331…. */
export function internationalPhone(raw: string): string {
  const written = raw.trim().replace(/\(0\)/g, ''); // +32 (0)2 …: the trunk zero is not dialled
  const digits = written.replace(/\D/g, '');
  if (written.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+${HOME_CALLING_CODE}${digits.slice(1)}`;
  return digits;
}
