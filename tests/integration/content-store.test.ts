// The editor's store of revisions, on real files: a save changes what visitors see, an invalid or
// conflicting one stores nothing, a restore brings an old version back as a new revision.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registry } from '../../modules/index.ts';
import { readConfigDocs, buildContent } from '../../server/config/config.ts';
import { ContentStore, readRevisions, changeSummary } from '../../server/content/content-store.ts';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { openImportStore } from '../../server/storage/index.ts';
import { siteConfigDir, tempDir } from '../helpers/config.ts';
import type { PageRecord } from '../../renderer/content.ts';

async function open(dataDir = tempDir('content-')) {
  const schemas = new SchemaRegistry(registry);
  const { docs, version } = readConfigDocs(siteConfigDir);
  const base = buildContent(docs, registry, schemas, version).content!;
  const revisions = await readRevisions((await openImportStore(dataDir)).revisions);
  return { store: new ContentStore(docs, version, registry, schemas, revisions, base), dataDir };
}
const services = (c: { pages: PageRecord[] }) => c.pages.find((p) => p.name === 'services')!;
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'revisions.json'), 'utf8')).revisions;

describe('the content store', () => {
  it('publishes a saved page to visitors, with who, when and what changed, and keeps it across a restart', async () => {
    const { store, dataDir } = await open();
    const doc = store.doc('page:4')!;
    expect(doc.rev).toBe(0);
    const page = structuredClone(doc.data) as PageRecord;
    page.modules = [
      { id: 90, view: 'news-view', version: 1, status: 'Published', span: 12, sort: 0, title: { nl: 'Nieuws', fr: 'Actualités', en: 'News' } } as never,
      ...(page.modules ?? []),
    ];
    const r = await store.save('page:4', page, { baseRev: 0, by: 'sofie@atrium-immo.be', publish: true });
    expect(r.ok).toBe(true);
    expect(services(store.content).modules!.map((m) => m.view)[0]).toBe('news-view');
    expect(stored(dataDir)).toMatchObject([{ key: 'page:4', rev: 1, by: 'sofie@atrium-immo.be', summary: 'modules: +news-view #90', published: true }]);
    expect(store.content.version).toMatch(/\.1$/);
    const again = await open(dataDir);
    expect(services(again.store.content).modules![0].view).toBe('news-view');
  });

  it('refuses an invalid page with the field path and stores nothing', async () => {
    const { store, dataDir } = await open();
    const page = structuredClone(store.doc('page:4')!.data) as PageRecord;
    (page.modules![0] as { span: number }).span = 13;
    page.title = { ...page.title, fr: '' };
    const r = await store.save('page:4', page, { baseRev: 0, by: 'x', publish: true });
    expect(r.ok).toBe(false);
    const lines = (r as { problems: Array<{ pointer: string; message: string }> }).problems.map((p) => `${p.pointer}: ${p.message}`);
    expect(lines.some((l) => /\/modules\/0\/span: must be <= 12/.test(l))).toBe(true);
    expect(services(store.content).modules![0]).not.toMatchObject({ span: 13 });
    expect(() => stored(dataDir)).toThrow(); // no revision file was even written
  });

  it('refuses a save based on an older revision (a colleague saved meanwhile) and keeps the colleague’s version', async () => {
    const { store } = await open();
    const page = structuredClone(store.doc('page:4')!.data) as PageRecord;
    const mine = { ...page, title: { ...page.title, en: 'Our services, mine' } };
    const theirs = { ...page, title: { ...page.title, en: 'Our services, theirs' } };
    expect((await store.save('page:4', theirs, { baseRev: 0, by: 'colleague', publish: true })).ok).toBe(true);
    const r = await store.save('page:4', mine, { baseRev: 0, by: 'me', publish: true });
    expect(r).toMatchObject({ ok: false, conflict: { by: 'colleague', rev: 1 } });
    expect(services(store.content).title.en).toBe('Our services, theirs');
  });

  it('restores an old version as a new revision equal to it; drafts stay invisible until published', async () => {
    const { store } = await open();
    const v0 = structuredClone(store.doc('page:4')!.data) as PageRecord;
    await store.save('page:4', { ...v0, title: { ...v0.title, fr: 'Nos services (v1)' } }, { baseRev: 0, by: 'a', publish: true });
    await store.save('page:4', { ...v0, title: { ...v0.title, fr: 'Nos services (v2)' } }, { baseRev: 1, by: 'a', publish: true });
    const draft = await store.save('page:4', { ...v0, title: { ...v0.title, fr: 'Brouillon' } }, { baseRev: 2, by: 'a', publish: false });
    expect(draft.ok).toBe(true);
    expect(services(store.content).title.fr).toBe('Nos services (v2)');
    const restored = await store.save('page:4', store.revision('page:4', 1)!.data, { baseRev: 3, by: 'b', publish: true, restoredFrom: 1, noMerge: true });
    expect(restored).toMatchObject({ ok: true, revision: { rev: 4, restoredFrom: 1, summary: 'restored revision 1', published: true } });
    expect(services(store.content).title.fr).toBe('Nos services (v1)');
    expect(store.doc('page:4')!.data).toEqual(store.history('page:4').find((r) => r.rev === 1)!.data);
  });

  it('says what changed in a line', () => {
    expect(changeSummary({ a: 1, t: { fr: 'x', en: 'y' } }, { a: 1, t: { fr: 'z', en: 'y' } })).toBe('t/fr');
    expect(
      changeSummary(
        {
          modules: [
            { id: 1, view: 'a' },
            { id: 2, view: 'b' },
          ],
        },
        {
          modules: [
            { id: 2, view: 'b' },
            { id: 1, view: 'a' },
          ],
        },
      ),
    ).toBe('modules: order');
    expect(changeSummary(undefined, { a: 1 })).toBe('created');
  });
});
