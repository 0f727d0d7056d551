// The sample testimonials a fresh data folder gets (site-config/testimonials/sample.json): what is
// read, what is left out and named, and the bound on how many are read.
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { readSampleTestimonials, SAMPLE_TESTIMONIALS_MAX } from '../../server/forms/testimonial-seed.ts';
import { root, tempDir } from '../helpers/config.ts';

const folder = (items: unknown) => {
  const dir = tempDir('sample-testimonials-');
  mkdirSync(join(dir, 'testimonials'));
  writeFileSync(join(dir, 'testimonials', 'sample.json'), typeof items === 'string' ? items : JSON.stringify(items));
  return dir;
};
const one = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  lang: 'nl',
  date: '2026-10-01T10:00:00.000Z',
  name: 'An V.',
  about: 'Jette',
  comment: 'Vlot verkocht.',
  ...over,
});

describe('sample testimonials', () => {
  it('reads the shipped four without a problem', () => {
    const r = readSampleTestimonials(join(root, 'site-config'));
    expect(r.problems).toEqual([]);
    expect(r.items.map((x) => x.lang)).toEqual(['fr', 'nl', 'en', 'nl']);
  });

  it('reads nothing from a config folder without the file', () => {
    expect(readSampleTestimonials(tempDir('no-samples-'))).toEqual({ items: [], problems: [] });
  });

  it('leaves out and names an item past the form limits or with an id the inbox cannot open', () => {
    const r = readSampleTestimonials(
      folder([one(), one({ comment: 'x'.repeat(2001) }), one({ name: '' }), one({ id: 'sample-1' }), one({ lang: 'xx' }), one({ date: 'yesterday' })]),
    );
    expect(r.items).toHaveLength(1);
    expect(r.problems).toEqual([
      'testimonials/sample.json /1/comment: must be a text of 1 to 2000 characters',
      'testimonials/sample.json /2/name: must be a text of 1 to 120 characters',
      expect.stringMatching(/^testimonials\/sample\.json \/3\/id: must be a UUID/),
      'testimonials/sample.json /4/lang: must be one of nl, fr, en, de',
      expect.stringMatching(/^testimonials\/sample\.json \/5\/date: /),
    ]);
  });

  it(`reads at most ${SAMPLE_TESTIMONIALS_MAX} and says so`, () => {
    const r = readSampleTestimonials(folder(Array.from({ length: SAMPLE_TESTIMONIALS_MAX + 1 }, () => one())));
    expect(r.items).toHaveLength(SAMPLE_TESTIMONIALS_MAX);
    expect(r.problems).toEqual([`testimonials/sample.json: only the first ${SAMPLE_TESTIMONIALS_MAX} are read`]);
  });

  it('names a file that is not JSON or not a list', () => {
    expect(readSampleTestimonials(folder('[{')).problems[0]).toMatch(/^testimonials\/sample\.json: /);
    expect(readSampleTestimonials(folder({})).problems).toEqual(['testimonials/sample.json: must be a list']);
  });
});
