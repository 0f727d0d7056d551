/**
 * An upload read as it arrives (readFeedStream, the editor's upload route): the reader works on each
 * piece as it comes, so that a body far larger than anything held is answered from its first bytes,
 * broken JSON still says its line and column (from the temporary copy, removed afterwards), and the
 * records are checked as they are read.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { registry } from '../../modules/index.ts';
import { readFeedStream } from '../../server/listings/feed-file.ts';

const schemas = new SchemaRegistry(registry);
const copies = () => readdirSync(tmpdir()).filter((n) => n.startsWith('vitrine-feed-')).length;

/** A body of `first` and then `piece` for ever (pulled counts what the reader asked for). */
function endless(first: string, piece: string) {
  const body = {
    pulled: 0,
    async *[Symbol.asyncIterator]() {
      yield Buffer.from(first);
      for (;;) {
        body.pulled++;
        yield Buffer.from(piece);
      }
    },
  };
  return body;
}

describe('an upload read as it arrives', () => {
  it('names a file that is not JSON from its first bytes, without reading the rest', async () => {
    const body = endless('%PDF-1.7\n', 'x'.repeat(64 * 1024));
    const r = await readFeedStream(body, { schemas, maxBytes: 100 * 2 ** 20 });
    expect(r.readError).toMatchObject({ code: 'notJson', params: { kind: 'pdf' } });
    expect(body.pulled).toBeLessThan(4);
  });

  it('says where broken JSON breaks, line and column, reading only up to there', async () => {
    const before = copies();
    const rec = JSON.stringify({ ID: 7001, Goal: 0, language: 'fr', City: 'Ixelles' });
    // Line 3, column 4: the "?" after three spaces; the body goes on for ever after it.
    const body = endless(`{"properties": [\n${rec},\n   ?`, ' '.repeat(1024));
    const r = await readFeedStream(body, { schemas, maxBytes: 100 * 2 ** 20, check: true });
    expect(r.readError).toMatchObject({ code: 'badJson', params: { line: 3, column: 4 } });
    expect(r.readError!.text).toMatch(/at line 3, column 4$/);
    expect(body.pulled).toBeLessThan(80);
    expect(copies()).toBe(before);
  });

  it('checks the records of a body sent in small pieces, and keeps no copy', async () => {
    const before = copies();
    const a = { ID: 7001, Goal: '1', language: 'nl-BE', City: 'Gent' };
    const text = JSON.stringify({ properties: [a, { ...a, language: 'fr' }, { ID: 7002, language: 'nl' }] });
    const body = (async function* () {
      for (let i = 0; i < text.length; i += 7) yield Buffer.from(text.slice(i, i + 7));
    })();
    const r = await readFeedStream(body, { schemas, maxBytes: 2 ** 20, check: true });
    expect(r.readError).toBeUndefined();
    expect(r.checked!.counts).toMatchObject({ properties: 1, refusedProperties: 1, records: 3, refusedRecords: 1 });
    expect(r.checked!.data.properties.map((p) => [p.ID, p.Goal, p.language])).toEqual([
      [7001, 1, 'nl'],
      [7001, 1, 'fr'],
    ]);
    expect(copies()).toBe(before);
  });
});
