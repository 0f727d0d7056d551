import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { configCopy, root, tempDir } from '../helpers/config.ts';
import { samplePhotoSource } from '../../sample/photo-source.ts';
import type { PhotoSource } from '../../server/listings/pictures.ts';

/**
 * The sample's photos are drawn, not fetched. Drawn ahead (as in production), a page's first view
 * draws nothing on the visitor's request path, and a restart draws nothing again.
 */
type Srv = Awaited<ReturnType<typeof startTestServer>>;
const PROPERTIES = [1001, 1002];
const PROJECT = 1;

/** The sample cut to two properties and one project (drawing the whole sample is about a minute of CPU). */
function smallSample() {
  const sample = JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
  return configCopy(({ write }) =>
    write('listings/sample.json', {
      ...sample,
      properties: sample.properties.filter((p: { ID: number }) => PROPERTIES.includes(p.ID)).map((p: object) => ({ ...p, ProjectID: null })),
      projects: sample.projects.filter((p: { ID: number }) => p.ID === PROJECT).map((p: object) => ({ ...p, Units: [] })),
    }),
  );
}

/** The sample's photo source, counting what it draws. */
function counting(): PhotoSource & { draws: string[] } {
  const draws: string[] = [];
  return {
    draws,
    handles: (url) => samplePhotoSource.handles(url),
    draw: (url, width, listing) => (draws.push(`${new URL(url, 'http://x').pathname} ${width}`), samplePhotoSource.draw(url, width, listing)),
  };
}

const unescape = (s: string) => s.replace(/&amp;/g, '&');
/** Every picture URL a page's HTML names (src and each srcset entry). */
function pictureUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<img [^>]*?src="(\/media\/listings\/[^"]+)"(?: srcSet="([^"]+)")?/g)) {
    urls.add(unescape(m[1]));
    for (const entry of m[2]?.split(', ') ?? []) urls.add(unescape(entry.split(' ')[0]));
  }
  return [...urls];
}

describe('the sample’s drawn photos, drawn ahead', { timeout: 120_000 }, () => {
  const configDir = smallSample();
  const dataDir = tempDir('drawn-');
  let srv: Srv;
  const source = counting();
  beforeAll(async () => {
    srv = await startTestServer({ configDir, dataDir, photoSource: source, drawAhead: true });
  });
  afterAll(() => srv?.close());

  it('draws every width a first view shows before anyone asks, and none on the visitors’ requests', async () => {
    const report = await srv.server.picturesMade();
    const pictures = new Set(source.draws.map((d) => d.split(' ')[0]));
    expect(report).toMatchObject({ cancelled: false, fetched: 0, cached: 0, drawn: pictures.size });
    // Photo 1 of each listing at six widths (thumbnail, cards, slides), the other photos at the thumbnail's.
    expect(source.draws.filter((d) => d.endsWith('/1.jpg 900'))).toHaveLength(PROPERTIES.length + 1);
    expect(source.draws.filter((d) => / 200$/.test(d))).toHaveLength(pictures.size);

    const drawnAhead = source.draws.length;
    const api = await (await fetch(`${srv.url}/api/properties?lang=nl&goal=sale`)).json();
    const pages = ['/nl/kopen/', '/nl/projecten/', ...api.items.map((i: { path: string }) => i.path)];
    expect(pages.length).toBeGreaterThan(2);
    const urls: string[] = [];
    for (const path of pages) {
      const r = await fetch(srv.url + path);
      expect(r.status, path).toBe(200);
      urls.push(...pictureUrls(await r.text()));
    }
    expect(urls.some((u) => u.includes('/project-1/1.jpg'))).toBe(true);
    expect(urls.filter((u) => u.includes('w=200')).length).toBeGreaterThan(4);
    for (const url of urls) {
      const r = await fetch(srv.url + url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/jpeg');
      await r.arrayBuffer();
    }
    expect(source.draws.slice(drawnAhead)).toEqual([]);
  });

  it('draws nothing again after a restart: the pictures are kept in the data folder', async () => {
    await srv.close();
    const again = counting();
    srv = await startTestServer({ configDir, dataDir, photoSource: again, drawAhead: true });
    const report = await srv.server.picturesMade();
    expect(report).toMatchObject({ cancelled: false, drawn: 0 });
    expect(report!.cached).toBe(report!.pictures);
    expect(again.draws).toEqual([]);
  });
});
