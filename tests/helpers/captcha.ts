import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Captcha } from '../../server/forms/captcha.ts';

/**
 * Reads a captcha the way staff with access to the server's data folder could: the answer is
 * sealed with that folder's key. Visitors (and robots) have no such key.
 */
export function captchaAnswer(dataDir: string, token: string): string {
  const key = Buffer.from(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).captcha, 'hex');
  const p = Captcha.open(key, token);
  if (!p) throw new Error('not a captcha token of this server');
  return p.a;
}

/** A fresh captcha of the server at `url`, with its answer. */
export async function solveCaptcha(url: string, dataDir: string): Promise<{ captchaToken: string; captcha: string }> {
  const { token } = (await (await fetch(`${url}/api/captcha`)).json()) as { token: string };
  return { captchaToken: token, captcha: captchaAnswer(dataDir, token) };
}
