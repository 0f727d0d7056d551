/**
 * Records checked as they are read (FeedReadOptions.check, the path every import takes): the result
 * is the one normaliseFeed gives for the whole file read first (as imports did before) — the same
 * records kept and coerced, the same problems in the same order, the same counts — while the file's
 * own lists are never held.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { registry } from '../../modules/index.ts';
import { parseFeedBytes } from '../../server/listings/feed-file.ts';
import { formatFeedProblem, normaliseFeed } from '../../server/listings/feed.ts';
import { root } from '../helpers/config.ts';

const schemas = new SchemaRegistry(registry);
const fixture = () => JSON.parse(readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8'));
const sample = () => JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));

async function both(feed: unknown) {
  const text = JSON.stringify(feed);
  const read = await parseFeedBytes(Buffer.from(text), { schemas, check: true });
  const whole = await normaliseFeed((await parseFeedBytes(Buffer.from(text), { schemas })).raw, schemas);
  return { read, whole };
}

describe('a feed checked as it is read', () => {
  it.each([
    ['the CRM fixture', fixture],
    ['the shipped sample', sample],
  ])('gives what checking %s as a whole gives, without holding its lists', async (_, make) => {
    const { read, whole } = await both(make());
    expect(read.readError).toBeUndefined();
    expect(read.checked!.counts).toEqual(whole.counts);
    expect(read.checked!.data).toEqual(whole.data);
    expect(read.checked!.problems.map(formatFeedProblem)).toEqual(whole.problems.map(formatFeedProblem));
    expect(whole.counts.properties).toBeGreaterThan(0);
    // The file's own lists stay empty: only the kept, checked records are held.
    expect((read.raw as { properties: unknown[] }).properties).toEqual([]);
  });

  it('refuses what is not a record, a second record of an ID in one language and one without its goal, in list order', async () => {
    const a = { ID: 7001, Goal: '0', language: 'FR-be', City: 'Ixelles' };
    const feed = {
      projects: [{ ID: 9001, language: 'nl', Name: 'Residentie Zuid' }, 'text'],
      properties: [42, null, a, { ...a, City: 'Elsene' }, { ID: 7002, language: 'nl' }, [1, 2], { ...a, language: 'nl' }],
    };
    const { read, whole } = await both(feed);
    const lines = read.checked!.problems.map(formatFeedProblem);
    expect(lines).toEqual(whole.problems.map(formatFeedProblem));
    expect(lines.slice(0, 2)).toEqual(['property #1: 42 is not a record — record refused', 'property #2: null is not a record — record refused']);
    expect(lines.some((l) => l.startsWith('property 7001 (fr):') && l.includes('second time'))).toBe(true);
    expect(lines.some((l) => l.startsWith('project #2:'))).toBe(true);
    expect(read.checked!.counts).toMatchObject({ properties: 1, refusedProperties: 1, projects: 1 });
    // Coerced as it was read: the goal a number, the culture code a language.
    expect(read.checked!.data.properties.map((p) => [p.ID, p.Goal, p.language])).toEqual([
      [7001, 0, 'fr'],
      [7001, 0, 'nl'],
    ]);
  });

  it('takes the last of a list given twice, as JSON.parse does', async () => {
    const a = { ID: 7001, Goal: 0, language: 'fr', City: 'Ixelles' };
    const text = `{"properties": [${JSON.stringify({ ...a, ID: 7009 })}], "properties": [${JSON.stringify(a)}]}`;
    const read = await parseFeedBytes(Buffer.from(text), { schemas, check: true });
    const whole = await normaliseFeed((await parseFeedBytes(Buffer.from(text), { schemas })).raw, schemas);
    expect(read.checked!.data.properties.map((p) => p.ID)).toEqual([7001]);
    expect(read.checked!.counts).toEqual(whole.counts);
  });

  it('says a file that is not a preloaded response is one, as a whole check does', async () => {
    for (const feed of [{ projects: [] }, { properties: { 1: {} } }, []]) {
      const { read, whole } = await both(feed);
      expect(read.checked!.readable).toBe(false);
      expect(read.checked!.problems.map(formatFeedProblem)).toEqual(whole.problems.map(formatFeedProblem));
    }
  });
});
