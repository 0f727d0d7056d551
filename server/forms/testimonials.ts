/** Testimonials visitors sent and staff published (newest first), as pages show them. */
import type { LeadRepository } from '../storage/index.ts';
import type { Testimonial } from '../../renderer/module-api.ts';

export async function publishedTestimonials(leads: LeadRepository): Promise<Testimonial[]> {
  const { items } = await leads.find({ kind: 'testimonial', status: 'published' });
  return items.map((s) => {
    const f = s.fields as { name: string; about?: string; url?: string; comment: string; image?: { file?: string } };
    return {
      id: String(s.id),
      lang: String(s.lang),
      date: String(s.createdAt).slice(0, 10),
      name: f.name,
      about: f.about,
      url: f.url,
      comment: f.comment,
      image: f.image?.file ? `/media/testimonials/${f.image.file}` : undefined,
    };
  });
}
