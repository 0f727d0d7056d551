import { NOTHING_TO_SHOW, type LoadContext, type NothingToShow } from '../../renderer/module-api.ts';
import type { ContactModule } from '../../schemas/types.gen.ts';
import { FORM_FIELDS, PROJECT_FORMS, RENT_FORMS, SALE_FORMS, onOffer, propertyProblem, rentalTerms, type FormKind } from '../../shared/forms.ts';
import { slugify } from '../../shared/path.ts';
import { unitName, unitTaken } from './property-card.ts';

export interface ContactData {
  form: FormKind;
  /** Municipalities with listings, for the demand register. */
  cities?: Array<{ value: string; label: string }>;
  property?: { id: number; title: string; minIncome: number; maxPersons: number };
  /** A new-build project's enquiry: the project of the page and its units still on offer. */
  project?: { id: number; name: string; units: Array<{ value: string; label: string }> };
  privacyPath?: string;
  /** Values the fields start with (a visitor tool fills in what the visitor already told it). */
  prefill?: Record<string, string>;
  /**
   * A visitor tool's state sent along (its query string in the form's `field`, checked by the form's
   * schema and read again on the server) and what it says, shown above the fields.
   */
  attach?: { field: string; value: string; title: string; lines: string[] };
}

/** The data of a request form (also the form the visitor tools show under their result). */
export function loadRequestForm(module: Pick<ContactModule, 'form'>, ctx: LoadContext): ContactData {
  const { content, listings, routes } = ctx.services;
  const privacy = content.pages.find((p) => p.path === '/privacy-statement/');
  const id = ctx.params.propertyId;
  const p = id !== undefined ? listings.property(id, ctx.lang) : undefined;
  return {
    form: module.form as FormKind,
    property: p ? { id: p.ID, title: ctx.services.propertyTitle(p, ctx.lang), ...rentalTerms(p) } : undefined,
    project: PROJECT_FORMS.includes(module.form as FormKind) ? projectOf(ctx) : undefined,
    privacyPath: privacy ? routes.pagePath(privacy, ctx.lang) : undefined,
    cities: FORM_FIELDS[module.form as FormKind]?.some((f) => f.optionsFrom === 'cities')
      ? listings.cities(ctx.lang).map((c) => ({ value: c.Zip || slugify(c.Name), label: c.Name }))
      : undefined,
  };
}

/**
 * The contact module's data, or NOTHING_TO_SHOW where its form is not for this page, so that the
 * module (its title too) is left out: an offer or a rental application away from a property on
 * offer for that goal, a viewing on a sold or let property, documents for a property without any,
 * a project enquiry away from a project (the server refuses the same requests: propertyProblem).
 */
export function loadContactForm(module: Pick<ContactModule, 'form'>, ctx: LoadContext): ContactData | NothingToShow {
  const kind = module.form as FormKind;
  const id = ctx.params.propertyId;
  const p = id !== undefined ? ctx.services.listings.property(id, ctx.lang) : undefined;
  if (p ? propertyProblem(kind, p) : SALE_FORMS.includes(kind) || RENT_FORMS.includes(kind) || kind === 'document-request') return NOTHING_TO_SHOW;
  if (PROJECT_FORMS.includes(kind) && ctx.params.projectId === undefined) return NOTHING_TO_SHOW;
  const data = loadRequestForm(module, ctx);
  // Sold or let: the general contact starts on "more information" rather than a visit.
  if (kind === 'contact-me' && p && !onOffer(p)) data.prefill = { ...data.prefill, request: 'info' };
  return data;
}

/** The project of the page, with the units a visitor can still ask about (not sold or let). */
function projectOf(ctx: LoadContext): ContactData['project'] {
  const id = ctx.params.projectId;
  const p = id !== undefined ? ctx.services.listings.project(id, ctx.lang) : undefined;
  if (!p) return undefined;
  const open = p.Units.filter((u) => !unitTaken(u));
  return {
    id: p.ID,
    name: p.Name,
    units: open.map((u) => ({ value: String(u.PropertyID), label: unitName(p, u.PropertyID, ctx.lang, ctx.services) })),
  };
}
