/**
 * POST /api/forms/{kind}: a visitor's request. Checked (rate, origin, size, robot traps, schema,
 * property, captcha, calendar), stored durably together with its two mails before the answer,
 * then the outbox sends the mails. Also the calendar's free slots (the captcha image: captcha-route.ts), the
 * testimonial review links and the unsubscribe link of search alerts.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { HttpError, escapeHtml as esc, sameOrigin } from '../http/request.ts';
import type Router from '@koa/router';
import { FORM_TOKEN_FIELD, PURCHASE_ADVANCE_RATE, type Lang } from '../../shared/constants.ts';
import {
  fieldErrors,
  formDefinition,
  formSchemaId,
  isFormKind,
  propertyProblem,
  rentalTerms,
  PROJECT_FORMS,
  PROPERTY_FORMS,
  RENT_FORMS,
  type FieldError,
} from '../../shared/forms.ts';
import { formatPrice, formatSlot } from '../../shared/format.ts';
import { isLang } from '../../shared/routes.ts';
import type { SchemaRegistry } from '../config/schemas.ts';
import { StoreUnavailableError, type BlobStore, type LeadRepository, type OutboxMessage, type Submission } from '../storage/index.ts';
import type { SiteHolder } from '../site/holder.ts';
import { leadMails } from '../mail/lead-mail.ts';
import { linkToken } from './alerts.ts';
import type { Captcha } from './captcha.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { freeSlots, slotInstant } from './appointments.ts';
import type { FillTokens } from './fill-token.ts';
import { storePortrait, storeUpload } from './uploads.ts';
import { FILE_TYPES, normalizeFields, parse, uploadName } from './form-body.ts';
import { readToolLead } from '../tools/visitor-tools.ts';
import { settleErrors, settleFields } from '../../shared/form-conditions.ts';
import { formSettings } from './form-module.ts';
import { unitTaken } from '../../modules/lib/property-card.ts';
import { mailAbout, requestLang, unitNames } from './form-lang.ts';
import { takeGuard, type AbuseGuard } from './abuse-guard.ts';
import { countFormRefused, formRefusalOf } from '../metrics/events.ts';

/** The page a no-JavaScript post came from, when it is on this site (for the answer's back link). */
function sameSiteReferer(ctx: Koa.Context): string | undefined {
  const ref = ctx.get('referer');
  try {
    const u = new URL(ref);
    return u.host === ctx.host ? `${u.pathname}${u.search}` : undefined;
  } catch {
    return undefined;
  }
}

export interface FormDeps {
  /** The current site (a testimonial decided invalidates it: pages showing them are rendered anew). */
  sites: Pick<SiteHolder, 'current' | 'invalidate'>;
  schemas: SchemaRegistry;
  leads: LeadRepository;
  kick: () => void;
  agencyEmail?: string;
  captcha: Captcha;
  rate: RateLimit;
  /** Signs and checks the time a form was shown (the minimum fill time). */
  fillTokens: FillTokens;
  /** Visitors' files (CVs, testimonial photos). */
  uploads: BlobStore;
  /** The proof of work (or captcha) of forms without a captcha, and the visitor copies per address. */
  guard: AbuseGuard;
}

export type TestimonialDecision = 'publish' | 'reject';

/**
 * Publishes or rejects a testimonial (the review page linked from the agency's mail, and the
 * editor's leads inbox): stored durably, then the pages showing testimonials are rendered anew.
 */
export async function decideTestimonial(
  deps: { leads: LeadRepository; sites: Pick<SiteHolder, 'invalidate'> },
  s: Submission,
  decision: TestimonialDecision,
  by?: string,
): Promise<Submission | undefined> {
  const done = await deps.leads.update(s.id, {
    status: decision === 'publish' ? 'published' : 'rejected',
    reviewedAt: new Date().toISOString(),
    ...(by ? { reviewedBy: by } : {}),
  });
  deps.sites.invalidate();
  return done;
}

export function formRoutes(router: Router, deps: FormDeps) {
  router.post('/api/forms/:kind', async (ctx) => {
    const kind = ctx.params.kind;
    if (!isFormKind(kind)) {
      ctx.status = 404;
      ctx.body = { error: 'No such form.' };
      return;
    }
    const site = await deps.sites.current();
    const html = !ctx.is('application/json') && ctx.accepts('html', 'json') === 'html';
    let lang: Lang = requestLang(ctx, site);
    const t = (key: string, values?: Record<string, string | number>) => site.message(lang, key, values);
    try {
      const wait = await deps.rate.take(ctx.ip);
      if (wait) {
        ctx.set('Retry-After', String(wait));
        throw new HttpError(429, { error: t('form.tooMany') });
      }
      if (!sameOrigin(ctx)) throw new HttpError(403, { error: t('form.crossOrigin') });
      const { body, uploads } = await parse(ctx, kind, t);
      const { lang: l, [FORM_TOKEN_FIELD]: fillToken, startedAt: _clientTime, website, module: moduleRef, ...fields } = body;
      const guardInput = takeGuard(kind, fields);
      normalizeFields(kind, fields);
      if (typeof l === 'string' && isLang(l) && site.routes.enabled.includes(l)) lang = l;
      else throw new HttpError(400, { error: `lang: ${t('form.badLang', { langs: site.routes.enabled.join(', ') })}`, field: 'lang' });
      // A hidden field people leave empty: robots get an answer that looks like success, and
      // what they sent is kept apart, never mailed.
      if (website) {
        countFormRefused('honeypot');
        await deps.leads.quarantine({ id: randomUUID(), kind, lang, createdAt: new Date().toISOString(), reason: 'honeypot', ip: ctx.ip, fields });
        if (html) ctx.redirect(site.thankYouPath(kind, lang));
        else {
          ctx.status = 201;
          ctx.body = { id: randomUUID(), redirect: site.thankYouPath(kind, lang) };
        }
        return;
      }
      // A form sent faster than a person can fill it in (the time the server signed when it showed
      // the form): they are asked to look again. A forged, missing or day-old token: send again.
      const fill = deps.fillTokens.check(fillToken);
      if (fill !== 'ok') throw new HttpError(400, { error: t(fill === 'tooFast' ? 'form.tooFast' : 'form.expired'), field: FORM_TOKEN_FIELD, reason: fill });
      // The fields staff chose for the form that was filled in: a hidden one is neither required nor kept.
      const active = settleFields(kind, formSettings(ctx, site, moduleRef, kind, t), fields);
      const order = active.map((f) => f.spec.name);
      const errors: FieldError[] = fieldErrors(settleErrors(active, fields, deps.schemas.errors(formSchemaId(kind), fields) as never), order);
      // A file whose content is not of an accepted kind: 415, whatever its name says.
      const badFile = uploads.find((u) => u.type === undefined || errors.some((e) => e.field === u.field && e.key.startsWith('form.file.type')));
      if (badFile) throw new HttpError(415, { error: t(`form.file.type.${badFile.field}`), field: badFile.field });
      const aboutProperty = PROPERTY_FORMS.includes(kind);
      const property = aboutProperty && typeof fields.propertyId === 'number' ? site.listings.property(fields.propertyId, lang) : undefined;
      if (aboutProperty && typeof fields.propertyId === 'number' && !property) errors.push({ field: 'propertyId', key: 'property.notFound.title' });
      // A project enquiry: a project on offer, and units of it still on offer.
      const project = PROJECT_FORMS.includes(kind) && typeof fields.projectId === 'number' ? site.listings.project(fields.projectId, lang) : undefined;
      if (PROJECT_FORMS.includes(kind) && typeof fields.projectId === 'number' && !project) errors.push({ field: 'projectId', key: 'form.projectNotFound' });
      const units = project ? new Set(project.Units.filter((u) => !unitTaken(u)).map((u) => String(u.PropertyID))) : undefined;
      if (units && Array.isArray(fields.units) && fields.units.some((u) => !units.has(String(u))))
        errors.push({ field: 'units', key: 'form.unitNotInProject' });
      const problem = property && propertyProblem(kind, property);
      if (problem) errors.push({ field: 'propertyId', key: problem });
      const terms = property && RENT_FORMS.includes(kind) ? rentalTerms(property) : undefined;
      if (terms && !errors.length) {
        if (Number(fields.monthlyIncome) < terms.minIncome)
          errors.push({ field: 'monthlyIncome', key: 'form.incomeTooLow', values: { amount: formatPrice(terms.minIncome) } });
        if (Number(fields.persons) > terms.maxPersons) errors.push({ field: 'persons', key: 'form.tooManyPersons', values: { max: terms.maxPersons } });
      }
      const calendar = kind === 'contact-appointment' ? site.content.site.appointments : undefined;
      // A visitor tool's state sent along (issue 16): read again, its result computed anew from the live data.
      const tool = errors.length ? undefined : await readToolLead(kind, fields, site);
      if (tool?.error) errors.push(tool.error);
      // The captcha is looked at last (each image answers once): a typo elsewhere does not spend it.
      if (!errors.length && order.includes('captcha') && !(await deps.captcha.redeem(fields.captchaToken, fields.captcha))) {
        errors.push({ field: 'captcha', key: 'form.invalid.captcha' });
      }
      if (!errors.length) await deps.guard.check(kind, guardInput, { captcha: deps.captcha, fillToken, html, body, action: ctx.originalUrl, t });
      if (errors.length) {
        throw new HttpError(422, { error: t('form.fixErrors'), errors: errors.map((e) => ({ field: e.field, message: t(e.key, e.values) })) });
      }
      delete fields.captcha;
      delete fields.captchaToken;
      const toolLead = tool?.lead;
      if (toolLead) delete fields[toolLead.field]; // kept as the lead's `tool`, computed and readable

      // Documents are sent once per e-mail address and property (SPEC §4).
      if (kind === 'document-request') {
        const email = String(fields.email).toLowerCase();
        const already = await deps.leads.find(
          { kind: 'document-request', propertyIds: [property!.ID], field: { name: 'email', value: email } },
          { offset: 0, limit: 1 },
        );
        if (already.total) {
          ctx.status = 200;
          ctx.body = { already: true, message: t('documents.already') };
          return;
        }
      }
      const id = randomUUID();
      const now = new Date().toISOString();
      // Files are written (outside the web root) before the submission that names them.
      const attachments: NonNullable<OutboxMessage['attachments']> = [];
      for (const u of uploads) {
        const meta = fields[u.field] as { name: string; size: number; type: string; file?: string };
        if (kind === 'testimonial') {
          meta.file = await storePortrait(deps.uploads, u.data).catch(() => {
            throw new HttpError(415, { error: t('form.file.type.image'), field: u.field });
          });
          // What is kept is the re-encoded WebP.
          meta.name = uploadName(u.field, 'webp');
          meta.type = 'webp';
        } else {
          meta.file = await storeUpload(deps.uploads, 'cv', u.data, u.type!);
          attachments.push({ filename: meta.name, contentType: FILE_TYPES[u.type!], key: `cv/${meta.file}` });
        }
      }
      const agencyLang = site.routes.defaultLang;
      // A purchase offer states the advance due at signing (10% of the offered price).
      if (kind === 'purchase-offer') fields.advanceAmount = formatPrice(Math.round(Number(fields.offeredPrice) * PURCHASE_ADVANCE_RATE));
      const appointment =
        kind === 'contact-appointment' && calendar
          ? {
              slot: String(fields.slot),
              start: new Date(slotInstant(String(fields.slot), calendar.timeZone)).toISOString(),
              minutes: calendar.minutes,
              status: 'confirmed' as const,
            }
          : undefined;
      const review = kind === 'testimonial' ? linkToken() : undefined;
      // A demand (search alert) and a newsletter subscription carry the token of their unsubscribe link.
      const alert = kind === 'demand-register' || kind === 'sign-newsletter' ? { token: linkToken(), active: true } : undefined;
      const mails = leadMails({
        kind,
        lang,
        agencyLang,
        messages: (x) => site.shell(x).messages,
        agencyName: site.content.site.name,
        fields,
        submissionId: id,
        property: mailAbout(site, lang, property, project),
        valueText: project ? unitNames(site, project) : undefined,
        documents: kind === 'document-request' ? (property?.Documents ?? []).map((d) => ({ name: d.Name, url: site.absoluteUrl(d.Url) })) : undefined,
        labelValues: terms ? { amount: formatPrice(terms.minIncome), max: terms.maxPersons } : undefined,
        appointment: appointment && { when: (l: Lang) => formatSlot(appointment.slot, l), minutes: appointment.minutes },
        reviewUrl: review ? site.absoluteUrl(`/api/testimonials/review?token=${review}`) : undefined,
        extra: toolLead?.summary,
        unsubscribeUrl: alert && site.absoluteUrl(`/api/alerts/unsubscribe?token=${alert.token}`),
      });
      // A property sent to a friend goes to the friend; every other confirmation to the visitor.
      const confirmTo = formDefinition(kind).visitorMail;
      const visitorTo = confirmTo === 'friend' ? String(fields.receiverEmail) : confirmTo === 'none' ? undefined : String(fields.email);
      const from = `"${site.content.site.name}" <${site.content.site.email}>`;
      const mail = (
        to: string,
        parts: typeof mails.agency,
        suffix: string,
        l: Lang,
        replyTo?: string,
        files?: OutboxMessage['attachments'],
      ): OutboxMessage => ({
        id: `${id}-${suffix}`,
        leadId: id,
        to,
        from,
        replyTo,
        lang: l,
        attempts: 0,
        nextAttemptAt: 0,
        ...parts,
        ...(files?.length ? { attachments: files } : {}),
      });
      const visitorEmail = typeof fields.email === 'string' ? fields.email : undefined;
      if (kind === 'contact-appointment') {
        const free = calendar ? freeSlots(calendar, await deps.leads.bookedSlots()) : [];
        if (!free.length) throw new HttpError(409, { error: t('appointment.full'), full: true });
        if (!free.includes(String(fields.slot)))
          throw new HttpError(422, { error: t('form.fixErrors'), errors: [{ field: 'slot', message: t('appointment.taken') }] });
      }
      // Stored with its mails in one durable write before the visitor gets an answer. A booking
      // holds its slot in that same write: of two people sending one slot, the second is refused.
      const outcome = await deps.leads.add(
        {
          id,
          kind,
          lang,
          createdAt: now,
          page: ctx.get('referer') || null,
          propertyId: property?.ID ?? null,
          fields,
          status: review ? 'pending' : 'new',
          ...(alert ? { alert } : {}),
          ...(appointment ? { appointment } : {}),
          ...(review ? { review } : {}),
          ...(toolLead ? { tool: toolLead.stored(agencyLang) } : {}),
        },
        [
          mail(deps.agencyEmail ?? site.content.site.email, mails.agency, 'agency', agencyLang, visitorEmail, attachments),
          ...(visitorTo && (await deps.guard.mayMail(visitorTo))
            ? [mail(visitorTo, mails.visitor, 'visitor', lang, confirmTo === 'friend' ? visitorEmail : undefined)]
            : []),
        ],
        appointment ? { slot: appointment.slot } : undefined,
      );
      if (outcome === 'slotTaken') throw new HttpError(422, { error: t('form.fixErrors'), errors: [{ field: 'slot', message: t('appointment.taken') }] });
      deps.kick();
      // The document request answers on the page itself; the others go to their thank-you page.
      const redirect = kind === 'document-request' ? undefined : site.thankYouPath(kind, lang);
      // Back to the page it came from; after the captcha step (a post to this address) to the property's page.
      const came = sameSiteReferer(ctx)?.startsWith('/api/') ? undefined : ctx.get('referer');
      const back = came || (property && site.propertyPath(property, lang));
      if (html) ctx.redirect(redirect || back || site.thankYouPath(kind, lang));
      else {
        ctx.status = 201;
        ctx.body = {
          id,
          redirect,
          message: kind === 'document-request' ? t('documents.sent') : undefined,
          ...(appointment ? { appointment: { slot: appointment.slot, status: appointment.status } } : {}),
        };
      }
    } catch (caught) {
      // The database out of reach (restarting): nothing was stored; the visitor is asked, in their language, to send again.
      const e = caught instanceof StoreUnavailableError ? new HttpError(503, { error: t('form.notSent') }) : caught;
      if (!(e instanceof HttpError)) throw e;
      countFormRefused(formRefusalOf(e.status, e.body));
      if (e.status === 503) ctx.set('Retry-After', '5');
      ctx.status = e.status;
      ctx.body = e.body;
      if (html && e.status !== 429 && e.status !== 403) {
        const list = Array.isArray(e.body.errors) ? (e.body.errors as Array<{ message: string }>).map((x) => x.message) : [String(e.body.error)];
        ctx.type = 'html';
        const back = sameSiteReferer(ctx) ?? '/';
        ctx.body = page(
          lang,
          e.status === 422 && !e.body.step ? t('form.fixErrors') : String(e.body.error),
          typeof e.body.step === 'string'
            ? e.body.step
            : `<ul>${list.map((m) => `<li>${esc(m)}</li>`).join('')}</ul><p><a href="${esc(back)}">${esc(t('form.back'))}</a></p>`,
        );
      }
    }
  });

  // A fill-time token for a form shown after a client-side navigation (the page itself brings one otherwise).
  router.get('/api/forms/token', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { token: deps.fillTokens.issue() };
  });

  // The calendar's free slots (never cached: each booking changes them).
  router.get('/api/appointments', async (ctx) => {
    const site = await deps.sites.current();
    const calendar = site.content.site.appointments;
    const slots = calendar ? freeSlots(calendar, await deps.leads.bookedSlots()) : [];
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { full: slots.length === 0, minutes: calendar?.minutes ?? null, slots };
  });
}

/** A small page of its own (answers to posts without JavaScript, the review page). */
export function page(lang: string, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${esc(title)}</h1>${body}</body></html>`;
}
