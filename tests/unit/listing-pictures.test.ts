import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { guardedLookup, hostAllowed, nonPublicReason, PictureError, refusalOf } from '../../server/listings/picture-fetch.ts';
import {
  firstListingPhoto,
  isPlaceholderPicture,
  listingPhotos,
  type ListingKind,
  listingPhotoUrl,
  listingPhotoSrcSet,
  photoVersion,
  LISTING_PHOTO_PATH,
} from '../../shared/listing-photos.ts';
import { samplePhotoSource, SAMPLE_PICTURE_HOST } from '../../sample/photo-source.ts';
import type { ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';

describe('addresses a picture may come from', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['[::1]', 'loopback'],
    // IPv6 forms that carry an IPv4 address are judged by that address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['not an address', 'not an IP address'],
    ['1.2.3', 'not an IP address'],
  ])('%s is not public (%s)', (ip, reason) => {
    expect(nonPublicReason(ip)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '193.190.1.1',
    '2a00:1450:4001:82b::200e',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:0808:0808::1',
  ])('%s is public', (ip) => {
    expect(nonPublicReason(ip)).toBeNull();
  });
});

describe('picture hosts allowed by site.json', () => {
  const hosts = ['pictures.crm-example.be', '*.cdn.crm.example'];
  it.each([
    ['pictures.crm-example.be', true],
    ['PICTURES.CRM-example.BE', true],
    ['pictures.crm-example.be.', true],
    ['a.cdn.crm.example', true],
    ['b.a.cdn.crm.example', true],
    ['cdn.crm.example', false],
    ['evilcdn.crm.example', false],
    ['a.cdn.crm.example.evil.com', false],
    ['crm-example.be', false],
    ['xpictures.crm-example.be', false],
    ['pictures.crm-example.be.evil.com', false],
    ['', false],
  ])('%s → %s', (host, ok) => {
    expect(hostAllowed(host, hosts)).toBe(ok);
  });
  it('allows nothing without a list', () => {
    expect(hostAllowed('pictures.crm-example.be', [])).toBe(false);
    expect(hostAllowed('pictures.crm-example.be', undefined)).toBe(false);
  });
});

describe('picture URLs that are refused before any connection', () => {
  const hosts = ['pictures.crm-example.be', '127.0.0.1', '10.0.0.8', '::1'];
  it.each([
    ['file:///etc/passwd', /file URLs/],
    ['ftp://pictures.crm-example.be/1.jpg', /ftp URLs/],
    ['data:image/jpeg;base64,/9j/4AAQ', /data URLs/],
    ['javascript:alert(1)', /javascript URLs/],
    ['gopher://pictures.crm-example.be/1.jpg', /gopher URLs/],
    ['/media/listings/1001/1.jpg', /not an absolute URL/],
    ['//pictures.crm-example.be/1.jpg', /not an absolute URL/],
    ['https://user:secret@pictures.crm-example.be/1.jpg', /credentials/],
    ['https://other.example/1.jpg', /other\.example is not in site\.json/],
    ['http://127.0.0.1:8080/1.jpg', /127\.0\.0\.1 is a loopback address/],
    ['http://10.0.0.8/1.jpg', /private/],
    ['http://[::1]/1.jpg', /loopback/],
  ])('%s', (url, reason) => {
    expect(refusalOf(url, hosts, false)).toMatch(reason);
  });
  it('sees through other spellings of an address (the URL parser normalises them)', () => {
    for (const url of ['http://2130706433/1.jpg', 'http://0x7f.1/1.jpg', 'http://127.1/1.jpg', 'http://[::ffff:127.0.0.1]/1.jpg']) {
      expect(refusalOf(url, ['127.0.0.1', '[::ffff:7f00:1]', '::ffff:7f00:1'], false), url).toMatch(/loopback/);
    }
  });
  it('lets an allowed public picture through, and private ones only when the config allows them', () => {
    expect(refusalOf('https://pictures.crm-example.be/12345/98765.jpg?v=1731000000', hosts, false)).toBeNull();
    expect(refusalOf('http://127.0.0.1:8080/1.jpg', hosts, true)).toBeNull();
  });
});

describe('the address check when connecting', () => {
  const resolver = (answers: Record<string, string[]>) => (host: string, _o: unknown, cb: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) =>
    queueMicrotask(() =>
      cb(
        null,
        (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ),
    );
  const look = (allowPrivate: boolean, answers: Record<string, string[]>, all: boolean) =>
    new Promise<{ err: unknown; result: unknown }>((resolve) =>
      (guardedLookup(allowPrivate, resolver(answers)) as unknown as (h: string, o: object, cb: (...a: unknown[]) => void) => void)(
        'cdn.example',
        { all },
        (err, ...result) => resolve({ err, result }),
      ),
    );

  it('gives the resolved address to the connection when every address is public', async () => {
    expect(await look(false, { 'cdn.example': ['93.184.216.34'] }, false)).toEqual({ err: null, result: ['93.184.216.34', 4] });
    expect((await look(false, { 'cdn.example': ['93.184.216.34', '2606:2800:220:1::1'] }, true)).result).toEqual([
      [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    ]);
  });
  it('refuses the connection when the name resolves to a non-public address, even one among public ones (DNS rebinding)', async () => {
    for (const answer of [['127.0.0.1'], ['93.184.216.34', '10.0.0.5'], ['::ffff:169.254.169.254'], ['fd00::1']]) {
      const { err } = await look(false, { 'cdn.example': answer }, true);
      expect(err, answer.join()).toBeInstanceOf(PictureError);
      expect((err as PictureError).failure).toBe('refused');
    }
    expect((await look(true, { 'cdn.example': ['127.0.0.1'] }, false)).err).toBeNull();
  });
  it('reports a name without an address as not found', async () => {
    expect(((await look(false, {}, false)).err as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

describe('a listing’s photos and their URLs', () => {
  const cdn = (n: number, v = '1731000000') => `https://pictures.crm-example.be/12345/${98760 + n}.jpg?v=${v}`;
  const property = (fields: Partial<PropertyRecord>) => fields as PropertyRecord;
  const project = (fields: Partial<ProjectRecord>) => fields as ProjectRecord;

  it('takes a property’s Pictures, else its large picture, else its small one; empty values and placeholders are no photo', () => {
    expect(
      listingPhotos('property', property({ Pictures: [{ Url: cdn(1), Name: 'Façade' }, { Url: '' }, { Url: cdn(2) }], XLargePictureItem: { Url: cdn(9) } })),
    ).toEqual([
      { n: 1, source: cdn(1), name: 'Façade' },
      { n: 2, source: cdn(2), name: undefined },
    ]);
    expect(
      listingPhotos('property', property({ Pictures: [], XLargePictureItem: { Url: cdn(9) }, SmallPictureItem: { Url: cdn(8) } })).map((p) => p.source),
    ).toEqual([cdn(9)]);
    expect(listingPhotos('property', property({ XLargePictureItem: { Url: ' ' }, SmallPictureItem: { Url: cdn(8) } })).map((p) => p.source)).toEqual([cdn(8)]);
    expect(listingPhotos('property', property({ XLargePictureItem: null, SmallPictureItem: null }))).toEqual([]);
    expect(listingPhotos('property', property({ Pictures: [{ Url: 'https://pictures.crm-example.be/static/no-image.png' }] }))).toEqual([]);
  });

  it('takes a project’s Pictures, else its SmallPicture, unless that is a placeholder', () => {
    expect(listingPhotos('project', project({ Pictures: [{ Url: cdn(1) }], SmallPicture: cdn(5) })).map((p) => p.source)).toEqual([cdn(1)]);
    expect(listingPhotos('project', project({ SmallPicture: cdn(5) })).map((p) => p.source)).toEqual([cdn(5)]);
    for (const placeholder of [
      '',
      'placeholder',
      '-',
      'https://cdn.crm.example/img/placeholder.jpg',
      'https://cdn.crm.example/img/no_photo.png?v=2',
      'https://cdn.crm.example/NoImage.gif',
      '/images/image-not-available.svg',
    ]) {
      expect(isPlaceholderPicture(placeholder), placeholder).toBe(true);
      expect(listingPhotos('project', project({ SmallPicture: placeholder }))).toEqual([]);
    }
    for (const photo of [cdn(1), '/media/listings/project-2/1.jpg', 'https://cdn.crm.example/default-street/house.jpg'])
      expect(isPlaceholderPicture(photo), photo).toBe(false);
  });

  it('leaves out the pictures known to be gone; the others keep their number', () => {
    const p = property({ Pictures: [{ Url: cdn(1) }, { Url: cdn(2) }, { Url: cdn(3) }] });
    expect(listingPhotos('property', p, (s) => s === cdn(2)).map((x) => x.n)).toEqual([1, 3]);
  });

  it('gives a card the same first photo as the full list, whichever pictures are gone or placeholders', () => {
    const cases: Array<[ListingKind, PropertyRecord | ProjectRecord, ((s: string) => boolean) | undefined]> = [
      ['property', property({ Pictures: [{ Url: '' }, { Url: ` ${cdn(2)} `, Name: ' Tuin ' }, { Url: cdn(3) }] }), undefined],
      ['property', property({ Pictures: [{ Url: cdn(1) }, { Url: cdn(2) }] }), (s) => s === cdn(1)],
      ['property', property({ Pictures: [{ Url: cdn(1) }] }), () => true],
      ['property', property({ Pictures: [], XLargePictureItem: { Url: cdn(9) } }), undefined],
      ['property', property({ Pictures: [{ Url: 'https://pictures.crm-example.be/static/no-image.png' }], SmallPictureItem: { Url: cdn(8) } }), undefined],
      ['project', project({ SmallPicture: cdn(5) }), undefined],
      ['project', project({ Pictures: [null as never, { Url: cdn(4) }] }), undefined],
    ];
    for (const [kind, rec, gone] of cases) expect(firstListingPhoto(kind, rec, gone)).toEqual(listingPhotos(kind, rec, gone)[0]);
    expect(firstListingPhoto('property', property({ Pictures: [{ Url: ` ${cdn(2)} `, Name: ' Tuin ' }] }))).toEqual({ n: 1, source: cdn(2), name: 'Tuin' });
  });

  it('gives well-formed site URLs, the CDN version folded into v (never `?v=…?w=…`)', () => {
    const photo = { n: 3, source: cdn(3) };
    const url = listingPhotoUrl('property', 12345, photo, 200);
    expect(url).toMatch(/^\/media\/listings\/12345\/3\.jpg\?v=[0-9a-z]+&w=200$/);
    const u = new URL(url, 'https://site.example');
    expect(u.pathname).toMatch(LISTING_PHOTO_PATH);
    expect(u.searchParams.get('v')).toBe(photoVersion(cdn(3)));
    expect(url).not.toContain('pictures.crm-example.be');
    expect(listingPhotoUrl('project', 7, photo)).toBe(`/media/listings/project-7/3.jpg?v=${photoVersion(cdn(3))}`);
    expect(
      listingPhotoSrcSet('property', 1, photo, [400, 600])
        .split(', ')
        .map((e) => e.split(' ')[1]),
    ).toEqual(['400w', '600w']);
  });

  it('gives a new version query a new URL, and the same source always the same one', () => {
    expect(photoVersion(cdn(1))).toBe(photoVersion(cdn(1)));
    expect(photoVersion(cdn(1, '1731000001'))).not.toBe(photoVersion(cdn(1)));
    const many = new Set(Array.from({ length: 5000 }, (_, i) => photoVersion(cdn(i))));
    expect(many.size).toBe(5000);
  });
});

describe('the sample photo source', () => {
  it('draws the sample’s CDN-style and site-relative pictures, and nothing else', async () => {
    expect(samplePhotoSource.handles(`https://${SAMPLE_PICTURE_HOST}/1001/3.jpg?v=1731000000`)).toBe(true);
    expect(samplePhotoSource.handles('/media/listings/project-2/1.jpg')).toBe(true);
    expect(samplePhotoSource.handles('https://pictures.crm-example.be/1001/3.jpg')).toBe(false);
    expect(samplePhotoSource.handles(`ftp://${SAMPLE_PICTURE_HOST}/1001/3.jpg`)).toBe(false);
    const a = await samplePhotoSource.draw(`https://${SAMPLE_PICTURE_HOST}/1001/3.jpg?v=1731000000`, 400, { kind: 'property', webId: 3 });
    const b = await samplePhotoSource.draw('/media/listings/1001/3.jpg', 400, { kind: 'property', webId: 3 });
    expect(a.equals(b)).toBe(true); // the same photo, whichever form the URL takes
    const { width, height, format } = await (await import('sharp')).default(a).metadata();
    expect({ width, height, format }).toEqual({ width: 400, height: 267, format: 'jpeg' });
  });
});
