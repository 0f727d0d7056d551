import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FillTokens } from '../../server/forms/fill-token.ts';
import { FORM_MIN_FILL_MS } from '../../shared/constants.ts';

/**
 * The test servers' key for fill-time tokens, written into their data folder before they start
 * (the way staff with access to that folder could read it): tests sign a form's shown-at time
 * instead of waiting FORM_MIN_FILL_MS for real.
 */
const TEST_KEY = 'a1'.repeat(32);

export function seedFormKey(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  const all: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (all.forms) return;
  all.forms = TEST_KEY;
  writeFileSync(file, JSON.stringify(all, null, 2), { mode: 0o600 });
}

/** A token as if the form had been shown `ageMs` ago (by default just over the minimum fill time). */
export function fillToken(ageMs = FORM_MIN_FILL_MS + 1000): string {
  return new FillTokens(Buffer.from(TEST_KEY, 'hex')).issue(Date.now() - ageMs);
}
