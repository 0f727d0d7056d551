// The editor's inbox over HTTP against a real server: leads sent through the real forms, listed,
// filtered, marked handled, a testimonial approved (and shown on the public page), a CV downloaded;
// every admin route refused without a staff session or the anti-CSRF token. Owner accounts:
// admin-owners.test.ts; the media library: admin-media.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredLeads } from '../../server/storage/index.ts';
import sharp from 'sharp';
import { solveCaptcha } from '../helpers/captcha.ts';
import { pdfFile } from '../helpers/files.ts';
import { LEADS_PAGE_SIZE } from '../../server/editor-api/leads.ts';
import { configCopy } from '../helpers/config.ts';
import { person, signedToken } from '../helpers/visitor.ts';
import { ApiClient, EDITOR, forSale, startStaffServer } from '../helpers/admin-api.ts';

let srv: Awaited<ReturnType<typeof startStaffServer>>['srv'];
let editor: ApiClient;
const leadsFile = () => readStoredLeads(srv.dataDir) as unknown as { submissions: Array<Record<string, any>> };
const stored = (id: string) => leadsFile().submissions.find((s) => s.id === id)!;

// Requests sent through the public forms, as visitors send them.
const sent: Record<string, string> = {};
const postJson = async (kind: string, body: unknown) => {
  const r = await fetch(`${srv.url}/api/forms/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
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
  // Only the requests this file sends: a config that ships no sample testimonials (those a fresh
  // data folder gets are tested in testimonials-home.test.ts).
  ({ srv, editor } = await startStaffServer({ configDir: configCopy(({ write }) => write('testimonials/sample.json', [])) }));
  sent.contact = await postJson('site-contact', { ...person(), message: 'Bonjour, je souhaite vendre ma maison à Uccle.', newsletter: false });
  sent.request = await postJson('contact-me', {
    ...person(),
    lang: 'nl',
    firstName: 'Jan',
    lastName: 'Peeters',
    email: 'jan.peeters@example.be',
    message: 'Graag meer informatie.',
    propertyId: forSale.ID,
    request: 'info',
  });
  sent.testimonial = await postMultipart(
    'testimonial',
    {
      lang: 'fr',
      ...signedToken(),
      website: '',
      name: 'Élise Martin',
      about: 'a vendu une maison à Ixelles',
      comment: 'Un service remarquable, du premier appel à la signature.',
      ...(await solveCaptcha(srv.url, srv.dataDir)),
    },
    {},
  );
  sent.job = await postMultipart(
    'job-application',
    {
      ...person(),
      firstName: 'Karim',
      lastName: 'Benali',
      email: 'karim.benali@example.be',
      position: 'Agent immobilier',
      message: 'Je connais bien Bruxelles.',
    },
    { cv: { data: pdfFile('CV de Karim Benali'), name: 'mon cv.pdf', type: 'application/pdf' } },
  );
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

describe('the guard', () => {
  it('answers 401 without a staff session, for reads and writes alike', async () => {
    const anon = new ApiClient(srv.url);
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
    fd.append(
      'file',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
              .png()
              .toBuffer(),
          ),
        ],
        { type: 'image/png' },
      ),
      'x.png',
    );
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
    expect(contact).toMatchObject({
      kind: 'site-contact',
      lang: 'fr',
      name: 'Camille Dupont',
      email: 'camille.dupont@example.be',
      phone: '0470 12 34 56',
      propertyId: null,
      excerpt: 'Bonjour, je souhaite vendre ma maison à Uccle.',
      handled: false,
      cv: false,
    });
    expect(contact.testimonial).toBeUndefined();
    expect(request).toMatchObject({ kind: 'contact-me', lang: 'nl', name: 'Jan Peeters', propertyId: forSale.ID });
    expect(testimonial).toMatchObject({
      kind: 'testimonial',
      name: 'Élise Martin',
      testimonial: 'pending',
      excerpt: 'Un service remarquable, du premier appel à la signature.',
    });
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
    expect(r.json.lead).toMatchObject({
      id: sent.job,
      kind: 'job-application',
      cv: true,
      fields: { position: 'Agent immobilier', message: 'Je connais bien Bruxelles.', cv: { name: 'cv.pdf', type: 'pdf' } },
    });
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
