/**
 * The old addresses kept in redirects.json (issue 38, point 1): each leads to a page that exists
 * and has an address (not a detail template), in a language the site uses, once; none leads back
 * to itself or on and on below itself.
 */
import type { Content } from '../../renderer/content.ts';
import type { Lang } from '../../shared/constants.ts';
import type { RouteTable } from '../../shared/routes.ts';
import type { Problem } from './schemas.ts';

const FILE = 'redirects.json';

export function redirectProblems(content: Content, routes: RouteTable, problems: Problem[]): void {
  const seen = new Set<string>();
  (content.redirects?.redirects ?? []).forEach((r, i) => {
    const at = `/redirects/${i}`;
    const lang = r.from.split('/')[1] as Lang;
    if (!routes.enabled.includes(lang))
      problems.push({ file: FILE, pointer: `${at}/from`, message: `${r.from} is not in a language the site uses`, code: 'redirect.lang', params: { lang } });
    if (seen.has(r.from))
      problems.push({ file: FILE, pointer: `${at}/from`, message: `${r.from} already leads somewhere`, code: 'redirect.duplicate', params: { path: r.from } });
    seen.add(r.from);
    const page = routes.page(r.pageId);
    if (!page) {
      problems.push({ file: FILE, pointer: `${at}/pageId`, message: `page ${r.pageId} does not exist`, code: 'ref.page', params: { id: r.pageId } });
      return;
    }
    if (routes.templates.has(page.id)) {
      problems.push({ file: FILE, pointer: `${at}/pageId`, message: 'a detail page has no address of its own', code: 'redirect.template' });
      return;
    }
  });
}
