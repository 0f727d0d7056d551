import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { configCopy, tempDir } from '../helpers/config.ts';
import { startPictureServer, meanColour, sameColour, type PictureServer } from '../helpers/picture-server.ts';
import { cdnListings, importCdnListings, COLOUR, OWNER_REF, VERSION } from '../helpers/cdn-listings.ts';
import { Client } from '../helpers/client.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { IMAGE_WIDTH } from '../../shared/constants.ts';
import { LISTING_PHOTO_PATH } from '../../shared/listing-photos.ts';

type Srv = Awaited<ReturnType<typeof startTestServer>>;
/**
 * A small size limit so that the oversized pictures fail quickly; a time limit long enough for a
 * loaded 2-core machine (the slow picture then takes that long to be given up).
 */
const LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, retryMs: 60_000 };
/** Waiting for the background fetch (it gives up on the slow picture after LIMITS.timeoutMs). */
const LEARNED = { timeout: 30_000 };
/** Tests that wait for the background fetch or resize many pictures on a loaded 2-core machine. */
const SLOW_TEST = 60_000;
const COLOURS = [...Object.values(COLOUR), '123456'];
const IMAGE_WIDTHS: number[] = Object.values(IMAGE_WIDTH);

async function cdnSite(
  pics: PictureServer,
  listings: { pictureHosts: string[]; allowPrivatePictureHosts?: boolean },
  limits = LIMITS,
  data = cdnListings(pics.url),
): Promise<Srv> {
  const dataDir = tempDir('cdn-');
  await importCdnListings(dataDir, data);
  const configDir = configCopy(({ read, write }) => write('site.json', { ...read('site.json'), listings }));
  return startTestServer({ configDir, dataDir, pictureLimits: limits });
}

const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/\\u0026/g, '&');

async function html(srv: Srv, path: string): Promise<string> {
  const r = await fetch(srv.url + path);
  expect(r.status, path).toBe(200);
  return r.text();
}
/** A property's detail page in English (a wrong slug redirects to the right path). */
const detail = (srv: Srv, id: number, goal: 'sale' | 'rent' = 'sale') => html(srv, `/en/for-${goal}/x/x/${id}/`);
const projectPage = (srv: Srv, id: number) => html(srv, `/en/projects/x/x/${id}/`);
/** The gallery thumbnails of a detail page, in order. */
const thumbs = (page: string) => [...page.matchAll(/<img src="([^"]+)" alt="Photo \d+ of \d+"/g)].map((m) => unescape(m[1]));
/** The card image of a listing on a list page. */
function cardImage(page: string, id: number): { src: string; srcSet: string } | null | undefined {
  const card = new RegExp(`<article class="property-card[^"]*"[^>]*data-property-id="${id}"[\\s\\S]*?</article>`).exec(page)?.[0];
  if (!card) return undefined;
  const img = /<img src="([^"]+)" srcSet="([^"]+)"/.exec(card);
  return img ? { src: unescape(img[1]), srcSet: unescape(img[2]) } : null;
}
async function image(srv: Srv, url: string) {
  const r = await fetch(srv.url + url);
  const body = Buffer.from(await r.arrayBuffer());
  const meta = r.headers.get('content-type') === 'image/jpeg' ? await sharp(body).metadata() : undefined;
  return {
    status: r.status,
    placeholder: r.headers.get('x-placeholder'),
    cache: r.headers.get('cache-control'),
    width: meta?.width,
    format: meta?.format,
    colour: meta ? await meanColour(body) : [],
  };
}
const photoUrl = (url: string) => {
  const u = new URL(url, 'http://site');
  return { path: u.pathname, v: u.searchParams.get('v'), w: u.searchParams.get('w') };
};

describe('listing pictures on the CRM picture CDN', { timeout: SLOW_TEST }, () => {
  let pics: PictureServer;
  let srv: Srv;
  beforeAll(async () => {
    pics = await startPictureServer(COLOURS);
    srv = await cdnSite(pics, { pictureHosts: ['127.0.0.1'], allowPrivatePictureHosts: true });
  });
  afterAll(async () => {
    await srv?.close();
    await pics?.close();
  });

  // First in this block: the tests below ask for widths that were not made ahead.
  it('makes ahead, after the import, every width a page first shows: the list cards, the first photo, the thumbnails', async () => {
    const report = await srv.server.picturesMade();
    expect(report).toMatchObject({ cancelled: false });
    const made = () => readdirSync(join(srv.dataDir, 'cache', 'listing-pictures')).sort();
    const before = made();
    const cdnRequests = pics.requests.length;
    const list = await html(srv, '/en/for-sale/');
    const page = await detail(srv, 2001);
    const still = /<img class="gallery__still" src="([^"]+)" srcSet="([^"]+)"/.exec(page)!;
    const urls = [...cardImage(list, 2001)!.srcSet.split(', '), ...unescape(still[2]).split(', '), ...thumbs(page)].map((entry) => entry.split(' ')[0]);
    expect(urls.length).toBe(3 + 4 + 3);
    for (const url of urls) expect(await image(srv, unescape(url)), url).toMatchObject({ status: 200, placeholder: null });
    // Nothing was fetched, resized or written for these requests: every file was there.
    expect(made()).toEqual(before);
    expect(pics.requests.length).toBe(cdnRequests);
  });

  it('shows the CDN photos on the list and detail pages, resized by the site, and never sends the CDN URL to the browser', async () => {
    const list = await html(srv, '/en/for-sale/');
    const card = cardImage(list, 2001)!;
    expect(card).toBeTruthy();
    expect(photoUrl(card.src)).toMatchObject({ path: '/media/listings/2001/1.jpg', w: String(IMAGE_WIDTH.small) });
    for (const entry of card.srcSet.split(', ')) {
      const [url, w] = entry.split(' ');
      const img = await image(srv, url);
      expect(img, url).toMatchObject({ status: 200, placeholder: null, format: 'jpeg', width: parseInt(w) });
      expect(sameColour(img.colour, COLOUR.house1), `${url} ${img.colour}`).toBe(true);
    }
    const page = await detail(srv, 2001);
    const t = thumbs(page);
    expect(t).toHaveLength(3);
    for (const [i, colour] of [COLOUR.house1, COLOUR.house2, COLOUR.house3].entries()) {
      expect(photoUrl(t[i])).toMatchObject({ path: `/media/listings/2001/${i + 1}.jpg`, w: String(IMAGE_WIDTH.thumb) });
      const img = await image(srv, t[i]);
      expect(img).toMatchObject({ status: 200, width: IMAGE_WIDTH.thumb });
      expect(sameColour(img.colour, colour)).toBe(true);
    }
    const large = await image(srv, t[0].replace(`w=${IMAGE_WIDTH.thumb}`, `w=${IMAGE_WIDTH.large}`));
    expect(large.width).toBe(IMAGE_WIDTH.large);
    const original = await image(srv, t[0].replace(`&w=${IMAGE_WIDTH.thumb}`, ''));
    expect(original.width).toBe(1600);
    // Shared on social media and in search results: the site's URL of photo 1, absolute.
    const og = unescape(/<meta property="og:image" content="([^"]+)"/.exec(page)![1]);
    expect(og).toMatch(/^https:\/\/www\.atrium-immo\.be\/media\/listings\/2001\/1\.jpg\?v=[0-9a-z]+&w=1360$/);
    const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]))
      .find((j) => j['@type'] === 'RealEstateListing');
    expect(ld.image).toBe(og);
    for (const p of [list, page]) {
      expect(p).not.toContain(`127.0.0.1:${pics.port}`);
      expect(p).not.toContain(`localhost:${pics.port}`);
    }
  });

  it('fetches a picture from the CDN once: later requests at any width are served from the disk', async () => {
    const path = `/c/${COLOUR.house2}/2001-2.jpg`;
    const url = thumbs(await detail(srv, 2001))[1];
    for (const w of [IMAGE_WIDTH.medium, IMAGE_WIDTH.medium, IMAGE_WIDTH.large, IMAGE_WIDTH.placeholder, IMAGE_WIDTH.card]) {
      const img = await image(srv, url.replace(/w=\d+/, `w=${w}`));
      expect(img).toMatchObject({ status: 200, width: w });
      expect(img.cache).toBe('public, max-age=2592000');
    }
    expect(pics.count(path)).toBe(1);
    expect(pics.requests.find((r) => r.startsWith(path))).toBe(`${path}?v=${VERSION}`);
  });

  it('falls back to the large picture, then the small one, when a property has no Pictures', async () => {
    const flat = thumbs(await detail(srv, 2002, 'rent'));
    expect(flat).toHaveLength(1);
    expect(sameColour((await image(srv, flat[0])).colour, COLOUR.flatLarge)).toBe(true);
    const lux = thumbs(await detail(srv, 2003));
    expect(lux).toHaveLength(1);
    expect(sameColour((await image(srv, lux[0])).colour, COLOUR.lux)).toBe(true);
  });

  it('shows project photos on the project list and detail pages; the CRM’s placeholder picture counts as no photo', async () => {
    const list = await html(srv, '/en/projects/');
    const card = (id: number) => new RegExp(`<article class="property-card project-card">(?:(?!</article>)[\\s\\S])*?/${id}/"`).exec(list)?.[0] ?? '';
    const src = (id: number) => unescape(/<img src="([^"]+)"/.exec(card(id))?.[1] ?? '');
    expect(photoUrl(src(301)).path).toBe('/media/listings/project-301/1.jpg');
    expect(sameColour((await image(srv, src(301))).colour, COLOUR.project1)).toBe(true);
    expect(sameColour((await image(srv, src(302))).colour, COLOUR.projectSmall)).toBe(true);
    expect(card(303)).toContain('property-card__nophoto');
    expect(card(303)).toContain('No photo was found');
    const p301 = thumbs(await projectPage(srv, 301));
    expect(p301.map((u) => photoUrl(u).path)).toEqual(['/media/listings/project-301/1.jpg', '/media/listings/project-301/2.jpg']);
    expect(sameColour((await image(srv, p301[1])).colour, COLOUR.project2)).toBe(true);
    const p303 = await projectPage(srv, 303);
    expect(thumbs(p303)).toEqual([]);
    expect(p303).toContain('No photo was found');
    expect(pics.requests.some((r) => r.includes('no-image'))).toBe(false);
  });

  it('leaves out the pictures the CDN says are gone; with none left the page says "No photo was found"', async () => {
    // The background fetch after the import learns which pictures are gone; the pages follow.
    await expect
      .poll(async () => thumbs(await detail(srv, 2005)).map((u) => photoUrl(u).path), LEARNED)
      .toEqual(['/media/listings/2005/1.jpg', '/media/listings/2005/4.jpg']);
    const [first, fourth] = thumbs(await detail(srv, 2005));
    expect(sameColour((await image(srv, first)).colour, COLOUR.mixed1)).toBe(true);
    expect(sameColour((await image(srv, fourth)).colour, COLOUR.mixed4)).toBe(true);
    await expect.poll(async () => (await detail(srv, 2004)).includes('No photo was found'), LEARNED).toBe(true);
    expect(thumbs(await detail(srv, 2004))).toEqual([]);
    expect(cardImage(await html(srv, '/en/for-sale/'), 2004)).toBeNull();
    expect(await html(srv, '/en/for-sale/')).toMatch(
      /data-property-id="2004"><div class="property-card__media"><div class="property-card__nophoto">No photo was found<\/div>/,
    );
    // An old page that still asks for a gone picture gets a neutral picture, briefly cached.
    const gone = await image(srv, `/media/listings/2004/1.jpg?v=x&w=${IMAGE_WIDTH.small}`);
    expect(gone).toMatchObject({ status: 200, placeholder: 'gone', format: 'jpeg', width: IMAGE_WIDTH.small, cache: 'public, max-age=60' });
    // The CDN was asked once for each, not on every page view or image request.
    expect(pics.count('/missing/2004-1.jpg')).toBe(1);
  });

  it('refuses pictures it may not fetch (hosts not in the list, file:, ftp:, data:, relative paths) without asking anyone', async () => {
    const page = await detail(srv, 2006);
    expect(page).toContain('No photo was found');
    for (let n = 1; n <= 6; n++)
      expect(await image(srv, `/media/listings/2006/${n}.jpg?w=${IMAGE_WIDTH.small}`), `photo ${n}`).toMatchObject({
        status: 200,
        placeholder: 'refused',
        width: IMAGE_WIDTH.small,
      });
    expect(pics.requests.filter((r) => r.includes('2006'))).toEqual([]);
  });

  it('refuses a redirect to a host not in the list and follows one on the same host', async () => {
    const [, second] = await Promise.all([
      image(srv, `/media/listings/2008/1.jpg?w=${IMAGE_WIDTH.small}`),
      image(srv, `/media/listings/2008/2.jpg?w=${IMAGE_WIDTH.small}`),
    ]);
    expect(await image(srv, `/media/listings/2008/1.jpg?w=${IMAGE_WIDTH.small}`)).toMatchObject({ status: 200, placeholder: 'refused' });
    expect(pics.count(`/redirect-host/localhost/c/${COLOUR.house1}/2008-1.jpg`)).toBe(1);
    expect(pics.count(`/c/${COLOUR.house1}/2008-1.jpg`)).toBe(0);
    expect(second).toMatchObject({ status: 200, placeholder: null, width: IMAGE_WIDTH.small });
    expect(sameColour(second.colour, COLOUR.redirected)).toBe(true);
    await expect.poll(async () => thumbs(await detail(srv, 2008, 'rent')).map((u) => photoUrl(u).path), LEARNED).toEqual(['/media/listings/2008/2.jpg']);
  });

  it('refuses a picture that is too large or is no image, and shows a placeholder for one too slow to arrive', async () => {
    for (const n of [1, 2, 3])
      expect(await image(srv, `/media/listings/2007/${n}.jpg?w=${IMAGE_WIDTH.small}`), `photo ${n}`).toMatchObject({
        status: 200,
        placeholder: 'gone',
        width: IMAGE_WIDTH.small,
      });
    expect(await image(srv, `/media/listings/2007/4.jpg?w=${IMAGE_WIDTH.small}`)).toMatchObject({
      status: 200,
      placeholder: 'unavailable',
      cache: 'public, max-age=60',
    });
    // Too slow may be better next time: that one stays on the page (as a placeholder for now).
    await expect.poll(async () => thumbs(await detail(srv, 2007)).map((u) => photoUrl(u).path), LEARNED).toEqual(['/media/listings/2007/4.jpg']);
  });

  it('answers 404 with a picture for a listing or photo that does not exist, and 400 for a width it does not make', async () => {
    expect(await image(srv, `/media/listings/9999/1.jpg?w=${IMAGE_WIDTH.small}`)).toMatchObject({ status: 404, placeholder: 'not-found', format: 'jpeg' });
    expect(await image(srv, `/media/listings/2001/9.jpg?w=${IMAGE_WIDTH.small}`)).toMatchObject({ status: 404, placeholder: 'not-found' });
    expect((await fetch(`${srv.url}/media/listings/2001/1.jpg?w=123`)).status).toBe(400);
    expect((await fetch(`${srv.url}/media/listings/2001/1.jpg?w=400&w=600`)).status).toBe(400);
  });

  it('writes every picture URL of the list, detail and project pages well-formed (one v, at most one w of the spec’s widths)', async () => {
    const pages = ['/en/', '/en/for-sale/', '/en/for-rent/', '/nl/kopen/?view=map', '/en/projects/'];
    const bodies = await Promise.all(pages.map((p) => html(srv, p)));
    for (const id of [2001, 2003, 2004, 2005, 2006, 2007]) bodies.push(await detail(srv, id));
    for (const id of [2002, 2008]) bodies.push(await detail(srv, id, 'rent'));
    for (const id of [301, 302, 303]) bodies.push(await projectPage(srv, id));
    bodies.push(await (await fetch(`${srv.url}/api/properties?lang=en&goal=sale`)).text());
    let checked = 0;
    for (const body of bodies) {
      // Every URL of a listing photo, wherever it stands: src, srcset, href, meta, JSON-LD, the page data.
      for (const m of unescape(body).matchAll(/(?:https:\/\/www\.atrium-immo\.be)?\/media\/listings\/[^"\s,\\<]*/g)) {
        const raw = m[0];
        const u = new URL(raw, 'https://www.atrium-immo.be');
        expect(u.pathname, raw).toMatch(LISTING_PHOTO_PATH);
        expect(raw.split('?')).toHaveLength(2);
        expect([...u.searchParams.keys()].sort(), raw).toEqual(u.searchParams.has('w') ? ['v', 'w'] : ['v']);
        expect(u.searchParams.get('v'), raw).toMatch(/^[0-9a-z]{4,13}$/);
        if (u.searchParams.has('w')) expect(IMAGE_WIDTHS, raw).toContain(Number(u.searchParams.get('w')));
        checked++;
      }
      expect(body).not.toContain(`:${pics.port}/`);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives the owner portal the photo through the site', async () => {
    const dir = srv.dataDir;
    await addOwner(OwnerAccounts.inDataDir(dir), { username: 'owner.cdn@example.be', password: 'a long owner secret', lang: 'en', ref: OWNER_REF });
    const c = new Client(srv.url);
    expect((await c.req('POST', '/api/owner/login', { username: 'owner.cdn@example.be', password: 'a long owner secret', lang: 'en' })).status).toBe(200);
    const me = await c.req('GET', '/api/owner/me?lang=en');
    const house = me.json.properties.find((p: { id: number }) => p.id === 2001);
    expect(photoUrl(house.picture)).toMatchObject({ path: '/media/listings/2001/1.jpg', w: String(IMAGE_WIDTH.thumb) });
    const img = await image(srv, house.picture);
    expect(img.width).toBe(IMAGE_WIDTH.thumb);
    expect(sameColour(img.colour, COLOUR.house1)).toBe(true);
  });

  it('fetches a picture again when the CRM gives it a new version: a new URL for the browser too', async () => {
    const path = `/c/${COLOUR.house1}/2001-1.jpg`;
    const before = thumbs(await detail(srv, 2001))[0];
    expect(pics.count(path)).toBe(1);
    pics.recolour(path, '123456');
    await importCdnListings(srv.dataDir, cdnListings(pics.url, { versions: { [path]: '1731999999' } }));
    await expect.poll(async () => thumbs(await detail(srv, 2001))[0], LEARNED).not.toBe(before);
    const after = thumbs(await detail(srv, 2001))[0];
    expect(photoUrl(after).path).toBe(photoUrl(before).path);
    expect(photoUrl(after).v).not.toBe(photoUrl(before).v);
    expect(sameColour((await image(srv, after)).colour, '123456')).toBe(true);
    expect(pics.count(path)).toBe(2);
    expect(pics.requests.filter((r) => r.startsWith(path))).toEqual([`${path}?v=${VERSION}`, `${path}?v=1731999999`]);
    // Photo 2 did not change: not fetched again.
    expect(pics.count(`/c/${COLOUR.house2}/2001-2.jpg`)).toBe(1);
  });
});

describe('listing pictures when the picture CDN is down', { timeout: SLOW_TEST }, () => {
  let pics: PictureServer;
  let srv: Srv;
  beforeAll(async () => {
    pics = await startPictureServer(COLOURS);
    await pics.off();
    srv = await cdnSite(pics, { pictureHosts: ['127.0.0.1'], allowPrivatePictureHosts: true }, { ...LIMITS, retryMs: 500 });
  });
  afterAll(async () => {
    await srv?.close();
    await pics?.close();
  });

  it('renders the pages with neutral placeholders: no broken image, no 5xx', async () => {
    const list = await html(srv, '/en/for-sale/');
    const card = cardImage(list, 2001)!;
    expect(card).toBeTruthy();
    const img = await image(srv, card.src);
    expect(img).toMatchObject({ status: 200, placeholder: 'unavailable', format: 'jpeg', width: IMAGE_WIDTH.small, cache: 'public, max-age=60' });
    // Down is not gone: the detail page keeps its three photos.
    const t = thumbs(await detail(srv, 2001));
    expect(t).toHaveLength(3);
    for (const u of t) expect(await image(srv, u)).toMatchObject({ status: 200, placeholder: 'unavailable', width: IMAGE_WIDTH.thumb });
    await html(srv, '/en/projects/');
    await projectPage(srv, 301);
  });

  it('shows the photos once the CDN is back', async () => {
    await pics.on();
    const url = cardImage(await html(srv, '/en/for-sale/'), 2001)!.src;
    await expect.poll(async () => (await image(srv, url)).placeholder, { timeout: 10_000 }).toBeNull();
    const img = await image(srv, url);
    expect(img.width).toBe(IMAGE_WIDTH.small);
    expect(sameColour(img.colour, COLOUR.house1)).toBe(true);
  });
});

describe('listing pictures on private addresses when the config does not allow them', { timeout: SLOW_TEST }, () => {
  let pics: PictureServer;
  let srv: Srv;
  beforeAll(async () => {
    pics = await startPictureServer(COLOURS);
    // Both names are in the list: only the address stops them.
    srv = await cdnSite(pics, { pictureHosts: ['127.0.0.1', 'localhost'] });
  });
  afterAll(async () => {
    await srv?.close();
    await pics?.close();
  });

  it('refuses a loopback address and a host name that resolves to one, without connecting to it', async () => {
    expect(await image(srv, `/media/listings/2001/1.jpg?w=${IMAGE_WIDTH.small}`)).toMatchObject({ status: 200, placeholder: 'refused' });
    expect(await detail(srv, 2001)).toContain('No photo was found');
    // localhost is allowed by name; the address it resolves to is checked when connecting.
    expect(await image(srv, `/media/listings/2006/5.jpg?w=${IMAGE_WIDTH.small}`)).toMatchObject({ status: 200, placeholder: 'refused' });
    await expect.poll(async () => (await detail(srv, 2006)).includes('No photo was found'), LEARNED).toBe(true);
    expect(pics.requests).toEqual([]);
  });
});
