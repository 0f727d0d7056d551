// The editor's stored revisions and the public pages they make, as the editor's tests read them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Stored = { key: string; rev: number; by: string; data: any; summary: string; published: boolean };

/** The revisions stored in a data folder (none before the first save). */
export const storedRevisions = (dir: string): Stored[] => {
  try {
    return JSON.parse(readFileSync(join(dir, 'revisions.json'), 'utf8')).revisions;
  } catch {
    return [];
  }
};

/** A public page as a visitor's browser gets it. */
export const publicPageAt = async (path: string, base: string) => {
  const r = await fetch(base + path);
  return { status: r.status, html: await r.text() };
};
