/**
 * Articles (blog, services, team members, the fixed pages' texts) as documents of the editor
 * (issue 14, point 1): `article:{id}`. The site-config files hold them as lists
 * (`articles/blog-buyer.json` …); a saved revision replaces the article of that id in its file, a
 * new one joins the file of its kind (category and column), a deleted one (null) leaves it. Pure.
 */
import type { Problem } from '../config/schemas.ts';

export interface ArticleFile {
  file: string;
  data: unknown;
}
type ArticleLike = { id?: unknown; category?: unknown; column?: unknown };

export const ARTICLE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const articleKey = (id: string) => `article:${id}` as const;

/** The article of that id as the files have it (undefined: not in the files). */
export function articleInFiles(files: ArticleFile[], id: string): unknown {
  for (const f of files) if (Array.isArray(f.data)) for (const a of f.data as ArticleLike[]) if (a && a.id === id) return a;
  return undefined;
}

/** The file a new article joins: the first whose articles share its category (and blog column), else one named after the category. */
export function fileFor(files: ArticleFile[], a: ArticleLike): string {
  const same = (x: ArticleLike) => x && x.category === a.category && (a.category !== 'blog' || x.column === a.column);
  const hit = files.find((f) => Array.isArray(f.data) && (f.data as ArticleLike[]).some(same));
  if (hit) return hit.file;
  return `articles/${String(a.category ?? 'general')}${a.category === 'blog' && a.column ? `-${String(a.column)}` : ''}.json`;
}

/** The files with the newest version of each changed article laid over them (null: deleted). */
export function overlayArticles(files: ArticleFile[], newest: Map<string, unknown>): ArticleFile[] {
  if (!newest.size) return files;
  const placed = new Set<string>();
  const out = files.map((f) => {
    if (!Array.isArray(f.data)) return f;
    const list: unknown[] = [];
    for (const a of f.data as ArticleLike[]) {
      const id = typeof a?.id === 'string' ? a.id : undefined;
      if (id !== undefined && newest.has(id)) {
        placed.add(id);
        const v = newest.get(id);
        if (v !== null && v !== undefined) list.push(v);
      } else list.push(a);
    }
    return { file: f.file, data: list };
  });
  for (const [id, v] of newest) {
    if (placed.has(id) || v === null || v === undefined) continue;
    const file = fileFor(out, v as ArticleLike);
    const target = out.find((f) => f.file === file);
    if (target) (target.data as unknown[]).push(v);
    else out.push({ file, data: [v] });
  }
  return out;
}

/** A problem the content reports about an article file (`articles/x.json /3/title/fr`, `articles /{id}/body/fr`), placed in that article's document. */
export function articleProblem(p: Problem, files: ArticleFile[]): Problem | undefined {
  if (p.file === 'articles') {
    const m = /^\/([^/]+)(\/.*)?$/.exec(p.pointer);
    return m ? { ...p, file: articleKey(m[1]), pointer: m[2] || '/' } : undefined;
  }
  if (!p.file.startsWith('articles/')) return undefined;
  const f = files.find((x) => x.file === p.file);
  const m = /^\/(\d+)(\/.*)?$/.exec(p.pointer);
  const a = m && f && Array.isArray(f.data) ? ((f.data as ArticleLike[])[Number(m[1])] as ArticleLike | undefined) : undefined;
  return a && typeof a.id === 'string' ? { ...p, file: articleKey(a.id), pointer: m![2] || '/' } : undefined;
}
