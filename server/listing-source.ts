/**
 * Where the listings come from: the last import in DATA_DIR/listings.json, else the sample dataset
 * shipped in site-config/listings/. An import validates record by record and replaces the stored
 * set durably; a file that cannot be read leaves what is stored untouched.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DurableJsonFile } from './storage.ts';
import { parseListings, type ListingStore, type RecordProblem } from './listings.ts';
import type { SchemaRegistry } from './schemas.ts';

export interface ImportReport {
  ok: boolean;
  problems: RecordProblem[];
  properties: number;
  projects: number;
}

function readJsonFile(path: string): { data?: unknown; problem?: RecordProblem } {
  try {
    return { data: JSON.parse(readFileSync(path, 'utf8')) };
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `not valid JSON (${(e as Error).message})`;
    return { problem: { kind: 'file', id: '-', field: path, reason } };
  }
}

export const importedPath = (dataDir: string) => join(dataDir, 'listings.json');

/** Validates `file` and, when it is a preloaded response, stores its valid records as the listings. */
export async function importListings(file: string, dataDir: string, schemas: SchemaRegistry): Promise<ImportReport> {
  const { data, problem } = readJsonFile(file);
  if (problem) return { ok: false, problems: [problem], properties: 0, projects: 0 };
  const parsed = parseListings(data, schemas);
  if (!parsed.store) return { ok: false, problems: parsed.problems, properties: 0, projects: 0 };
  const bad = new Set(parsed.problems.map((p) => `${p.kind}:${p.id}`));
  const raw = data as Record<string, unknown[]>;
  const keepValid = (list: unknown[], kind: string) =>
    list.filter((r) => {
      const rec = r as { ID?: unknown; language?: unknown };
      return !bad.has(`${kind}:${rec?.ID ?? '?'}${typeof rec?.language === 'string' ? ` (${rec.language})` : ''}`);
    });
  const stored = { ...raw, properties: keepValid(raw.properties, 'property'), projects: keepValid(raw.projects, 'project') };
  await new DurableJsonFile<unknown>(importedPath(dataDir)).write(stored);
  return { ok: true, problems: parsed.problems, properties: parsed.counts.properties, projects: parsed.counts.projects };
}

/** Loads the current listings: the imported set when there is one, else the shipped sample. */
export function loadListings(dataDir: string, configDir: string, schemas: SchemaRegistry): { store: ListingStore; problems: RecordProblem[]; source: string; mtime: number } {
  const imported = importedPath(dataDir);
  const source = existsSync(imported) ? imported : join(configDir, 'listings', 'sample.json');
  const mtime = existsSync(source) ? statSync(source).mtimeMs : 0;
  const { data, problem } = readJsonFile(source);
  const parsed = data === undefined ? { problems: [problem!] } : parseListings(data, schemas);
  const store = 'store' in parsed && parsed.store ? parsed.store : parseListings({ properties: [], projects: [], webIDs: [] }, schemas).store!;
  return { store, problems: parsed.problems, source, mtime };
}

/** The listings, reloaded when another process (npm run import) has replaced the stored file. */
export function reloadingListings(dataDir: string, configDir: string, schemas: SchemaRegistry, onReload: (problems: RecordProblem[], prev: ListingStore, next: ListingStore) => void) {
  let current = loadListings(dataDir, configDir, schemas);
  let checked = Date.now();
  return {
    initial: current,
    get(): ListingStore {
      const now = Date.now();
      if (now - checked > 1000) {
        checked = now;
        const imported = importedPath(dataDir);
        const mtime = existsSync(imported) ? statSync(imported).mtimeMs : -1;
        if (existsSync(imported) && (current.source !== imported || mtime !== current.mtime)) {
          const prev = current.store;
          current = loadListings(dataDir, configDir, schemas);
          onReload(current.problems, prev, current.store);
        }
      }
      return current.store;
    },
  };
}
