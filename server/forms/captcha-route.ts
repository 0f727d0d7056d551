/**
 * GET /api/captcha: a captcha image with its sealed answer, at most CAPTCHA_IMAGE_RATE images per
 * visitor address and window (issue 40, point 6: the audit drew 168 images in 10 s from one
 * address, each a sharp rasterisation). Past it: 429 with Retry-After and a sentence in the
 * visitor's language.
 */
import type Router from '@koa/router';
import type { SiteHolder } from '../site/holder.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import type { Captcha } from './captcha.ts';
import { requestLang } from './form-lang.ts';

export function captchaRoute(router: Router, deps: { sites: Pick<SiteHolder, 'current'>; captcha: Captcha; rate: RateLimit }) {
  router.get('/api/captcha', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const wait = await deps.rate.take(ctx.ip);
    if (wait) {
      const site = await deps.sites.current();
      ctx.set('Retry-After', String(wait));
      ctx.status = 429;
      ctx.body = { error: site.message(requestLang(ctx, site), 'captcha.tooMany', { minutes: Math.ceil(wait / 60) }) };
      return;
    }
    ctx.body = await deps.captcha.issue();
  });
}
