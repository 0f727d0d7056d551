import { NOTHING_TO_SHOW, defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { localize } from '../../shared/localize.ts';
import type { TestimonialsModule } from '../../schemas/types.gen.ts';
import testimonials, { DEFAULT_MAX, type TestimonialsData } from './index.ts';

/** The page that lists the testimonials (another page with this module as a list), for the quotes' link. */
function listPage(ctx: LoadContext): TestimonialsData['more'] {
  const { routes, content } = ctx.services;
  const page = content.pages.find(
    (p) =>
      p.id !== ctx.page.id &&
      routes.available(p, ctx.lang) &&
      (p.modules ?? []).some((m) => m.view === 'testimonials' && m.status === 'Published' && (m as TestimonialsModule).variant !== 'quotes'),
  );
  return page ? { path: routes.pagePath(page, ctx.lang), title: localize(page.title, ctx.lang) } : undefined;
}

async function load(module: TestimonialsModule, ctx: LoadContext): Promise<TestimonialsData | typeof NOTHING_TO_SHOW> {
  const items = (await ctx.services.testimonials()).slice(0, module.maxItems ?? DEFAULT_MAX);
  if (module.variant !== 'quotes') return { items };
  // On home: nothing at all (no heading) until the agency has published a testimonial.
  if (!items.length) return NOTHING_TO_SHOW;
  return { items, more: listPage(ctx) };
}

export default defineLoader(testimonials, load);
