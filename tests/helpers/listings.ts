/** Imports in tests go through the same pipeline as `npm run import` (staged, checked, made live). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importFile } from '../../server/main.ts';
import { root, tempDir } from './config.ts';
import { formatFeedProblem, normaliseFeed, type ListingData } from '../../server/listings/feed.ts';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { registry } from '../../modules/index.ts';

/** Imports `file` into `dataDir` and gives the history entry (accepted, refused or failed). */
export async function importListingsFile(file: string, dataDir: string, opts: { force?: boolean; configDir?: string } = {}) {
  return (await importFile({ root, dataDir, configDir: opts.configDir, file, force: opts.force })).entry;
}

/** Writes `data` as a feed file and imports it. */
export async function importListingsData(data: unknown, dataDir: string, opts: { force?: boolean; configDir?: string } = {}) {
  const file = join(tempDir('feed-'), 'crm.json');
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return importListingsFile(file, dataDir, opts);
}

let sample: Promise<ListingData> | undefined;
/** The shipped sample as the site keeps it (read by the same lenient reader as a CRM feed). */
export function sampleListings(): Promise<ListingData> {
  sample ??= (async () => {
    const raw = JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
    const r = await normaliseFeed(raw, new SchemaRegistry(registry));
    if (r.problems.length) throw new Error(`the sample has problems: ${r.problems.map(formatFeedProblem).join('; ')}`);
    return r.data;
  })();
  return sample;
}

/** The shipped sample as a CRM sends it: the raw file, a fresh copy for a test to change. */
export function rawSample(): { properties: Array<Record<string, any>>; projects: Array<Record<string, any>> } {
  return JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
}

/** A data folder whose live listings are `data`, imported as `npm run import` does (a refused or failed import throws). */
export async function dataDirWith(data: unknown, prefix = 'feed-data-'): Promise<string> {
  const dataDir = tempDir(prefix);
  const entry = await importListingsData(data, dataDir);
  if (entry.result !== 'accepted') throw new Error(`the feed was not accepted (${entry.result}): ${entry.reason}`);
  return dataDir;
}
