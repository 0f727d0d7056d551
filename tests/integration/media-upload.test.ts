// Issue 38, point 8: the media library takes what staff have. Over HTTP against a real server: a
// photo just under 50 MB is taken and one just past it refused (declared or streamed), a 50 MP phone
// photo passes and a pixel bomb does not, a phone photo on its side comes out upright without its
// camera and GPS details, non-images say what they are (PDF, Word, video…), an iPhone HEIC says
// what to do, uploads past MEDIA_UPLOADS_AT_ONCE get a 503 with Retry-After, and a full library
// refuses more. Nothing refused leaves a file behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { docxFile, heicPhoto, jpegOfSize, pdfFile, pngHeaderOnly } from '../helpers/files.ts';
import { MEDIA_MAX_BYTES, MEDIA_MAX_SIDE } from '../../server/media/library.ts';
import { MEDIA_RETRY_AFTER_S, MEDIA_UPLOADS_AT_ONCE } from '../../server/media/operations.ts';
import { ApiClient, startStaffServer } from '../helpers/admin-api.ts';

let srv: Awaited<ReturnType<typeof startStaffServer>>['srv'];
let editor: ApiClient;

beforeAll(async () => {
  ({ srv, editor } = await startStaffServer());
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

const upload = (client: ApiClient, data: Buffer, name: string, type = 'application/octet-stream') => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return client.req('POST', '/api/admin/media', fd);
};
const stored = () => (existsSync(join(srv.dataDir, 'uploads/library')) ? readdirSync(join(srv.dataDir, 'uploads/library')) : []);
const scratch = () => (existsSync(join(srv.dataDir, 'tmp')) ? readdirSync(join(srv.dataDir, 'tmp')) : []);
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .toBuffer();

describe('sizes', () => {
  it('takes a photo just under 50 MB and keeps it at most MEDIA_MAX_SIDE on its longest side', async () => {
    const photo = jpegOfSize(await flat(4000, 3000), MEDIA_MAX_BYTES - 1000);
    expect(photo.length).toBe(MEDIA_MAX_BYTES - 1000);
    const r = await upload(editor, photo, 'camera.jpg', 'image/jpeg');
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect([r.json.item.width, r.json.item.height]).toEqual([MEDIA_MAX_SIDE, 1920]);
    expect(r.json.item.bytes).toBeLessThan(1_000_000);
    expect(scratch()).toEqual([]);
  });

  it('refuses one just past 50 MB with 413, whether its size is declared or it is streamed, keeping nothing', async () => {
    const before = stored();
    const photo = jpegOfSize(await flat(400, 300), MEDIA_MAX_BYTES + 1);
    const declared = await upload(editor, photo, 'too-big.jpg', 'image/jpeg');
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ field: 'file', code: 'media.tooLarge', params: { maxMB: 50 } });
    expect(declared.json.error).toBe('file: the file is too large (at most 50 MB).');

    // No Content-Length: the body is cut off as it streams past the limit.
    const boundary = 'x-vitrine-test';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stream.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const parts = [head, photo, tail];
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = parts.shift();
        if (next) for (let i = 0; i < next.length; i += 1 << 20) c.enqueue(new Uint8Array(next.subarray(i, i + (1 << 20))));
        else c.close();
      },
    });
    const r = await fetch(`${srv.url}/api/admin/media`, {
      method: 'POST',
      headers: { origin: srv.url, cookie: editor.cookie, 'x-csrf-token': editor.csrf, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(413);
    expect(((await r.json()) as { code: string }).code).toBe('media.tooLarge');
    expect(stored()).toEqual(before);
    await expect.poll(scratch).toEqual([]);
  });

  it('takes a 50 MP phone photo; refuses a pixel bomb from its header, saying how many megapixels it has', async () => {
    const phone = await upload(editor, await flat(8160, 6120), 'IMG_50MP.jpg', 'image/jpeg');
    expect(phone.status, JSON.stringify(phone.json)).toBe(201);
    expect([phone.json.item.width, phone.json.item.height]).toEqual([MEDIA_MAX_SIDE, 1920]);

    const bomb = pngHeaderOnly(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100_000);
    const r = await upload(editor, bomb, 'small.png', 'image/png');
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ field: 'file', code: 'media.tooManyPixels', params: { megapixels: 900, maxMegapixels: 120 } });
    expect(r.json.error).toMatch(/^file: the image has 900 megapixels \(30000 × 30000\); at most 120 are accepted\./);
  });
});

describe('a phone photo', () => {
  it('is turned upright by its EXIF orientation and stored without its camera, GPS or other details', async () => {
    // Taken on its side: stored 6000 × 4000, left half red, right half blue; orientation 6 turns it a quarter to the right.
    const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#d02020' } })
      .composite([{ input: { create: { width: 3000, height: 4000, channels: 3, background: '#2030d0' } }, left: 3000, top: 0 }])
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'X1', Copyright: 'private' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 50/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 21/1 7/1' },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([before.orientation, before.exif?.includes('PhoneCam'), before.exif?.includes(Buffer.from('N\0'))]).toEqual([6, true, true]);
    const r = await upload(editor, photo, 'IMG_0042.JPG', 'image/jpeg');
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const onDisk = readFileSync(join(srv.dataDir, 'uploads/library', r.json.item.url.split('/').pop()));
    const meta = await sharp(onDisk).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif, meta.xmp, meta.iptc, meta.icc]).toEqual([
      1707,
      MEDIA_MAX_SIDE,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(onDisk.includes('PhoneCam')).toBe(false);
    // Upright: what was the left (red) is now the top, the right (blue) the bottom.
    const at = async (top: number) => [...(await sharp(onDisk).extract({ left: 850, top, width: 1, height: 1 }).raw().toBuffer())];
    const [red, blue] = [await at(100), await at(2460)];
    expect(red[0]).toBeGreaterThan(180);
    expect(red[2]).toBeLessThan(80);
    expect(blue[2]).toBeGreaterThan(180);
    expect(blue[0]).toBeLessThan(80);
  });
});

describe('files that are not photos', () => {
  const zipOf = (name: string) => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(22), Buffer.from(name), Buffer.alloc(200, 1)]);
  it.each([
    ['a PDF', pdfFile(), 'photo.jpg', 'pdf', 'a PDF document'],
    ['a Word document', docxFile(), 'photo.jpg', 'word', 'a Word document'],
    ['an Excel sheet', zipOf('xl/workbook.xml'), 'prix.xlsx', 'excel', 'an Excel spreadsheet'],
    ['a ZIP of photos', zipOf('photos/IMG_1.jpg'), 'photos.zip', 'archive', 'a compressed archive (ZIP, RAR…)'],
    ['an MP4 video', Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom', 'latin1'), Buffer.alloc(4000, 3)]), 'visite.mp4', 'video', 'a video'],
    ['an iPhone video', Buffer.concat([Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0qt  ', 'latin1'), Buffer.alloc(4000, 3)]), 'IMG_0007.MOV', 'video', 'a video'],
    ['a sound file', Buffer.concat([Buffer.from('ID3\x04\0\0', 'latin1'), Buffer.alloc(900, 5)]), 'jingle.mp3', 'audio', 'a sound file'],
    ['a GIF', Buffer.from('GIF89a\x01\0\x01\0\0\0\0;', 'latin1'), 'anim.gif', 'gif', 'a GIF animation'],
    [
      'an SVG drawing',
      Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'logo.svg',
      'svg',
      'an SVG drawing',
    ],
    ['a text', Buffer.from('Bonjour, voici la description du bien.\n'), 'photo.png', 'text', 'a text file'],
    ['a camera RAW file', Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), Buffer.alloc(500)]), 'DSC_0001.NEF', 'raw', 'a camera RAW file'],
    ['a program', Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(500, 0)]), 'setup.exe', 'program', 'a program'],
  ])('refuses %s with 415, saying what it is', async (_, data, name, kind, words) => {
    const before = stored();
    const r = await upload(editor, data, name);
    expect(r.status, JSON.stringify(r.json)).toBe(415);
    expect(r.json).toMatchObject({ field: 'file', code: 'media.notImage', params: { kind } });
    expect(r.json.error).toBe(
      `file: this file is ${words}, not a photo. The library takes photos and images: JPEG, PNG or WebP (as phones and cameras make them).`,
    );
    expect(stored()).toEqual(before);
    expect(scratch()).toEqual([]);
  });

  it('refuses an iPhone HEIC photo (this sharp has no HEVC decoder) saying what it is and what to do', async () => {
    // What this server's sharp says of it: it reads the header, it cannot decode the picture.
    const meta = await sharp(heicPhoto()).metadata();
    expect([meta.format, meta.compression, meta.width]).toEqual(['heif', 'hevc', 96]);
    await expect(sharp(heicPhoto()).toBuffer()).rejects.toThrow(/HEVC|compression format/);
    const r = await upload(editor, heicPhoto(), 'IMG_1234.HEIC', 'image/heic');
    expect(r.status).toBe(415);
    expect(r.json).toMatchObject({ field: 'file', code: 'media.heic', params: { kind: 'heic' } });
    expect(r.json.error).toMatch(/^file: this is an iPhone photo in HEIC format, which this server cannot read\. On the iPhone choose Settings › Camera/);
    // Cut short on the way, it is still an iPhone photo to send again as JPEG.
    expect((await upload(editor, heicPhoto().subarray(0, 60), 'IMG_1235.HEIC', 'image/heic')).json.code).toBe('media.heic');
  });

  it('refuses an empty file, a request with no file or another field, each naming the field', async () => {
    expect((await upload(editor, Buffer.alloc(0), 'empty.jpg')).json).toMatchObject({ code: 'media.empty', field: 'file' });
    const other = new FormData();
    other.append('title', 'x');
    expect((await editor.req('POST', '/api/admin/media', other)).json).toMatchObject({ code: 'media.unknownField', field: 'title' });
    const two = new FormData();
    for (const n of ['a.jpg', 'b.jpg']) two.append('file', new Blob([new Uint8Array(await flat(10, 10))], { type: 'image/jpeg' }), n);
    expect((await editor.req('POST', '/api/admin/media', two)).json).toMatchObject({ code: 'media.oneFile', field: 'file' });
    // A part's headers past 16 KB (a file name of 20,000 characters): not read on.
    const long = await upload(editor, await flat(10, 10), `${'a'.repeat(20_000)}.jpg`, 'image/jpeg');
    expect([long.status, long.json.code]).toEqual([400, 'media.unreadable']);
    expect(scratch()).toEqual([]);
  });
});

describe('many at once', () => {
  it(`answers 503 with Retry-After past ${MEDIA_UPLOADS_AT_ONCE} uploads under way, and takes photos again once they end`, async () => {
    const boundary = 'slow-upload';
    const slow = () => {
      const req = request(`${srv.url}/api/admin/media`, {
        method: 'POST',
        headers: {
          origin: srv.url,
          cookie: editor.cookie,
          'x-csrf-token': editor.csrf,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(20_000_000),
        },
      });
      req.on('error', () => {});
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      req.write(Buffer.alloc(100_000, 0xff));
      return req;
    };
    const held = Array.from({ length: MEDIA_UPLOADS_AT_ONCE }, slow);
    // Each is being received into a scratch file of its own: every place is taken.
    await expect.poll(() => scratch().length, { timeout: 10_000 }).toBe(MEDIA_UPLOADS_AT_ONCE);
    const busy = await upload(editor, await flat(300, 200), 'one-too-many.jpg', 'image/jpeg');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe(String(MEDIA_RETRY_AFTER_S));
    expect(busy.json).toMatchObject({ code: 'media.busy', params: { retryAfter: MEDIA_RETRY_AFTER_S } });
    expect(busy.json.error).toBe(`file: other photos are being prepared right now: try again in ${MEDIA_RETRY_AFTER_S} seconds.`);
    for (const req of held) req.destroy();
    await expect.poll(async () => (await upload(editor, await flat(300, 200), 'after.jpg', 'image/jpeg')).status, { timeout: 10_000 }).toBe(201);
    await expect.poll(scratch).toEqual([]);
  });

  it('refuses more images than the library holds', async () => {
    const small = await startStaffServer({ media: { maxItems: 2 } });
    try {
      for (const n of [1, 2]) expect((await upload(small.editor, await flat(200, 100), `${n}.jpg`, 'image/jpeg')).status).toBe(201);
      const third = await upload(small.editor, await flat(200, 100), '3.jpg', 'image/jpeg');
      expect(third.status).toBe(409);
      expect(third.json).toMatchObject({ code: 'media.full', params: { max: 2 } });
    } finally {
      await small.srv.close();
    }
  });
});
