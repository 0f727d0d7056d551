/** Keys that belong to one data folder (made on first use, readable by its owner only). */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export function dataSecret(dataDir: string, name: string): Buffer {
  const file = join(dataDir, 'secrets.json');
  const all: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!all[name]) {
    all[name] = randomBytes(32).toString('hex');
    writeFileSync(file, JSON.stringify(all, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return Buffer.from(all[name], 'hex');
}
