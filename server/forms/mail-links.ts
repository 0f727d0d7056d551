/**
 * What the links in mails open, without a login: the testimonial review page (publish or reject,
 * a POST from the page so that mail scanners following links change nothing), a published
 * testimonial's photo, and the unsubscribe link of search alerts and newsletters.
 */
import type Router from '@koa/router';
import { escapeHtml as esc, readBody, sameOrigin, HttpError } from '../http/request.ts';
import { FORM_MAX_BODY_BYTES, type Lang } from '../../shared/constants.ts';
import type { BlobStore, LeadRepository } from '../storage/index.ts';
import type { SiteHolder } from '../site/holder.ts';
import { decideTestimonial, page, type FormDeps } from './routes.ts';

export function reviewRoutes(router: Router, deps: Pick<FormDeps, 'sites' | 'leads'> & { uploads: BlobStore }) {
  // Testimonials: the agency's mail links to this page; publishing is a POST from it (mail
  // scanners that follow links change nothing).
  const findReview = async (token: unknown) =>
    typeof token === 'string' && /^[0-9a-f]{32}$/.test(token) ? (await deps.leads.find({ kind: 'testimonial', reviewToken: token })).items[0] : undefined;
  router.get('/api/testimonials/review', async (ctx) => {
    const site = await deps.sites.current();
    const lang = site.routes.defaultLang;
    const t = (k: string) => site.message(lang, k);
    const s = await findReview(ctx.query.token);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    if (!s) {
      ctx.status = 404;
      ctx.body = page(lang, t('alert.badLink'), '');
      return;
    }
    const f = s.fields as Record<string, string>;
    const state = t(`testimonial.status.${String(s.status)}`);
    ctx.body = page(
      lang,
      t('testimonial.review'),
      `<p><strong>${esc(f.name)}</strong>${f.about ? ` – ${esc(f.about)}` : ''}</p><blockquote>${esc(f.comment)}</blockquote><p>${esc(state)}</p>
<form method="post" action="/api/testimonials/review"><input type="hidden" name="token" value="${esc(String(ctx.query.token))}">
<button name="decision" value="publish">${esc(t('testimonial.publish'))}</button> <button name="decision" value="reject">${esc(t('testimonial.reject'))}</button></form>`,
    );
  });
  router.post('/api/testimonials/review', async (ctx) => {
    const site = await deps.sites.current();
    const lang = site.routes.defaultLang;
    const t = (k: string) => site.message(lang, k);
    ctx.type = 'html';
    if (!sameOrigin(ctx)) {
      ctx.status = 403;
      ctx.body = page(lang, t('form.crossOrigin'), '');
      return;
    }
    let form: URLSearchParams;
    try {
      form = new URLSearchParams((await readBody(ctx, FORM_MAX_BODY_BYTES, t('form.tooLarge'))).toString('utf8'));
    } catch (e) {
      ctx.status = e instanceof HttpError ? e.status : 400;
      ctx.body = page(lang, t('form.tooLarge'), '');
      return;
    }
    const s = await findReview(form.get('token'));
    const decision = form.get('decision');
    if (!s || (decision !== 'publish' && decision !== 'reject')) {
      ctx.status = s ? 400 : 404;
      ctx.body = page(lang, t(s ? 'form.invalid' : 'alert.badLink'), '');
      return;
    }
    const done = (await decideTestimonial(deps, s, decision)) ?? s;
    ctx.body = page(lang, t(`testimonial.status.${String(done.status)}`), `<p><a href="/">${esc(site.content.site.name)}</a></p>`);
  });

  // A published testimonial's photo (the others are not public).
  router.get('/media/testimonials/:file', async (ctx) => {
    const file = ctx.params.file;
    const published =
      /^[0-9a-f-]{36}\.webp$/.test(file) &&
      (await deps.leads.find({ kind: 'testimonial', status: 'published', imageFile: file }, { offset: 0, limit: 1 })).total > 0;
    const blob = published ? await deps.uploads.stream(`testimonials/${file}`) : undefined;
    if (!blob) {
      ctx.status = 404;
      return;
    }
    ctx.type = 'image/webp';
    ctx.length = blob.size;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = blob.stream;
  });
}

/** GET /api/alerts/unsubscribe?token=…: the link in every search-alert and newsletter mail; no login needed. */
export function alertRoutes(router: Router, deps: { sites: Pick<SiteHolder, 'current'>; leads: LeadRepository }) {
  router.get('/api/alerts/unsubscribe', async (ctx) => {
    const site = await deps.sites.current();
    const token = ctx.query.token;
    const found = typeof token === 'string' && /^[0-9a-f]{32}$/.test(token) ? (await deps.leads.find({ alertToken: token })).items[0] : undefined;
    if (!found) {
      ctx.status = 404;
      ctx.type = 'html';
      const lang = site.routes.defaultLang;
      ctx.body = page(lang, site.message(lang, 'alert.badLink'), `<p><a href="/">${esc(site.content.site.name)}</a></p>`);
      return;
    }
    if (found.alert?.active) await deps.leads.update(found.id, { alert: { ...found.alert, active: false, unsubscribedAt: new Date().toISOString() } });
    ctx.redirect(site.thankYouPath('unsubscribed', found.lang as Lang));
  });
}
