// Issue 38, point 8 (and the media part of point 1): library items renamed and given alt texts per
// language within their bounds; where each image is used (a draft of an article, a page's Text
// module) in words, and a delete refused while it is used; the trash (not served, restorable as it
// was, gone with its files after 30 days: the server's clock is moved, nothing sleeps); and the
// images of articles and Text modules served at the spec's responsive widths on the public site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ADMIN, ApiClient, EDITOR, startStaffServer } from '../helpers/admin-api.ts';
import { MEDIA_MAX_ALT, MEDIA_MAX_NAME } from '../../server/media/input.ts';
import { MEDIA_TRASH_DAYS } from '../../server/media/operations.ts';
import { RICH_TEXT_IMAGE_SIZES } from '../../shared/library-images.ts';
import { sharedPostgres } from '../helpers/pg.ts';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';

const DAY = 24 * 3600_000;
let clock = Date.parse('2026-11-02T09:00:00Z');
let srv: Awaited<ReturnType<typeof startStaffServer>>['srv'];
let editor: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  ({ srv, editor, admin } = await startStaffServer({ media: { now: () => clock } }));
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

const photo = (w: number, h: number, color = '#7a9cc6') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
async function uploaded(name: string, w = 1800, h = 1200) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(await photo(w, h))], { type: 'image/jpeg' }), name);
  const r = await editor.req('POST', '/api/admin/media', fd);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.item as { id: string; url: string; name: string; width: number; height: number; alt: Record<string, string> };
}
const listed = async () => (await editor.req('GET', '/api/admin/media')).json.items as Array<{ id: string; name: string; alt: object; usedIn: object[] }>;
const served = (url: string) => fetch(srv.url + url).then((r) => r.status);

/** A blog article whose body shows `img` (an <img> tag) in every language. */
const article = (id: string, img: string, title = { nl: 'Een lichte woonkamer', fr: 'Un séjour lumineux', en: 'A bright living room' }) => ({
  id,
  category: 'blog',
  column: 'seller',
  date: '2026-11-20',
  status: 'Published',
  title,
  summary: { nl: 'Licht verkoopt.', fr: 'La lumière vend.', en: 'Light sells.' },
  body: { nl: `<p>Licht.</p>${img}`, fr: `<p>Lumière.</p>${img}`, en: `<p>Light.</p>${img}` },
});

describe('name and alt texts', () => {
  it('renames an item and keeps alt texts per language, an empty one removing that language’s', async () => {
    const item = await uploaded('IMG_2041.jpg');
    const r = await editor.req('PATCH', `/api/admin/media/${item.id}`, {
      name: '  Façade rue Haute  ',
      alt: { fr: 'La façade au soleil', nl: 'De gevel in de zon\n', en: 'The front in the sun' },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.item).toMatchObject({ name: 'Façade rue Haute', alt: { fr: 'La façade au soleil', nl: 'De gevel in de zon', en: 'The front in the sun' } });
    const again = await admin.req('PATCH', `/api/admin/media/${item.id}`, { alt: { en: '' } });
    expect(again.json.item.alt).toEqual({ fr: 'La façade au soleil', nl: 'De gevel in de zon' });
    expect((await listed()).find((x) => x.id === item.id)).toMatchObject({ name: 'Façade rue Haute', alt: { fr: 'La façade au soleil' } });
  });

  it('refuses names and alt texts past their bounds, unknown languages and fields, naming the field; nothing changes', async () => {
    const item = await uploaded('bounds.jpg');
    const patch = (body: unknown) => editor.req('PATCH', `/api/admin/media/${item.id}`, body);
    expect((await patch({ name: 'x'.repeat(MEDIA_MAX_NAME) })).status).toBe(200);
    expect((await patch({ alt: { fr: 'é'.repeat(MEDIA_MAX_ALT) } })).status).toBe(200);
    const cases: Array<[unknown, number, string, string]> = [
      [{ name: '   ' }, 422, 'media.nameEmpty', 'name'],
      [{ name: 'x'.repeat(MEDIA_MAX_NAME + 1) }, 422, 'media.nameTooLong', 'name'],
      [{ name: 'a\u0007b' }, 422, 'media.badText', 'name'],
      [{ name: 42 }, 400, 'media.badBody', 'name'],
      [{ alt: { fr: 'é'.repeat(MEDIA_MAX_ALT + 1) } }, 422, 'media.altTooLong', 'alt.fr'],
      [{ alt: { xx: 'Hallo' } }, 422, 'media.altLanguage', 'alt.xx'],
      [{ alt: 'La façade' }, 400, 'media.badBody', 'alt'],
      [{ alt: { nl: ['x'] } }, 400, 'media.badBody', 'alt.nl'],
      [{ title: 'x' }, 400, 'media.unknownField', 'title'],
      [{}, 400, 'media.badBody', 'name'],
    ];
    for (const [body, status, code, field] of cases) {
      const r = await patch(body);
      expect([r.status, r.json.code, r.json.field], JSON.stringify(body)).toEqual([status, code, field]);
      expect(r.json.error).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    expect((await patch({ alt: { fr: 'é'.repeat(MEDIA_MAX_ALT + 1) } })).json.params).toEqual({ max: MEDIA_MAX_ALT, lang: 'fr' });
    expect((await listed()).find((x) => x.id === item.id)).toMatchObject({ name: 'x'.repeat(MEDIA_MAX_NAME), alt: { fr: 'é'.repeat(MEDIA_MAX_ALT) } });
    expect((await editor.req('PATCH', '/api/admin/media/00000000-0000-4000-8000-000000000000', { name: 'x' })).json.code).toBe('media.notFound');
    expect((await editor.req('PATCH', '/api/admin/media/not-an-id', { name: 'x' })).status).toBe(404);
  });
});

describe('where an image is used, and delete', () => {
  it('lists a draft article and a page’s Text module using it, refuses the delete naming them, then lets it go once taken out', async () => {
    const item = await uploaded('sejour.jpg');
    const img = `<img src="${item.url}" alt="Séjour" width="${item.width}" height="${item.height}">`;
    const draft = await editor.req('PUT', '/api/admin/docs/article:sejour-lumineux', { data: article('sejour-lumineux', img), baseRev: 0, publish: false });
    expect(draft.status, JSON.stringify(draft.json)).toBe(200);
    const page = (await editor.req('GET', '/api/admin/docs/page:15')).json;
    const text = {
      id: 9401,
      view: 'text',
      version: 1,
      status: 'Published',
      span: 12,
      title: { fr: 'Notre bureau', nl: 'Ons kantoor', en: 'Our office' },
      body: { nl: img, fr: img, en: img },
    };
    const withText = { ...page.data, modules: [...page.data.modules, text] };
    const saved = await editor.req('PUT', '/api/admin/docs/page:15', { data: withText, baseRev: page.rev });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    const usedIn = (await listed()).find((x) => x.id === item.id)!.usedIn;
    expect(usedIn).toEqual(
      expect.arrayContaining([
        { kind: 'article', id: 'sejour-lumineux', category: 'blog', title: article('', '').title },
        { kind: 'page', id: 15, title: expect.objectContaining({ fr: 'Mentions légales' }), modules: [{ view: 'text', title: text.title }] },
      ]),
    );
    expect(usedIn).toHaveLength(2);

    const refused = await editor.req('DELETE', `/api/admin/media/${item.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'media.inUse', field: 'id', params: { usedIn } });
    expect(refused.json.error).toContain('article “A bright living room”');
    expect(refused.json.error).toContain('page “Disclaimer” (“Our office”)');
    expect(await served(item.url)).toBe(200);

    // Taken out of both: the article deleted, the module removed.
    const art = (await editor.req('GET', '/api/admin/docs/article:sejour-lumineux')).json;
    expect((await editor.req('DELETE', '/api/admin/docs/article:sejour-lumineux', { baseRev: art.rev })).status).toBe(200);
    const p2 = (await editor.req('GET', '/api/admin/docs/page:15')).json;
    expect((await editor.req('PUT', '/api/admin/docs/page:15', { data: { ...p2.data, modules: page.data.modules }, baseRev: p2.rev })).status).toBe(200);
    expect((await listed()).find((x) => x.id === item.id)!.usedIn).toEqual([]);
    expect((await editor.req('DELETE', `/api/admin/media/${item.id}`)).status).toBe(200);
  });

  it('counts a published version a newer draft no longer shows (visitors still see the image)', async () => {
    const item = await uploaded('terrasse.jpg');
    const img = `<img src="${item.url}" alt="Terrasse">`;
    const title = { nl: 'Het terras', fr: 'La terrasse', en: 'The terrace' };
    expect((await editor.req('PUT', '/api/admin/docs/article:terrasse', { data: article('terrasse', img, title), baseRev: 0 })).status).toBe(200);
    const a = (await editor.req('GET', '/api/admin/docs/article:terrasse')).json;
    expect((await editor.req('PUT', '/api/admin/docs/article:terrasse', { data: article('terrasse', '', title), baseRev: a.rev, publish: false })).status).toBe(
      200,
    );
    expect((await editor.req('DELETE', `/api/admin/media/${item.id}`)).json.code).toBe('media.inUse');
  });
});

describe('the trash', () => {
  it('keeps a deleted image 30 days unseen by visitors, restores it as it was, and removes it and its files after 30 days', async () => {
    const item = await uploaded('jardin.jpg');
    await editor.req('PATCH', `/api/admin/media/${item.id}`, { alt: { fr: 'Le jardin', nl: 'De tuin' } });
    expect(await served(`${item.url}?w=400`)).toBe(200); // a width made and cached
    const file = item.url.split('/').pop()!;

    const deleted = await editor.req('DELETE', `/api/admin/media/${item.id}`);
    expect(deleted.status).toBe(200);
    const at = new Date(clock).toISOString();
    const purgeAt = new Date(clock + MEDIA_TRASH_DAYS * DAY).toISOString();
    expect(deleted.json.item).toEqual({
      id: item.id,
      url: item.url,
      name: 'jardin.jpg',
      width: 1800,
      height: 1200,
      deletedAt: at,
      deletedBy: EDITOR.username,
      purgeAt,
    });
    expect([await served(item.url), await served(`${item.url}?w=400`)]).toEqual([404, 404]);
    expect((await listed()).some((x) => x.id === item.id)).toBe(false);
    expect((await admin.req('GET', '/api/admin/media/trash')).json.items).toContainEqual(deleted.json.item);
    expect((await editor.req('DELETE', `/api/admin/media/${item.id}`)).json.code).toBe('media.inTrash');
    expect((await editor.req('PATCH', `/api/admin/media/${item.id}`, { name: 'x' })).json.code).toBe('media.inTrash');
    expect((await editor.req('GET', `/api/admin/media/trash/${item.id}/image`)).status).toBe(200);

    // Restored by an admin: the same address, name and alt texts, served again.
    const back = await admin.req('POST', `/api/admin/media/${item.id}/restore`, {});
    expect(back.status).toBe(200);
    expect(back.json.item).toMatchObject({ id: item.id, url: item.url, name: 'jardin.jpg', alt: { fr: 'Le jardin', nl: 'De tuin' } });
    expect(await served(item.url)).toBe(200);
    expect((await editor.req('POST', `/api/admin/media/${item.id}/restore`, {})).json.code).toBe('media.notInTrash');

    // Deleted again by an admin; a minute before its 30 days it is still there, a minute after it is gone.
    clock += DAY;
    expect((await admin.req('DELETE', `/api/admin/media/${item.id}`)).json.item.deletedBy).toBe(ADMIN.username);
    clock += MEDIA_TRASH_DAYS * DAY - 60_000;
    expect((await editor.req('GET', '/api/admin/media/trash')).json.items.map((x: { id: string }) => x.id)).toContain(item.id);
    expect(existsSync(join(srv.dataDir, 'uploads/library-trash', file))).toBe(true);
    clock += 120_000;
    expect((await editor.req('GET', '/api/admin/media/trash')).json.items.map((x: { id: string }) => x.id)).not.toContain(item.id);
    expect(existsSync(join(srv.dataDir, 'uploads/library-trash', file))).toBe(false);
    expect(existsSync(join(srv.dataDir, 'uploads/library', file))).toBe(false);
    expect(existsSync(join(srv.dataDir, 'cache/media-library', file.replace('.jpg', '-400.jpg')))).toBe(false);
    expect((await editor.req('POST', `/api/admin/media/${item.id}/restore`, {})).json.code).toBe('media.notInTrash');
    expect(await served(item.url)).toBe(404);
  });
});

describe('an image in the trash and what is published', () => {
  it('refuses to publish an article showing an image of the trash, naming it at its field; a draft keeps it, marked', async () => {
    const item = await uploaded('in-the-trash.jpg');
    expect((await editor.req('DELETE', `/api/admin/media/${item.id}`)).status).toBe(200);
    const doc = article('trashed-image-article', `<img src="${item.url}" alt="x">`);
    const refused = await editor.req('PUT', '/api/admin/docs/article:trashed-image-article', { data: doc, baseRev: 0 });
    expect(refused.status).toBe(422);
    expect(refused.json.problems[0]).toMatchObject({ code: 'media.trashed', pointer: '/body/nl', params: { name: 'in-the-trash.jpg' } });
    const draft = await editor.req('PUT', '/api/admin/docs/article:trashed-image-article', { data: doc, baseRev: 0, publish: false });
    expect(draft.status).toBe(200);
    expect(draft.json.marks.map((m: { code: string }) => m.code)).toContain('media.trashed');
    // Restored, it can be published.
    expect((await editor.req('POST', `/api/admin/media/${item.id}/restore`, {})).status).toBe(200);
    expect((await editor.req('POST', '/api/admin/docs/article:trashed-image-article/publish', { baseRev: draft.json.revision.rev })).status).toBe(200);
  });
});

describe('images in rich text on the public site', () => {
  it('serves an article’s and a Text module’s library images at 400, 600, 1360 and the original, with their size, lazily', async () => {
    const item = await uploaded('salon.jpg', 2400, 1600);
    const img = `<img src="${item.url}" alt="Le salon" width="${item.width}" height="${item.height}">`;
    const title = { nl: 'Het salon', fr: 'Le salon', en: 'The lounge' };
    const saved = await editor.req('PUT', '/api/admin/docs/article:le-salon', { data: article('le-salon', img, title), baseRev: 0 });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const html = await (await fetch(`${srv.url}/fr/blog-immo/le-salon/`)).text();
    const tag = html.match(/<img [^>]*alt="Le salon"[^>]*>/)?.[0] ?? '';
    const set = [400, 600, 1360].map((w) => `${item.url}?w=${w} ${w}w`).join(', ');
    expect(tag).toContain(`srcset="${set}, ${item.url} 2400w"`);
    expect(tag).toContain(`sizes="${RICH_TEXT_IMAGE_SIZES}"`);
    expect(tag).toContain('width="2400" height="1600"');
    // The article's own page, with no photo above its text: its first image is on the first screen.
    expect(tag).toContain('loading="eager"');
    for (const w of [400, 600, 1360]) {
      const r = await fetch(`${srv.url}${item.url}?w=${w}`);
      expect(r.status).toBe(200);
      expect((await sharp(Buffer.from(await r.arrayBuffer())).metadata()).width).toBe(w);
    }

    const page = (await editor.req('GET', '/api/admin/docs/page:16')).json;
    const text = { id: 9402, view: 'text', version: 1, status: 'Published', span: 12, body: { nl: img, fr: img, en: img } };
    expect(
      (await editor.req('PUT', '/api/admin/docs/page:16', { data: { ...page.data, modules: [...page.data.modules, text] }, baseRev: page.rev })).status,
    ).toBe(200);
    const cookies = await (await fetch(`${srv.url}/fr/politique-cookies/`)).text();
    const inText = cookies.match(/<div class="rich-text text-module">.*?<\/div>/s)?.[0] ?? '';
    expect(inText).toContain(`srcset="${set}, ${item.url} 2400w"`);
    expect(inText).toContain('loading="lazy"');
  });
});

describe('on PostgreSQL, two nodes', () => {
  it('a photo uploaded on one node is served by both; in the trash by neither; restored on the other, by both again', async () => {
    const pg = await sharedPostgres();
    const nodes: Array<Awaited<ReturnType<typeof startTestServer>>> = [];
    try {
      const url = await pg.database();
      const cli = await openPgStore({ url }, { localDir: tempDir('pg-cli-'), node: false });
      await addStaff(new StaffAccounts(cli.staff as never), EDITOR);
      await cli.close();
      for (const _ of [1, 2]) nodes.push(await startTestServer({ database: { url } }));
      const [a, b] = await Promise.all(nodes.map((n) => new ApiClient(n.url).login(EDITOR.username, EDITOR.password)));
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(await photo(3000, 2000))], { type: 'image/jpeg' }), 'vue.jpg');
      const up = await a.req('POST', '/api/admin/media', fd);
      expect(up.status).toBe(201);
      const src = up.json.item.url as string;
      const status = (n: number, path = src) => fetch(nodes[n].url + path).then((r) => r.status);
      expect([await status(0), await status(1, `${src}?w=600`)]).toEqual([200, 200]);
      expect((await a.req('DELETE', `/api/admin/media/${up.json.item.id}`)).status).toBe(200);
      expect([await status(0), await status(1), await status(1, `${src}?w=600`)]).toEqual([404, 404, 404]);
      expect((await b.req('GET', '/api/admin/media/trash')).json.items.map((x: { id: string }) => x.id)).toEqual([up.json.item.id]);
      expect((await b.req('POST', `/api/admin/media/${up.json.item.id}/restore`, {})).status).toBe(200);
      expect([await status(0), await status(1)]).toEqual([200, 200]);
    } finally {
      for (const n of nodes) await n.close();
      await pg.stop();
    }
  }, 120_000);
});
