/**
 * The agency's first testimonials (site-config/testimonials/sample.json), stored once in a fresh data
 * folder or database as published testimonials, so that home and the testimonials page show them and
 * staff manage them in the inbox like any other (publish, reject). Once: the seed runs only when the
 * store has never recorded a content seed, so a testimonial staff rejected or removed never comes
 * back at the next start. Two nodes starting together on a new database store each one once (fixed
 * ids; a second insert of an id is skipped).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../../shared/constants.ts';
import { UUID } from '../editor-api/input.ts';
import type { LeadRepository, Submission } from '../storage/types.ts';
import { lines } from '../log/logger.ts';

/** At most this many sample testimonials are read; the rest of the file is named and left out. */
export const SAMPLE_TESTIMONIALS_MAX = 20;
/** The limits of the testimonial form (schemas/form-testimonial.json). */
const LIMITS = { name: 120, about: 200, comment: 2000 } as const;

export interface SampleTestimonial {
  id: string;
  lang: string;
  date: string;
  name: string;
  about?: string;
  comment: string;
}

/** The sample testimonials of a config folder ([] without the file), and one line per item left out. */
export function readSampleTestimonials(configDir: string): { items: SampleTestimonial[]; problems: string[] } {
  const file = join(configDir, 'testimonials', 'sample.json');
  if (!existsSync(file)) return { items: [], problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { items: [], problems: [`testimonials/sample.json: ${(e as Error).message}`] };
  }
  if (!Array.isArray(raw)) return { items: [], problems: ['testimonials/sample.json: must be a list'] };
  const problems: string[] = [];
  if (raw.length > SAMPLE_TESTIMONIALS_MAX) problems.push(`testimonials/sample.json: only the first ${SAMPLE_TESTIMONIALS_MAX} are read`);
  const items: SampleTestimonial[] = [];
  raw.slice(0, SAMPLE_TESTIMONIALS_MAX).forEach((x: Record<string, unknown>, i) => {
    const problem = sampleProblem(x);
    if (problem) problems.push(`testimonials/sample.json /${i}/${problem}`);
    else items.push(x as unknown as SampleTestimonial);
  });
  return { items, problems };
}

function sampleProblem(x: Record<string, unknown>): string | undefined {
  if (!x || typeof x !== 'object') return ': must be an object';
  const text = (k: string, max: number, required: boolean) => {
    const v = x[k];
    if (v === undefined && !required) return undefined;
    return typeof v === 'string' && v.trim().length > 0 && v.length <= max ? undefined : `${k}: must be a text of 1 to ${max} characters`;
  };
  // A fixed id, in the form of every request's (the inbox opens requests by it).
  if (typeof x.id !== 'string' || !UUID.test(x.id)) return 'id: must be a UUID in lowercase (10274b54-0731-434d-ac83-d6049717a58f)';
  if (!(LANGUAGES as readonly unknown[]).includes(x.lang)) return `lang: must be one of ${LANGUAGES.join(', ')}`;
  if (typeof x.date !== 'string' || Number.isNaN(Date.parse(x.date))) return 'date: must be a date (2026-10-28T10:00:00.000Z)';
  return text('name', LIMITS.name, true) ?? text('about', LIMITS.about, false) ?? text('comment', LIMITS.comment, true);
}

/** Stores the samples not stored yet as published testimonials; how many it stored. */
export async function seedTestimonials(leads: LeadRepository, items: SampleTestimonial[]): Promise<number> {
  let added = 0;
  for (const x of items) {
    if (await leads.get(x.id)) continue;
    const at = new Date(Date.parse(x.date)).toISOString();
    const lead: Submission = {
      id: x.id,
      kind: 'testimonial',
      lang: x.lang,
      createdAt: at,
      page: null,
      propertyId: null,
      fields: { name: x.name, ...(x.about ? { about: x.about } : {}), comment: x.comment },
      status: 'published',
      handled: true,
      handledAt: at,
      reviewedAt: at,
    };
    try {
      await leads.add(lead, []);
      added++;
    } catch (e) {
      // Another node of the database stored it in the same moment.
      if (!(await leads.get(x.id))) throw e;
    }
  }
  return added;
}

/** At the first start of a store: the config folder's sample testimonials, stored published; its problems as warnings. */
export async function seedSampleTestimonials(configDir: string, leads: LeadRepository, quiet?: boolean): Promise<number> {
  const { items, problems } = readSampleTestimonials(configDir);
  if (!quiet) for (const p of problems) lines().warn(p);
  return seedTestimonials(leads, items);
}
