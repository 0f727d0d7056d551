/** The language of the form API's answers, and what a request's mails are about in each language. */
import type Koa from 'koa';
import type { Lang } from '../../shared/constants.ts';
import { isLang } from '../../shared/routes.ts';
import type { ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';
import type { Site } from '../site/site.ts';
import { unitName } from '../../modules/lib/property-card.ts';

/**
 * The visitor's language for answers given before the form's own `lang` field is read (a rate
 * limit, another origin, a body too large): the form's `?lang=`, else the first enabled language
 * of the request's Accept-Language, else the site's default.
 */
export function requestLang(ctx: Koa.Context, site: Pick<Site, 'routes'>): Lang {
  const enabled = site.routes.enabled;
  const l = ctx.query.lang;
  if (typeof l === 'string' && isLang(l) && enabled.includes(l)) return l;
  const accepted = ctx.get('accept-language') ? ctx.acceptsLanguages([...enabled]) : false;
  return typeof accepted === 'string' && isLang(accepted) ? accepted : site.routes.defaultLang;
}

/**
 * The property or project a request is about, for its mails: its title and address in the language
 * of each mail (the record of that language when the feed has one), so that the agency's mail is in
 * the agency's language from its template to the property's title.
 */
export function mailAbout(site: Site, lang: Lang, property?: PropertyRecord, project?: ProjectRecord) {
  if (property) {
    const inLang = (l: Lang) => site.listings.property(property.ID, l) ?? property;
    const url = (l: Lang) => site.absoluteUrl(site.propertyPath(inLang(l), l) ?? site.propertyPath(property, lang) ?? '');
    return { title: (l: Lang) => site.propertyTitle(inLang(l), l), url, reference: property.UniqueCode || String(property.ID) };
  }
  if (project) {
    const inLang = (l: Lang) => site.listings.project(project.ID, l) ?? project;
    const url = (l: Lang) => site.absoluteUrl(site.projectPath(inLang(l), l) ?? site.projectPath(project, lang) ?? '');
    // The project's name in the agency's language stands for it (the subject of the agency's mail).
    return { title: (l: Lang) => inLang(l).Name, url, reference: inLang(site.routes.defaultLang).Name, project: true };
  }
  return undefined;
}

/** A project's units by name, in the mail's language. */
export const unitNames = (site: Site, project: ProjectRecord) => ({ units: (id: string, l: Lang) => unitName(project, Number(id), l, site) });
