/** Testimonials visitors sent and staff published (newest first), as pages show them. */
import type { LeadStore } from '../mail/outbox.ts';
import type { Testimonial } from '../../renderer/module-api.ts';

export function publishedTestimonials(store: LeadStore): Testimonial[] {
  return store.submissions
    .filter((s) => s.kind === 'testimonial' && s.status === 'published')
    .map((s) => {
      const f = s.fields as { name: string; about?: string; url?: string; comment: string; image?: { file?: string } };
      return {
        id: String(s.id), lang: String(s.lang), date: String(s.createdAt).slice(0, 10), name: f.name, about: f.about, url: f.url, comment: f.comment,
        image: f.image?.file ? `/media/testimonials/${f.image.file}` : undefined,
      };
    })
    .reverse();
}
