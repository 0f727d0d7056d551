/**
 * Whose field settings apply to a post (issue 40, point 1): the form module the post names
 * (`module`, its id) must be a contact module of the posted kind, on the page the post came from
 * when the post says where that is (its Referer on this site). A post that names none (the visitor
 * tools' forms send 0) gets the settings of the site's only contact module of its kind, if there
 * is exactly one, else the kind's own fields.
 */
import type Koa from 'koa';
import { HttpError } from '../http/request.ts';
import type { FieldSetting } from '../../shared/form-conditions.ts';
import type { FormKind } from '../../shared/forms.ts';
import type { Site } from '../site/site.ts';

type ContactSettings = { id: number; form: string; fields?: FieldSetting[] };
type ContactModules = { byId: Map<number, ContactSettings>; only: Map<string, ContactSettings | null> };

/** The contact modules of a content version by id, and for each kind the module when it is the only one of its kind. */
const contactModules = new WeakMap<object, ContactModules>();

function modulesOf(site: Site): ContactModules {
  let modules = contactModules.get(site.content);
  if (!modules) {
    modules = { byId: new Map(), only: new Map() };
    for (const p of site.content.pages)
      for (const m of p.modules ?? []) {
        if (m.view !== 'contact') continue;
        const c = m as unknown as ContactSettings;
        modules.byId.set(m.id, c);
        modules.only.set(c.form, modules.only.has(c.form) ? null : c);
      }
    contactModules.set(site.content, modules);
  }
  return modules;
}

/** The page of this site a post came from (its Referer), when it says so and the address leads to a page. */
function refererPage(ctx: Koa.Context, site: Site) {
  const ref = ctx.get('referer');
  if (!ref) return undefined;
  try {
    const u = new URL(ref);
    if (u.host !== ctx.host) return undefined;
    const route = site.resolve(`${u.pathname}${u.search}`);
    return route.kind === 'page' ? route.page : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The field settings of the form a post comes from, or a 400 naming `module` when the post names a
 * form that is not one of its kind, or not on the page it was sent from. `t` gives the visitor's words.
 */
export function formSettings(
  ctx: Koa.Context,
  site: Site,
  ref: unknown,
  kind: FormKind,
  t: (key: string, values?: Record<string, string | number>) => string,
): FieldSetting[] | undefined {
  const modules = modulesOf(site);
  if (ref === undefined || ref === null || ref === '' || ref === 0 || ref === '0') return modules.only.get(kind)?.fields;
  const refuse = () => new HttpError(400, { error: `module: ${t('formModule.notOnPage')}`, field: 'module' });
  const id = typeof ref === 'number' || (typeof ref === 'string' && /^\d{1,9}$/.test(ref)) ? Number(ref) : NaN;
  const named = modules.byId.get(id);
  if (!named || named.form !== kind) throw refuse();
  const page = refererPage(ctx, site);
  if (page && !(page.modules ?? []).some((m) => m.id === id)) throw refuse();
  return named.fields;
}
