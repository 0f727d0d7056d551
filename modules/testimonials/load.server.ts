import { defineLoader, type LoadContext, type Testimonial } from '../../renderer/module-api.ts';
import type { TestimonialsModule } from '../../schemas/types.gen.ts';
import testimonials, { DEFAULT_MAX } from './index.tsx';

async function load(module: TestimonialsModule, ctx: LoadContext): Promise<Testimonial[]> {
  return (await ctx.services.testimonials()).slice(0, module.maxItems ?? DEFAULT_MAX);
}

export default defineLoader(testimonials, load);
