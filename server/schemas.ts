/**
 * The schema registry's one AJV instance: every core schema and every module's schema, compiled
 * once at start-up. Server only (the public bundle carries no validator).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { coerceKeyword } from './coerce.ts';
import type { ModuleRegistry } from '../renderer/module-api.ts';
import common from '../schemas/common.json';
import languages from '../schemas/languages.json';
import site from '../schemas/site.json';
import header from '../schemas/header.json';
import footer from '../schemas/footer.json';
import banner from '../schemas/banner.json';
import popup from '../schemas/popup.json';
import cookieConsent from '../schemas/cookie-consent.json';
import dictionary from '../schemas/dictionary.json';
import moduleSchema from '../schemas/module.json';
import page from '../schemas/page.json';
import pages from '../schemas/pages.json';
import article from '../schemas/article.json';
import articles from '../schemas/articles.json';
import property from '../schemas/property.json';
import project from '../schemas/project.json';
import propertyType from '../schemas/property-type.json';
import city from '../schemas/city.json';
import treeItem from '../schemas/tree-item.json';
import listings from '../schemas/listings.json';
import renovation from '../schemas/renovation.json';
import valuation from '../schemas/valuation.json';
import formSiteContact from '../schemas/form-site-contact.json';
import formContactMe from '../schemas/form-contact-me.json';
import formSendToFriend from '../schemas/form-send-to-friend.json';
import formDocumentRequest from '../schemas/form-document-request.json';
import formSignNewsletter from '../schemas/form-sign-newsletter.json';
import formContactDemand from '../schemas/form-contact-demand.json';
import formDemandRegister from '../schemas/form-demand-register.json';
import formPurchaseOffer from '../schemas/form-purchase-offer.json';
import formContactAppointment from '../schemas/form-contact-appointment.json';
import formRentalApplication from '../schemas/form-rental-application.json';
import formTestimonial from '../schemas/form-testimonial.json';
import formJobApplication from '../schemas/form-job-application.json';

export const coreSchemas = {
  common, languages, site, header, footer, banner, popup, cookieConsent, dictionary, module: moduleSchema, page, pages, article, articles,
  property, project, propertyType, city, treeItem, listings, renovation, valuation,
  'form-site-contact': formSiteContact, 'form-contact-me': formContactMe, 'form-send-to-friend': formSendToFriend,
  'form-document-request': formDocumentRequest, 'form-sign-newsletter': formSignNewsletter, 'form-contact-demand': formContactDemand, 'form-demand-register': formDemandRegister, 'form-purchase-offer': formPurchaseOffer,
  'form-contact-appointment': formContactAppointment, 'form-rental-application': formRentalApplication, 'form-testimonial': formTestimonial, 'form-job-application': formJobApplication,
};

export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

export class SchemaRegistry {
  readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(registry: ModuleRegistry) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, useDefaults: false });
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
    this.ajv.addKeyword(coerceKeyword);
    for (const s of Object.values(coreSchemas)) this.ajv.addSchema(s);
    for (const def of registry.all()) this.ajv.addSchema(def.schema);
    for (const s of Object.values(coreSchemas)) if (s.$id !== common.$id) this.validators.set(s.$id, this.ajv.compile(s));
    for (const def of registry.all()) this.validators.set(def.view, this.ajv.getSchema(String(def.schema.$id))!);
  }

  /** The raw AJV errors of `data` against a schema ($id or key), or [] when it is valid. */
  errors(which: string, data: unknown): ErrorObject[] {
    const id = (coreSchemas as Record<string, { $id: string }>)[which]?.$id ?? which;
    const v = this.validators.get(id);
    if (!v) throw new Error(`no schema ${which}`);
    return v(data) ? [] : [...(v.errors ?? [])];
  }

  /** Validates `data` against a core schema ($id or key of coreSchemas) or a module view's schema. */
  validate(which: string, data: unknown, file: string, prefix = ''): Problem[] {
    const id = (coreSchemas as Record<string, { $id: string }>)[which]?.$id ?? which;
    const v = this.validators.get(id);
    if (!v) throw new Error(`no schema ${which}`);
    return v(data) ? [] : toProblems(v.errors ?? [], file, prefix);
  }
}

/** AJV errors → one problem per error, with a readable message and the pointer of the field. */
export function toProblems(errors: ErrorObject[], file: string, prefix = ''): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let pointer = prefix + e.instancePath;
    let message = e.message ?? 'is not valid';
    // An error about a key (propertyNames) names that key.
    const propertyName = (e as ErrorObject & { propertyName?: string }).propertyName ?? (e.params as { propertyName?: string }).propertyName;
    if (propertyName !== undefined && e.keyword !== 'propertyNames') {
      pointer += `/${propertyName.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      message = `is not an allowed key (${message})`;
    }
    if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      const p = (e.params as { additionalProperty?: string; unevaluatedProperty?: string });
      pointer += `/${p.additionalProperty ?? p.unevaluatedProperty}`;
      message = 'is not a known field';
    } else if (e.keyword === 'required') {
      pointer += `/${(e.params as { missingProperty: string }).missingProperty}`;
      message = 'is required';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'const') {
      message = `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    } else if (e.keyword === 'propertyNames') {
      continue; // reported again, more precisely, by the error on the name itself
    } else if (e.keyword === 'if' || e.keyword === 'allOf' || e.keyword === 'anyOf') {
      continue;
    }
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ file, pointer: pointer || '/', message });
  }
  return out;
}

export function formatProblem(p: Problem): string {
  return `${p.file} ${p.pointer}: ${p.message}`;
}
