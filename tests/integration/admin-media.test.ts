// The editor's media library over HTTP against a real server, with real images: a phone's photo
// re-encoded upright without metadata and served at its widths, a PNG, files refused for what
// they are, nothing else served under /media/library/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { pdfFile } from '../helpers/files.ts';
import { MEDIA_MAX_BYTES, MEDIA_MAX_SIDE } from '../../server/media/library.ts';
import { IMAGE_WIDTH } from '../../shared/constants.ts';
import { ADMIN, ApiClient, EDITOR, startStaffServer } from '../helpers/admin-api.ts';

let srv: Awaited<ReturnType<typeof startStaffServer>>['srv'];
let editor: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  ({ srv, editor, admin } = await startStaffServer());
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

describe('media library', () => {
  const upload = (client: ApiClient, data: Buffer, name: string, type: string) => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return client.req('POST', '/api/admin/media', fd);
  };
  const libraryFiles = () =>
    existsSync(join(srv.dataDir, 'uploads/library')) ? readdirSync(join(srv.dataDir, 'uploads/library')).filter((f) => !f.endsWith('.tmp')) : [];

  it('takes a JPEG: re-encoded upright without metadata, its longest side at most MEDIA_MAX_SIDE, stored, listed and served at its widths', async () => {
    // A photo taken with the phone on its side, with EXIF (camera, orientation) as a phone writes it:
    // 6000 × 3000 stored, 3000 × 6000 upright, kept at 1280 × 2560.
    const photo = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#5a7fa0' } })
      .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1', Copyright: 'private' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect([original.exif ? 'exif' : '', original.orientation]).toEqual(['exif', 6]);
    const r = await upload(editor, photo, 'Façade rue Haute.jpg', 'image/jpeg');
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const item = r.json.item;
    expect(item).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: expect.stringMatching(/^\/media\/library\/[0-9a-f-]{36}\.jpg$/),
      name: 'Façade rue Haute.jpg',
      alt: {},
      usedIn: [],
      width: MEDIA_MAX_SIDE / 2,
      height: MEDIA_MAX_SIDE,
      bytes: expect.any(Number),
      uploadedAt: expect.any(String),
      by: EDITOR.username,
    });

    const file = item.url.split('/').pop();
    expect(libraryFiles()).toContain(file);
    const onDisk = readFileSync(join(srv.dataDir, 'uploads/library', file));
    expect(onDisk.length).toBe(item.bytes);
    const meta = await sharp(onDisk).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', MEDIA_MAX_SIDE / 2, MEDIA_MAX_SIDE, undefined, undefined]);

    const served = await fetch(srv.url + item.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(Buffer.from(await served.arrayBuffer()).equals(onDisk)).toBe(true);

    const small = await fetch(`${srv.url}${item.url}?w=${IMAGE_WIDTH.small}`);
    expect(small.status).toBe(200);
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['jpeg', IMAGE_WIDTH.small, 2 * IMAGE_WIDTH.small]);
    expect(existsSync(join(srv.dataDir, 'cache/media-library', file.replace('.jpg', `-${IMAGE_WIDTH.small}.jpg`)))).toBe(true);
    expect((await fetch(`${srv.url}${item.url}?w=123`)).status).toBe(400);

    const list = await editor.req('GET', '/api/admin/media');
    expect(list.json.items).toEqual([item]);
  });

  it('takes a PNG and lists it first (newest first)', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const r = await upload(admin, png, 'logo.png', 'image/png');
    expect(r.status).toBe(201);
    expect(r.json.item).toMatchObject({ name: 'logo.png', width: 640, height: 480, by: ADMIN.username, url: expect.stringMatching(/\.png$/) });
    const list = await editor.req('GET', '/api/admin/media');
    expect(list.json.items.map((x: { name: string }) => x.name)).toEqual(['logo.png', 'Façade rue Haute.jpg']);
    const served = await fetch(`${srv.url}${r.json.item.url}?w=${IMAGE_WIDTH.thumb}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', IMAGE_WIDTH.thumb, 150, true]);
  });

  it('refuses a file that is not an image (whatever its name) with 415 naming "file", and an oversized one with 413', async () => {
    const before = libraryFiles();
    const pdf = await upload(editor, pdfFile(), 'photo.png', 'image/png');
    expect(pdf.status).toBe(415);
    expect(pdf.json.field).toBe('file');
    expect(pdf.json.error).toMatch(/^file: /);
    const text = await upload(editor, Buffer.from('GIF89a not really'), 'anim.gif', 'image/gif');
    expect(text.status).toBe(415);
    // A PNG signature followed by 10 MB of nothing: over the limit before anything is decoded.
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(MEDIA_MAX_BYTES)]);
    const large = await upload(editor, big, 'huge.png', 'image/png');
    expect(large.status).toBe(413);
    expect(large.json.field).toBe('file');
    // A damaged image: recognised by its first bytes, refused when it cannot be decoded.
    const broken = await upload(editor, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]), 'broken.jpg', 'image/jpeg');
    expect(broken.status).toBe(422);
    expect(broken.json.field).toBe('file');
    const noFile = new FormData();
    noFile.append('title', 'x');
    expect((await editor.req('POST', '/api/admin/media', noFile)).json.field).toBe('title');
    expect((await editor.req('POST', '/api/admin/media', { file: 'x' })).status).toBe(415);
    expect(libraryFiles()).toEqual(before);
    expect((await editor.req('GET', '/api/admin/media')).json.items).toHaveLength(2);
  });

  it('serves nothing else under /media/library/ (no directory traversal)', async () => {
    for (const path of [
      '/media/library/',
      '/media/library/../leads.json',
      '/media/library/..%2Fleads.json',
      '/media/library/%2e%2e/%2e%2e/leads.json',
      '/media/library/00000000-0000-4000-8000-000000000000.jpg',
      '/media/library/media-library.json',
    ]) {
      const r = await fetch(srv.url + path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type') ?? '', path).not.toMatch(/image|octet/);
    }
  });
});
