// The editor's inbox over HTTP against a real server: leads sent through the real forms, listed,
// filtered, marked handled, a testimonial approved (and shown on the public page), a CV downloaded;
// owner accounts managed by an admin (refused to an editor); the media library with real images.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestServer } from '../helpers/server.ts';
import { root } from '../helpers/config.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { pdfFile } from '../helpers/files.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { LEADS_PAGE_SIZE, MEDIA_MAX_BYTES, MEDIA_MAX_WIDTH } from '../../server/editor-api/inbox.ts';
import { FORM_MIN_FILL_MS, IMAGE_WIDTH } from '../../shared/constants.ts';
import { sampleListings } from '../helpers/listings.ts';
import { fillToken } from '../helpers/fill-token.ts';

const sample = (await sampleListings()) as any;
type P = { ID: number; language: string; Availability: string; Goal: number; OwnerRef?: string };
const forSale: P = sample.properties.find((p: P) => p.language === 'fr' && p.Availability === 'available' && p.Goal === 0);

let srv: Awaited<ReturnType<typeof startTestServer>>;
const leadsFile = () => JSON.parse(readFileSync(join(srv.dataDir, 'leads.json'), 'utf8')) as { submissions: Array<Record<string, any>> };
const stored = (id: string) => leadsFile().submissions.find((s) => s.id === id)!;

/** A browser-like client: a cookie jar, the site's Origin, and the anti-CSRF token once logged in. */
class Client {
  cookie = '';
  csrf = '';
  async req(method: string, path: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    const form = body instanceof FormData;
    const r = await fetch(srv.url + path, {
      method,
      redirect: 'manual',
      headers: {
        origin: srv.url,
        accept: 'application/json',
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method !== 'GET' && opts.csrf !== false && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...opts.headers,
      },
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
    });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      const others = this.cookie.split('; ').filter((x) => x && !x.startsWith(`${name}=`));
      this.cookie = [...others, ...(value ? [`${name}=${value}`] : [])].join('; ');
    }
    const bytes = Buffer.from(await r.arrayBuffer());
    let json: any;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      json = undefined;
    }
    return { status: r.status, json, bytes, headers: r.headers };
  }
  async login(username: string, password: string) {
    const r = await this.req('POST', '/api/admin/login', { username, password });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    this.csrf = r.json.csrf;
    return this;
  }
}

const EDITOR = { username: 'eva.editor@atrium-immo.be', password: 'editor secret 2026', role: 'editor' };
const ADMIN = { username: 'adam.admin@atrium-immo.be', password: 'admin secret 2026', role: 'admin' };
let editor: Client;
let admin: Client;

// Requests sent through the public forms, as visitors send them.
const sent: Record<string, string> = {};
const person = () => ({ lang: 'fr', formToken: fillToken(), website: '', title: 'ms', firstName: 'Camille', lastName: 'Dupont', email: 'camille.dupont@example.be', phone: '0470 12 34 56' });
const postJson = async (kind: string, body: unknown) => {
  const r = await fetch(`${srv.url}/api/forms/${kind}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  expect(r.status, kind).toBe(201);
  return (await r.json()).id as string;
};
const postMultipart = async (kind: string, fields: Record<string, unknown>, files: Record<string, { data: Buffer; name: string; type: string }>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const r = await fetch(`${srv.url}/api/forms/${kind}?lang=fr`, { method: 'POST', headers: { accept: 'application/json' }, body: fd });
  expect(r.status, kind).toBe(201);
  return (await r.json()).id as string;
};

beforeAll(async () => {
  srv = await startTestServer();
  const staff = new StaffAccounts(srv.dataDir);
  await addStaff(staff, EDITOR);
  await addStaff(staff, ADMIN);
  sent.contact = await postJson('site-contact', { ...person(), message: 'Bonjour, je souhaite vendre ma maison à Uccle.', newsletter: false });
  sent.request = await postJson('contact-me', { ...person(), lang: 'nl', firstName: 'Jan', lastName: 'Peeters', email: 'jan.peeters@example.be', message: 'Graag meer informatie.', propertyId: forSale.ID, request: 'info' });
  sent.testimonial = await postMultipart('testimonial', { lang: 'fr', formToken: fillToken(), website: '', name: 'Élise Martin', about: 'a vendu une maison à Ixelles', comment: 'Un service remarquable, du premier appel à la signature.', ...(await solveCaptcha(srv.url, srv.dataDir)) }, {});
  sent.job = await postMultipart('job-application', { ...person(), firstName: 'Karim', lastName: 'Benali', email: 'karim.benali@example.be', position: 'Agent immobilier', message: 'Je connais bien Bruxelles.' }, { cv: { data: pdfFile('CV de Karim Benali'), name: 'mon cv.pdf', type: 'application/pdf' } });
  editor = await new Client().login(EDITOR.username, EDITOR.password);
  admin = await new Client().login(ADMIN.username, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

describe('the guard', () => {
  it('answers 401 without a staff session, for reads and writes alike', async () => {
    const anon = new Client();
    for (const [method, path, body] of [
      ['GET', '/api/admin/leads'],
      ['GET', `/api/admin/leads/${sent.job}/cv`],
      ['POST', `/api/admin/leads/${sent.contact}/handled`, { handled: true }],
      ['GET', '/api/admin/owners'],
      ['GET', '/api/admin/media'],
      ['POST', '/api/admin/media', { file: 'x' }],
      ['POST', '/api/admin/owners', { username: 'x@example.be', lang: 'fr' }],
    ] as Array<[string, string, unknown?]>) {
      const r = await anon.req(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.json.error).toBeTruthy();
    }
    expect(stored(sent.contact).handled).toBeUndefined();
  });

  it('answers 403 to a write without the anti-CSRF token (or from another site), and changes nothing', async () => {
    const r = await editor.req('POST', `/api/admin/leads/${sent.contact}/handled`, { handled: true }, { csrf: false });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/CSRF/);
    const cross = await editor.req('POST', `/api/admin/leads/${sent.contact}/handled`, { handled: true }, { headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer())], { type: 'image/png' }), 'x.png');
    expect((await editor.req('POST', '/api/admin/media', fd, { csrf: false })).status).toBe(403);
    expect(stored(sent.contact).handled).toBeUndefined();
    expect((await editor.req('GET', '/api/admin/media')).json.items).toEqual([]);
  });
});

describe('leads', () => {
  it('lists the requests newest first with who sent them, and counts them per kind', async () => {
    const r = await editor.req('GET', '/api/admin/leads');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.json.items.map((x: { id: string }) => x.id)).toEqual([sent.job, sent.testimonial, sent.request, sent.contact]);
    expect(r.json).toMatchObject({ total: 4, page: 1, pages: 1, pageSize: LEADS_PAGE_SIZE });
    expect(r.json.counts).toMatchObject({ 'site-contact': 1, 'contact-me': 1, testimonial: 1, 'job-application': 1, 'purchase-offer': 0 });
    const [job, testimonial, request, contact] = r.json.items;
    expect(contact).toMatchObject({ kind: 'site-contact', lang: 'fr', name: 'Camille Dupont', email: 'camille.dupont@example.be', phone: '0470 12 34 56', propertyId: null, excerpt: 'Bonjour, je souhaite vendre ma maison à Uccle.', handled: false, cv: false });
    expect(contact.testimonial).toBeUndefined();
    expect(request).toMatchObject({ kind: 'contact-me', lang: 'nl', name: 'Jan Peeters', propertyId: forSale.ID });
    expect(testimonial).toMatchObject({ kind: 'testimonial', name: 'Élise Martin', testimonial: 'pending', excerpt: 'Un service remarquable, du premier appel à la signature.' });
    expect(job).toMatchObject({ kind: 'job-application', name: 'Karim Benali', cv: true });
    // No stored file name, review token or unsubscribe token leaves the server in the list.
    expect(JSON.stringify(r.json)).not.toMatch(/[0-9a-f-]{36}\.pdf|"review"|"token"/);
  });

  it('filters by kind, language, property and handled, keeping the counts of the other filters', async () => {
    const ids = async (q: string) => {
      const r = await editor.req('GET', `/api/admin/leads?${q}`);
      expect(r.status, q).toBe(200);
      return { ids: r.json.items.map((x: { id: string }) => x.id), counts: r.json.counts, total: r.json.total };
    };
    expect((await ids('kind=contact-me')).ids).toEqual([sent.request]);
    const nl = await ids('lang=nl');
    expect(nl.ids).toEqual([sent.request]);
    expect(nl.counts['contact-me']).toBe(1);
    expect(nl.counts['site-contact']).toBe(0);
    expect((await ids(`property=${forSale.ID}`)).ids).toEqual([sent.request]);
    expect((await ids('lang=fr&kind=job-application')).ids).toEqual([sent.job]);
    expect((await ids('handled=no')).total).toBe(4);
    expect((await ids('handled=yes')).ids).toEqual([]);
    expect((await ids('page=2')).ids).toEqual([]);
  });

  it.each([
    ['kind=nonsense', 'kind'],
    ['lang=xx', 'lang'],
    ['property=abc', 'property'],
    ['property=-3', 'property'],
    ['handled=maybe', 'handled'],
    ['page=0', 'page'],
    ['kind=testimonial&kind=contact-me', 'kind'],
    ['sort=name', 'sort'],
  ])('refuses ?%s with 400 naming %s', async (q, field) => {
    const r = await editor.req('GET', `/api/admin/leads?${q}`);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe(field);
    expect(r.json.error).toMatch(new RegExp(`^${field}: `));
  });

  it('shows one request with everything the visitor sent', async () => {
    const r = await editor.req('GET', `/api/admin/leads/${sent.job}`);
    expect(r.status).toBe(200);
    expect(r.json.lead).toMatchObject({ id: sent.job, kind: 'job-application', cv: true, fields: { position: 'Agent immobilier', message: 'Je connais bien Bruxelles.', cv: { name: 'cv.pdf', type: 'pdf' } } });
    expect(r.json.lead.fields.cv.file).toBeUndefined();
    expect(Array.isArray(r.json.lead.mails)).toBe(true);
    expect((await editor.req('GET', '/api/admin/leads/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await editor.req('GET', '/api/admin/leads/..%2F..%2Fleads.json')).status).toBe(404);
  });

  it('marks a request handled (stored with who and when) and not handled again', async () => {
    const r = await editor.req('POST', `/api/admin/leads/${sent.contact}/handled`, { handled: true });
    expect(r.status).toBe(200);
    expect(r.json.lead).toMatchObject({ id: sent.contact, handled: true, handledBy: EDITOR.username });
    const s = stored(sent.contact);
    expect(s).toMatchObject({ handled: true, handledBy: EDITOR.username });
    expect(Date.now() - Date.parse(s.handledAt)).toBeLessThan(60_000);
    // The other fields are untouched.
    expect(s.fields).toMatchObject({ firstName: 'Camille', message: 'Bonjour, je souhaite vendre ma maison à Uccle.' });
    const handled = await editor.req('GET', '/api/admin/leads?handled=yes');
    expect(handled.json.items.map((x: { id: string }) => x.id)).toEqual([sent.contact]);
    expect(handled.json.items[0]).toMatchObject({ handled: true, handledBy: EDITOR.username });
    expect((await editor.req('GET', '/api/admin/leads?handled=no')).json.total).toBe(3);

    const back = await editor.req('POST', `/api/admin/leads/${sent.request}/handled`, { handled: true });
    expect(back.status).toBe(200);
    const undo = await editor.req('POST', `/api/admin/leads/${sent.request}/handled`, { handled: false });
    expect(undo.json.lead.handled).toBe(false);
    expect(stored(sent.request).handled).toBe(false);
    expect(stored(sent.request).handledBy).toBeUndefined();
  });

  it('refuses a bad "handled" body with 400 naming the field, and an unknown request with 404', async () => {
    for (const body of [{ handled: 'yes' }, {}, { handled: true, note: 'x' }]) {
      const r = await editor.req('POST', `/api/admin/leads/${sent.job}/handled`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(['handled', 'note']).toContain(r.json.field);
    }
    const notJson = await editor.req('POST', `/api/admin/leads/${sent.job}/handled`, '{"handled":', { headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const unknown = await editor.req('POST', '/api/admin/leads/00000000-0000-4000-8000-000000000000/handled', { handled: true });
    expect(unknown.status).toBe(404);
    expect(stored(sent.job).handled).toBeUndefined();
  });

  it('approves a pending testimonial: it appears on the public testimonials page', async () => {
    const page = async () => (await fetch(`${srv.url}/fr/temoignages/`)).text();
    expect(await page()).not.toContain('Un service remarquable');
    const bad = await editor.req('POST', `/api/admin/leads/${sent.testimonial}/testimonial`, { action: 'approve' });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('action');
    const notOne = await editor.req('POST', `/api/admin/leads/${sent.contact}/testimonial`, { action: 'publish' });
    expect(notOne.status).toBe(409);
    expect(stored(sent.testimonial).status).toBe('pending');

    const r = await editor.req('POST', `/api/admin/leads/${sent.testimonial}/testimonial`, { action: 'publish' });
    expect(r.status).toBe(200);
    expect(r.json.lead.testimonial).toBe('published');
    expect(stored(sent.testimonial)).toMatchObject({ status: 'published', reviewedBy: EDITOR.username });
    const html = await page();
    expect(html).toContain('Un service remarquable, du premier appel à la signature.');
    expect(html).toContain('Élise Martin');

    // Withdrawn again: gone from the page.
    const reject = await editor.req('POST', `/api/admin/leads/${sent.testimonial}/testimonial`, { action: 'reject' });
    expect(reject.json.lead.testimonial).toBe('rejected');
    expect(await page()).not.toContain('Un service remarquable');
    await editor.req('POST', `/api/admin/leads/${sent.testimonial}/testimonial`, { action: 'publish' });
    expect(await page()).toContain('Un service remarquable');
  });

  it('downloads the CV of a job application: the very bytes uploaded, as an attachment never cached', async () => {
    const r = await editor.req('GET', `/api/admin/leads/${sent.job}/cv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="cv-karim-benali.pdf"');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.bytes.equals(pdfFile('CV de Karim Benali'))).toBe(true);
    const none = await editor.req('GET', `/api/admin/leads/${sent.contact}/cv`);
    expect(none.status).toBe(404);
    expect(none.json.error).toBe('This request has no CV.');
  });
});

describe('owner accounts', () => {
  let ownerId = '';
  let password = '';
  const ownerLogin = async (pw: string) => {
    const c = new Client();
    const r = await c.req('POST', '/api/owner/login', { username: 'marie.dubois@example.be', password: pw, lang: 'fr' });
    return { client: c, status: r.status };
  };

  it('is refused (403) to an editor, for reads and writes', async () => {
    const list = await editor.req('GET', '/api/admin/owners');
    expect(list.status).toBe(403);
    expect(list.json.error).toBe('Only an admin may do this.');
    const add = await editor.req('POST', '/api/admin/owners', { username: 'someone@example.be', lang: 'fr' });
    expect(add.status).toBe(403);
    expect(existsSync(join(srv.dataDir, 'owners.json'))).toBe(false);
  });

  it('lets an admin add an account: the generated password is shown once and works in the portal', async () => {
    const r = await admin.req('POST', '/api/admin/owners', { username: 'Marie.Dubois@example.be', lang: 'fr', propertyIds: [forSale.ID], ref: 'owner-001' });
    expect(r.status).toBe(201);
    expect(r.json.owner).toMatchObject({ username: 'marie.dubois@example.be', lang: 'fr', propertyIds: [forSale.ID], ref: 'owner-001', disabled: false });
    expect(r.json.owner.properties[0]).toMatchObject({ id: forSale.ID, via: 'id' });
    expect(typeof r.json.password).toBe('string');
    expect(r.json.password.length).toBeGreaterThanOrEqual(10);
    ownerId = r.json.owner.id;
    password = r.json.password;
    expect(JSON.stringify(r.json)).not.toMatch(/passwordHash|scrypt\$|tokenHash/);
    // Only the hash is kept.
    const file = readFileSync(join(srv.dataDir, 'owners.json'), 'utf8');
    expect(file).not.toContain(password);
    expect(JSON.parse(file).owners[0].passwordHash).toMatch(/^scrypt\$/);

    const list = await admin.req('GET', '/api/admin/owners');
    expect(list.status).toBe(200);
    expect(list.json.owners.map((o: { username: string }) => o.username)).toEqual(['marie.dubois@example.be']);
    expect(list.json.owners[0].password).toBeUndefined();
    expect(JSON.stringify(list.json)).not.toMatch(/passwordHash|scrypt\$|tokenHash|reset"/);

    expect((await ownerLogin(password)).status).toBe(200);
  });

  it('refuses bad accounts with the field named, and a second account for one address with 409', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ username: 'not-an-email', lang: 'fr' }, 422, 'username'],
      [{ username: 'a@example.be', lang: 'xx' }, 422, 'lang'],
      [{ username: 'a@example.be', lang: 'fr', propertyIds: [99999999] }, 422, 'propertyIds'],
      [{ username: 'a@example.be', lang: 'fr', propertyIds: 'all' }, 422, 'propertyIds'],
      [{ username: 'a@example.be', lang: 'fr', ref: 42 }, 422, 'ref'],
      [{ username: 'a@example.be', lang: 'fr', password: 'mine' }, 400, 'password'],
      [{ username: 'MARIE.DUBOIS@example.be', lang: 'nl' }, 409, 'username'],
    ];
    for (const [body, status, field] of cases) {
      const r = await admin.req('POST', '/api/admin/owners', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.field, JSON.stringify(body)).toBe(field);
    }
    expect(JSON.parse(readFileSync(join(srv.dataDir, 'owners.json'), 'utf8')).owners).toHaveLength(1);
  });

  it('disables an account (ending its sessions) and enables it again; edits properties and reference', async () => {
    const { client } = await ownerLogin(password);
    expect((await client.req('GET', '/api/owner/me')).json.loggedIn).toBe(true);
    const sessions = () => Object.values(JSON.parse(readFileSync(join(srv.dataDir, 'sessions.json'), 'utf8')).sessions as Record<string, { ownerId?: string }>).filter((s) => s.ownerId === ownerId);
    expect(sessions().length).toBeGreaterThan(0);

    const off = await admin.req('POST', `/api/admin/owners/${ownerId}`, { disabled: true });
    expect(off.status).toBe(200);
    expect(off.json.owner.disabled).toBe(true);
    expect(sessions()).toHaveLength(0);
    expect((await client.req('GET', '/api/owner/me')).json.loggedIn).toBe(false);
    expect((await ownerLogin(password)).status).toBe(401);

    const on = await admin.req('POST', `/api/admin/owners/${ownerId}`, { disabled: false, propertyIds: [], ref: 'owner-002', lang: 'nl' });
    expect(on.status).toBe(200);
    expect(on.json.owner).toMatchObject({ disabled: false, propertyIds: [], ref: 'owner-002', lang: 'nl' });
    const viaRef = sample.properties.filter((p: P) => p.OwnerRef === 'owner-002').map((p: P) => p.ID);
    expect(on.json.owner.properties.map((p: { id: number }) => p.id).sort()).toEqual([...new Set(viaRef)].sort());
    expect(JSON.parse(readFileSync(join(srv.dataDir, 'owners.json'), 'utf8')).owners[0]).toMatchObject({ disabled: false, ref: 'owner-002', lang: 'nl', propertyIds: [] });
    expect((await ownerLogin(password)).status).toBe(200);

    const noRef = await admin.req('POST', `/api/admin/owners/${ownerId}`, { ref: null });
    expect(noRef.json.owner.ref).toBeUndefined();

    expect((await admin.req('POST', `/api/admin/owners/${ownerId}`, { disabled: 'yes' })).json.field).toBe('disabled');
    expect((await admin.req('POST', `/api/admin/owners/${ownerId}`, { username: 'x@example.be' })).status).toBe(400);
    expect((await admin.req('POST', '/api/admin/owners/00000000-0000-4000-8000-000000000000', { disabled: true })).status).toBe(404);
    expect((await editor.req('POST', `/api/admin/owners/${ownerId}`, { disabled: true })).status).toBe(403);
    expect(JSON.parse(readFileSync(join(srv.dataDir, 'owners.json'), 'utf8')).owners[0].disabled).toBe(false);
  });

  it('gives an owner a new password (shown once); the old one stops working', async () => {
    const r = await admin.req('POST', `/api/admin/owners/${ownerId}/password`, {});
    expect(r.status).toBe(200);
    expect(r.json.password).not.toBe(password);
    expect((await ownerLogin(password)).status).toBe(401);
    expect((await ownerLogin(r.json.password)).status).toBe(200);
  });
});

describe('media library', () => {
  const upload = (client: Client, data: Buffer, name: string, type: string) => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return client.req('POST', '/api/admin/media', fd);
  };
  const libraryFiles = () => (existsSync(join(srv.dataDir, 'media-library')) ? readdirSync(join(srv.dataDir, 'media-library')).filter((f) => !f.endsWith('.tmp')) : []);

  it('takes a JPEG: re-encoded upright without metadata, at most the widest size, stored, listed and served at its widths', async () => {
    // A photo taken with the phone on its side, with EXIF (camera, orientation) as a phone writes it:
    // 6000 × 3000 stored, 3000 × 6000 upright.
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
    expect(item).toEqual({ url: expect.stringMatching(/^\/media\/library\/[0-9a-f-]{36}\.jpg$/), name: 'Façade rue Haute.jpg', width: MEDIA_MAX_WIDTH, height: 2 * MEDIA_MAX_WIDTH, bytes: expect.any(Number), uploadedAt: expect.any(String), by: EDITOR.username });

    const file = item.url.split('/').pop();
    expect(libraryFiles()).toContain(file);
    const onDisk = readFileSync(join(srv.dataDir, 'media-library', file));
    expect(onDisk.length).toBe(item.bytes);
    const meta = await sharp(onDisk).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', MEDIA_MAX_WIDTH, 2 * MEDIA_MAX_WIDTH, undefined, undefined]);

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
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer();
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
    for (const path of ['/media/library/', '/media/library/../leads.json', '/media/library/..%2Fleads.json', '/media/library/%2e%2e/%2e%2e/leads.json', '/media/library/00000000-0000-4000-8000-000000000000.jpg', '/media/library/media-library.json']) {
      const r = await fetch(srv.url + path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type') ?? '', path).not.toMatch(/image|octet/);
    }
  });
});
