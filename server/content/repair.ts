/**
 * Schema changes never take staff work off the site (issue 14, point 4). Stored revisions are
 * upgraded by their module types' migrations when the content is built; a document whose newest
 * published revision still does not validate is marked for repair, and only that document falls
 * back to its version in the site-config files: every other saved document stays live. The
 * settling loop is pure: it is given how to build the content with some documents set aside.
 */
import type { Problem } from '../config/schemas.ts';

export interface RepairMark {
  /** The newest published revision that no longer validates; its older revisions are set aside too. */
  rev: number;
  problems: Problem[];
}

export interface Settled<C> {
  content?: C;
  repairs: Map<string, RepairMark>;
  /** Problems left when even the files alone do not build (then nothing of the store is used). */
  problems: Problem[];
}

/**
 * Builds the content with every stored document, then, while it does not validate, sets aside the
 * documents the problems are about (only those with stored revisions) and builds again.
 *
 * @param build the content with the documents of `aside` (key → newest rev set aside) left at their files' version;
 *   its problems already placed in documents (`file` is a document key)
 * @param newestPublished the newest published revision of a document, undefined when it has none
 */
export function settle<C>(
  build: (aside: Map<string, RepairMark>) => { content?: C; problems: Problem[] },
  newestPublished: (key: string) => number | undefined,
): Settled<C> {
  const repairs = new Map<string, RepairMark>();
  for (let round = 0; round < 1000; round++) {
    const r = build(repairs);
    if (r.content) return { content: r.content, repairs, problems: [] };
    const blamed = new Map<string, Problem[]>();
    for (const p of r.problems) {
      if (repairs.has(p.file)) continue;
      const rev = newestPublished(p.file);
      if (rev === undefined) continue;
      blamed.set(p.file, [...(blamed.get(p.file) ?? []), p]);
    }
    if (!blamed.size) {
      // The problems are in documents nobody saved (or cannot be placed): the files alone are what is left.
      return { content: undefined, repairs, problems: r.problems };
    }
    for (const [key, problems] of blamed) repairs.set(key, { rev: newestPublished(key)!, problems });
  }
  return { content: undefined, repairs, problems: [] };
}

interface PageLike {
  id?: number;
  title?: Record<string, string>;
  modules?: Array<{ id?: number; view?: string; title?: Record<string, string> }>;
}

const nameOf = (t: Record<string, string> | undefined) => (t ? t.en || t.nl || t.fr || Object.values(t).find(Boolean) || '' : '');

/**
 * One line naming what cannot be shown and why, for the start-up log: the file the document comes
 * from, the page (or article, setting) by name, the module by number and type, the field.
 */
export function describeRepair(key: string, mark: RepairMark, data: unknown): string[] {
  const page = key.startsWith('page:') ? (data as PageLike | null) : undefined;
  const where = page
    ? `page ${key.slice(5)} “${nameOf(page?.title)}”`
    : key.startsWith('article:')
      ? `article “${key.slice(8)}”`
      : key.startsWith('dictionary:')
        ? `dictionary ${key.slice(11)}`
        : `setting ${key}`;
  const file = page ? 'pages.json' : key.startsWith('article:') ? 'articles/' : key.startsWith('dictionary:') ? `dictionaries/${key.slice(11)}.json` : key;
  return mark.problems.map((p) => {
    const m = /^\/modules\/(\d+)(\/.*)?$/.exec(p.pointer);
    const module = m && page?.modules?.[Number(m[1])];
    const field = module
      ? `module #${module.id} (${module.view}${nameOf(module.title) ? ` “${nameOf(module.title)}”` : ''}), field ${m![2] ?? '/'}`
      : `field ${p.pointer}`;
    return `revisions.json: ${where} (revision ${mark.rev}), ${field}: ${p.message} — marked for repair in the editor; visitors see the version from site-config (${file}) until it is saved again`;
  });
}
