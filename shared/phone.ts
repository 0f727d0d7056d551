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
