/** Where the popup stays closed (SPEC §4: it closes where the page's URL holds the form's action). */
import type { Content } from '../../renderer/content.ts';
import type { Lang } from '../../shared/constants.ts';
import type { RouteTable } from '../../shared/routes.ts';

/**
 * The public paths in `lang` of the pages that hold the popup's form action (`/contact-demand`): a
 * page whose internal path holds it (the valuation page `/contact-demand/`, public as
 * `/nl/gratis-schatting/`, and its thank-you page), and a page whose form posts to it (a
 * contact-demand form's action is `/api/forms/contact-demand`). The raw text is still looked for in
 * the URL itself by the popup.
 */
export function popupClosedOn(content: Content, routes: RouteTable, lang: Lang, formAction: string | undefined): string[] {
  const trimmed = formAction?.trim() ?? '';
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '/') end--; // trailing slashes, in linear time
  const action = trimmed.slice(0, end);
  if (!action) return [];
  const out = new Set<string>();
  for (const p of content.pages) {
    if (!routes.available(p, lang)) continue;
    const forms = (p.modules ?? []).filter((m) => m.view === 'contact').map((m) => (m as { form?: unknown }).form);
    const holds = p.path.includes(action) || forms.some((f) => typeof f === 'string' && `/api/forms/${f}`.includes(action));
    if (holds) out.add(routes.pagePath(p, lang));
  }
  return [...out];
}
