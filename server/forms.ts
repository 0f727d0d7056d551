/**
 * POST /api/forms/{kind}: a visitor's request. Checked (origin, size, robot traps, schema), stored
 * durably together with its two mails before the answer, then the outbox sends the mails.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { FORM_MAX_BODY_BYTES, FORM_MIN_FILL_MS, type Lang } from '../renderer/lib/constants.ts';
import { fieldErrors, formSchemaId, isFormKind, FORM_FIELDS, PROPERTY_FORMS, SALE_FORMS, type FieldError } from '../renderer/lib/forms.ts';
import { PURCHASE_ADVANCE_RATE } from '../renderer/lib/constants.ts';
import { formatPrice } from '../renderer/lib/format.ts';
import { isLang } from '../renderer/lib/routes.ts';
import type { SchemaRegistry } from './schemas.ts';
import type { Collection } from './storage.ts';
import type { LeadStore, OutboxMessage } from './outbox.ts';
import type { Site } from './site.ts';
import { leadMails } from './lead-mail.ts';
import { alertToken } from './alerts.ts';


class BadRequest extends Error {
  constructor(readonly status: number, readonly body: Record<string, unknown>) {
    super(String(body.error));
  }
}

async function readBody(ctx: Koa.Context): Promise<string> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > FORM_MAX_BODY_BYTES) throw new BadRequest(413, { error: 'The form is too large.' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > FORM_MAX_BODY_BYTES) throw new BadRequest(413, { error: 'The form is too large.' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON, or a plain HTML form post (no JavaScript): both become one object. */
function parse(ctx: Koa.Context, raw: string): Record<string, unknown> {
  if (ctx.is('application/json')) {
    try {
      const v = JSON.parse(raw);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      /* below */
    }
    throw new BadRequest(400, { error: 'The body is not a JSON object.' });
  }
  if (ctx.is('application/x-www-form-urlencoded')) {
    const p = new URLSearchParams(raw);
    const out: Record<string, unknown> = {};
    for (const key of new Set(p.keys())) {
      const all = p.getAll(key);
      out[key] = key === 'timeSlots' ? all : all[0];
    }
    if (out.newsletter !== undefined) out.newsletter = out.newsletter === 'on' || out.newsletter === 'true' || out.newsletter === '1';
    for (const k of ['propertyId', 'startedAt']) if (typeof out[k] === 'string' && /^\d+$/.test(out[k] as string)) out[k] = Number(out[k]);
    return out;
  }
  throw new BadRequest(415, { error: 'Send the form as JSON or as a form post.' });
}

function sameOrigin(ctx: Koa.Context): boolean {
  const source = ctx.get('origin') || ctx.get('referer');
  if (!source) return true; // not a browser
  try {
    return new URL(source).host === ctx.host;
  } catch {
    return false;
  }
}

export function formRoutes(router: Router, deps: { site: () => Promise<Site>; schemas: SchemaRegistry; store: Collection<LeadStore>; kick: () => void; agencyEmail?: string }) {
  router.post('/api/forms/:kind', async (ctx) => {
    const kind = ctx.params.kind;
    if (!isFormKind(kind)) {
      ctx.status = 404;
      ctx.body = { error: 'No such form.' };
      return;
    }
    const site = await deps.site();
    const html = !ctx.is('application/json');
    let lang: Lang = site.routes.defaultLang;
    const t = (key: string, values?: Record<string, string | number>) => site.message(lang, key, values);
    try {
      if (!sameOrigin(ctx)) throw new BadRequest(403, { error: 'Forms are accepted from this site only.' });
      const body = parse(ctx, await readBody(ctx));
      const { lang: l, startedAt, website, ...fields } = body;
      if (typeof l === 'string' && isLang(l) && site.routes.enabled.includes(l)) lang = l;
      else throw new BadRequest(400, { error: 'lang: must be one of the site languages', field: 'lang' });
      // Robot traps: a hidden field people leave empty, and a form filled in too fast.
      if (website) throw new BadRequest(400, { error: 'Rejected.', field: 'website' });
      if (typeof startedAt !== 'number' || Date.now() - startedAt < FORM_MIN_FILL_MS || startedAt > Date.now() + 60_000) {
        throw new BadRequest(400, { error: t('form.tooFast'), field: 'startedAt' });
      }
      const errors: FieldError[] = fieldErrors(deps.schemas.errors(formSchemaId(kind), fields) as never, FORM_FIELDS[kind].map((f) => f.name));
      const aboutProperty = PROPERTY_FORMS.includes(kind);
      const property = aboutProperty && typeof fields.propertyId === 'number' ? site.listings.property(fields.propertyId, lang) : undefined;
      if (aboutProperty && typeof fields.propertyId === 'number' && !property) errors.push({ field: 'propertyId', key: 'property.notFound.title' });
      if (property && SALE_FORMS.includes(kind) && (property.Goal !== 0 || (property.Availability !== 'available' && property.Availability !== 'option'))) {
        errors.push({ field: 'propertyId', key: 'form.notForSale' });
      }
      if (errors.length) {
        throw new BadRequest(422, { error: t('form.fixErrors'), errors: errors.map((e) => ({ field: e.field, message: t(e.key, e.values) })) });
      }

      // Documents are sent once per e-mail address and property (SPEC §4).
      if (kind === 'document-request') {
        const email = String(fields.email).toLowerCase();
        const already = deps.store.data.submissions.some((x) => x.kind === 'document-request' && x.propertyId === property!.ID && String((x.fields as { email?: string }).email).toLowerCase() === email);
        if (already) {
          ctx.status = 200;
          ctx.body = { already: true, message: t('documents.already') };
          return;
        }
      }
      const id = randomUUID();
      const now = new Date().toISOString();
      const propertyUrl = property && site.absoluteUrl(site.propertyPath(property, lang) ?? '');
      const agencyLang = site.routes.defaultLang;
      // A purchase offer states the advance due at signing (10% of the offered price).
      if (kind === 'purchase-offer') fields.advanceAmount = formatPrice(Math.round(Number(fields.offeredPrice) * PURCHASE_ADVANCE_RATE));
      const mails = leadMails({
        kind, lang, agencyLang, messages: (x) => site.shell(x).messages, agencyName: site.content.site.name, fields, submissionId: id,
        property: property && propertyUrl ? { title: site.propertyTitle(property, lang), url: propertyUrl, reference: property.UniqueCode || String(property.ID) } : undefined,
        documents: kind === 'document-request' ? (property?.Documents ?? []).map((d) => ({ name: d.Name, url: site.absoluteUrl(d.Url) })) : undefined,
      });
      // A demand (search alert) and a newsletter subscription carry the token of their unsubscribe link.
      const alert = kind === 'demand-register' || kind === 'sign-newsletter' ? { token: alertToken(), active: true } : undefined;
      if (alert) {
        const link = site.absoluteUrl(`/api/alerts/unsubscribe?token=${alert.token}`);
        mails.visitor.text += `\n${t('alert.unsubscribe')}: ${link}\n`;
        mails.visitor.html = mails.visitor.html.replace('</td></tr></table></td></tr></table>', `<p style="font-size:12px"><a href="${link}">${t('alert.unsubscribe')}</a></p></td></tr></table></td></tr></table>`);
      }
      // A property sent to a friend goes to the friend; every other confirmation to the visitor.
      const visitorTo = kind === 'send-to-friend' ? String(fields.receiverEmail) : String(fields.email);
      const from = `"${site.content.site.name}" <${site.content.site.email}>`;
      const mail = (to: string, parts: typeof mails.agency, suffix: string, l: Lang, replyTo?: string): OutboxMessage => ({
        id: `${id}-${suffix}`, to, from, replyTo, lang: l, attempts: 0, nextAttemptAt: 0, ...parts,
      });
      // Stored with its mails in one durable write before the visitor gets an answer.
      await deps.store.update((d) => {
        d.submissions.push({ id, kind, lang, createdAt: now, page: ctx.get('referer') || null, propertyId: property?.ID ?? null, fields, status: 'new', ...(alert ? { alert } : {}) });
        d.outbox.push(mail(deps.agencyEmail ?? site.content.site.email, mails.agency, 'agency', agencyLang, String(fields.email)));
        d.outbox.push(mail(visitorTo, mails.visitor, 'visitor', lang, kind === 'send-to-friend' ? String(fields.email) : undefined));
      });
      deps.kick();
      // The document request answers on the page itself; the others go to their thank-you page.
      const redirect = kind === 'document-request' ? undefined : site.thankYouPath(kind, lang);
      if (html) ctx.redirect(redirect || ctx.get('referer') || site.thankYouPath(kind, lang));
      else {
        ctx.status = 201;
        ctx.body = { id, redirect, message: kind === 'document-request' ? t('documents.sent') : undefined };
      }
    } catch (e) {
      if (!(e instanceof BadRequest)) throw e;
      ctx.status = e.status;
      ctx.body = e.body;
      if (html && e.status === 422) {
        ctx.type = 'html';
        const list = (e.body.errors as Array<{ message: string }>).map((x) => `<li>${x.message.replace(/</g, '&lt;')}</li>`).join('');
        ctx.body = `<!DOCTYPE html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('form.fixErrors')}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${t('form.fixErrors')}</h1><ul>${list}</ul><p><a href="javascript:history.back()">${t('form.back')}</a></p></body></html>`;
      }
    }
  });
}

/** GET /api/alerts/unsubscribe?token=…: the link in every search-alert and newsletter mail; no login needed. */
export function alertRoutes(router: Router, deps: { site: () => Promise<Site>; store: Collection<LeadStore> }) {
  router.get('/api/alerts/unsubscribe', async (ctx) => {
    const site = await deps.site();
    const token = ctx.query.token;
    const found = typeof token === 'string' && /^[0-9a-f]{32}$/.test(token)
      ? deps.store.data.submissions.find((s) => (s.alert as { token?: string } | undefined)?.token === token)
      : undefined;
    if (!found) {
      ctx.status = 404;
      ctx.type = 'html';
      const lang = site.routes.defaultLang;
      ctx.body = `<!DOCTYPE html><html lang="${lang}"><meta charset="utf-8"><title>${site.message(lang, 'alert.badLink')}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><p>${site.message(lang, 'alert.badLink')}</p><p><a href="/">${site.content.site.name}</a></p></body></html>`;
      return;
    }
    await deps.store.update(() => {
      (found.alert as { active: boolean; unsubscribedAt?: string }).active = false;
      (found.alert as { unsubscribedAt?: string }).unsubscribedAt = new Date().toISOString();
    });
    ctx.redirect(site.thankYouPath('unsubscribed', found.lang as Lang));
  });
}
