// Appointments, rental applications, testimonials, job applications and the per-address limit,
// over HTTP against a real server and a real SMTP peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { configCopy } from '../helpers/config.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { docxFile, pdfFile } from '../helpers/files.ts';
import { UPLOAD_MAX_BYTES } from '../../shared/constants.ts';
import { type P, forSale, leads, rental, sample, until } from '../helpers/forms.ts';
import { signedToken } from '../helpers/visitor.ts';

const person = () => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  title: 'mr',
  firstName: 'Karim',
  lastName: 'Benali',
  email: 'karim.benali@example.be',
  phone: '0485 11 22 33',
});

describe('more forms', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  const post = (kind: string, body: unknown) =>
    fetch(`${srv.url}/api/forms/${kind}?lang=fr`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  const multipart = (kind: string, fields: Record<string, string>, files: Record<string, { data: Buffer; name: string; type: string }>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
    return fetch(`${srv.url}/api/forms/${kind}?lang=fr`, { method: 'POST', redirect: 'manual', headers: { accept: 'application/json' }, body: fd });
  };
  const strings = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
  beforeAll(async () => {
    smtp = await startSmtp();
    // A small calendar (two days ahead, two times) so that it can be filled.
    const configDir = configCopy(({ read, write }) => {
      const site = read('site.json');
      site.appointments = { ...site.appointments, daysAhead: 3, weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['10:00', '15:00'], minNoticeHours: 0 };
      write('site.json', site);
    });
    srv = await startTestServer({ configDir, smtpUrl: smtp.url, outboxRetryMs: 100 });
  });
  afterAll(async () => {
    await srv.close();
    await smtp.close();
  });

  it('books a free slot, confirms it by mail in French, and says "Les rendez-vous sont complets" once none is left', async () => {
    const free = await (await fetch(`${srv.url}/api/appointments`)).json();
    expect(free.full).toBe(false);
    expect(free.slots.length).toBeGreaterThanOrEqual(6);
    expect(free.slots.every((s: string) => /T(10|15):00$/.test(s))).toBe(true);
    const slot = free.slots[0];
    const r = await post('contact-appointment', { ...person(), slot, propertyId: forSale.ID });
    expect(r.status).toBe(201);
    const body = await r.json();
    expect(body).toMatchObject({ redirect: '/fr/merci/contact-appointment/', appointment: { slot, status: 'confirmed' } });
    const stored = leads(srv.dataDir).submissions.find((s: { id: string }) => s.id === body.id);
    expect(stored).toMatchObject({ kind: 'contact-appointment', propertyId: forSale.ID, appointment: { slot, status: 'confirmed', minutes: 45 } });
    await until(() => smtp.received.some((m) => m.messageId === `<${body.id}-visitor@www.atrium-immo.be>`));
    const mail = smtp.received.find((m) => m.messageId === `<${body.id}-visitor@www.atrium-immo.be>`)!;
    const [date, time] = slot.split('T');
    expect(mail.text).toContain(`Votre rendez-vous du`);
    expect(mail.text).toContain(`${date.split('-').reverse().join('-')}, ${time} (45 minutes) est confirmé`);
    // The slot is gone from the calendar, and a second booking of it is refused at the field.
    const after = await (await fetch(`${srv.url}/api/appointments`)).json();
    expect(after.slots).not.toContain(slot);
    const twice = await post('contact-appointment', { ...person(), email: 'autre@example.be', slot });
    expect(twice.status).toBe(422);
    expect((await twice.json()).errors).toEqual([{ field: 'slot', message: "Ce créneau vient d'être réservé ; veuillez en choisir un autre" }]);
    // Everyone else books the rest, at the same time.
    const rest = await Promise.all(after.slots.map((s: string, i: number) => post('contact-appointment', { ...person(), email: `p${i}@example.be`, slot: s })));
    expect(rest.map((x) => x.status)).toEqual(after.slots.map(() => 201));
    const full = await (await fetch(`${srv.url}/api/appointments`)).json();
    expect(full).toMatchObject({ full: true, slots: [] });
    const late = await post('contact-appointment', { ...person(), email: 'trop.tard@example.be', slot: after.slots[0] });
    expect(late.status).toBe(409);
    expect((await late.json()).error).toBe('Les rendez-vous sont complets');
    const booked = leads(srv.dataDir)
      .submissions.filter((s: { kind: string }) => s.kind === 'contact-appointment')
      .map((s: { appointment: { slot: string } }) => s.appointment.slot);
    expect(new Set(booked).size).toBe(booked.length); // never two people in one slot
  });

  it('takes a rental application whose confirmations carry the numbers of the property', async () => {
    const minIncome = rental.Price * 3;
    const maxPersons = Math.max(1, rental.NumberOfBedRooms ?? 0) * 2;
    const ok = {
      ...person(),
      propertyId: rental.ID,
      monthlyIncome: minIncome + 500,
      persons: 1,
      confirmIncome: true,
      confirmPersons: true,
      confirmDescription: true,
      confirmPayment: true,
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ confirmPayment: false }, 'confirmPayment', 'Veuillez confirmer ceci pour envoyer votre candidature'],
      [{ monthlyIncome: minIncome - 1 }, 'monthlyIncome', `Le revenu mensuel minimum pour ce bien est de € ${minIncome.toLocaleString('nl-BE')}`],
      [{ persons: maxPersons + 1 }, 'persons', `Ce bien convient à ${maxPersons} personnes maximum`],
      [{ propertyId: forSale.ID }, 'propertyId', 'Ce bien ne peut plus recevoir de candidature locative'],
    ];
    const before = leads(srv.dataDir).submissions.length;
    for (const [change, field, message] of cases) {
      const r = await post('rental-application', { ...ok, ...change });
      expect(r.status, field).toBe(422);
      expect((await r.json()).errors).toContainEqual({ field, message });
    }
    expect(leads(srv.dataDir).submissions.length).toBe(before);
    const r = await post('rental-application', ok);
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`));
    const agency = smtp.received.find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    expect(agency.subject).toBe(`Huurkandidatuur – Karim Benali – ${sample.properties.find((p: P) => p.ID === rental.ID).UniqueCode || rental.ID}`);
    expect(agency.text).toContain(`Ik bevestig een minimaal maandinkomen van € ${minIncome.toLocaleString('nl-BE')}`);
  });

  it('keeps a testimonial with its photo unpublished until staff publish it from the link in their mail', async () => {
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#a05a3c' } })
      .jpeg()
      .toBuffer();
    const r = await multipart(
      'testimonial',
      strings({
        lang: 'fr',
        ...signedToken(),
        website: '',
        name: 'Élise Martin',
        about: 'a vendu une maison à Uccle',
        url: 'https://elise.example',
        comment: 'Une équipe attentive du début à la fin.',
        ...(await solveCaptcha(srv.url, srv.dataDir)),
      }),
      { image: { data: photo, name: 'moi.jpg', type: 'image/jpeg' } },
    );
    expect(r.status).toBe(201);
    const { id } = await r.json();
    const stored = leads(srv.dataDir).submissions.find((s: { id: string }) => s.id === id);
    expect(stored).toMatchObject({ kind: 'testimonial', status: 'pending', fields: { name: 'Élise Martin', image: { name: 'image.webp', type: 'webp' } } });
    const file = stored.fields.image.file;
    expect(existsSync(join(srv.dataDir, 'uploads/testimonials', file))).toBe(true);
    const page = async () => (await fetch(`${srv.url}/fr/temoignages/`)).text();
    expect(await page()).not.toContain('Une équipe attentive');
    expect((await fetch(`${srv.url}/media/testimonials/${file}`)).status).toBe(404);
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`));
    const mail = smtp.received.find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    const link = /https:\/\/www\.atrium-immo\.be(\/api\/testimonials\/review\?token=[0-9a-f]{32})/.exec(mail.text!)![1];
    // Opening the link (as a mail scanner would) changes nothing.
    const review = await fetch(`${srv.url}${link}`);
    expect(await review.text()).toContain('Une équipe attentive du début à la fin.');
    expect(leads(srv.dataDir).submissions.find((s: { id: string }) => s.id === id).status).toBe('pending');
    const token = link.split('=')[1];
    const cross = await fetch(`${srv.url}/api/testimonials/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: `token=${token}&decision=publish`,
    });
    expect(cross.status).toBe(403);
    const publish = await fetch(`${srv.url}/api/testimonials/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: srv.url },
      body: `token=${token}&decision=publish`,
    });
    expect(publish.status).toBe(200);
    expect(await publish.text()).toContain('De getuigenis is gepubliceerd.');
    const html = await page();
    expect(html).toContain('Une équipe attentive du début à la fin.');
    expect(html).toContain('a vendu une maison à Uccle');
    const img = await fetch(`${srv.url}/media/testimonials/${file}`);
    expect(img.status).toBe(200);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('takes a job application with a PDF or a DOCX CV, stored outside the web root and sent to the agency', async () => {
    const fields = () => strings({ ...person(), position: 'Agent immobilier', message: 'Je connais bien Bruxelles.' });
    const r = await multipart('job-application', fields(), { cv: { data: pdfFile(), name: 'cv karim.pdf', type: 'application/pdf' } });
    expect(r.status).toBe(201);
    const { id, redirect } = await r.json();
    expect(redirect).toBe('/fr/merci/job-application/');
    expect(await (await fetch(srv.url + redirect)).text()).toContain('Nous lisons votre CV avec attention');
    const stored = leads(srv.dataDir).submissions.find((s: { id: string }) => s.id === id);
    expect(stored.fields.cv).toMatchObject({ name: 'cv.pdf', type: 'pdf', size: pdfFile().length });
    expect(stored.fields.cv.file).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(readFileSync(join(srv.dataDir, 'uploads/cv', stored.fields.cv.file)).equals(pdfFile())).toBe(true);
    for (const path of [`/uploads/cv/${stored.fields.cv.file}`, `/media/${stored.fields.cv.file}`, `/var/uploads/cv/${stored.fields.cv.file}`]) {
      expect((await fetch(`${srv.url}${path}`)).headers.get('content-type')).not.toContain('pdf');
    }
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`));
    const agency = smtp.received.find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    expect(agency.attachments.map((a) => [a.filename, a.contentType, a.content.length])).toEqual([['cv.pdf', 'application/pdf', pdfFile().length]]);
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`));
    expect(smtp.received.find((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`)!.text).toContain('Merci pour votre candidature.');
    const docx = await multipart('job-application', fields(), {
      cv: { data: docxFile(), name: 'cv.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    });
    expect(docx.status).toBe(201);
  });

  const badUploads: Array<[string, () => { data: Buffer; name: string; type: string } | undefined, number, string]> = [
    ['no CV', () => undefined, 422, 'Votre CV est un champ obligatoire'],
    [
      'a text file named .pdf',
      () => ({ data: Buffer.from('not a pdf at all'), name: 'cv.pdf', type: 'application/pdf' }),
      415,
      'Veuillez envoyer votre CV en PDF ou en Word (DOCX).',
    ],
    [
      'an image as CV',
      () => ({ data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), name: 'cv.png', type: 'image/png' }),
      415,
      'Veuillez envoyer votre CV en PDF ou en Word (DOCX).',
    ],
    [
      'a ZIP that is not a Word file, named .docx',
      () => ({ data: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200)]), name: 'cv.docx', type: 'application/zip' }),
      415,
      'Veuillez envoyer votre CV en PDF ou en Word (DOCX).',
    ],
    [
      "the ZIP magic and a Word document's two part names, no archive (the audit's file)",
      () => ({
        data: Buffer.from('PK\x03\x04[Content_Types].xml word/document.xml', 'latin1'),
        name: 'cv.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
      415,
      'Veuillez envoyer votre CV en PDF ou en Word (DOCX).',
    ],
    [
      'a CV over 5 MB',
      () => ({ data: Buffer.concat([pdfFile(), Buffer.alloc(UPLOAD_MAX_BYTES)]), name: 'cv.pdf', type: 'application/pdf' }),
      413,
      'Le fichier est trop volumineux (5 Mo maximum).',
    ],
  ];
  it.each(badUploads)('refuses a job application with %s, storing nothing', async (_n, file, status, message) => {
    const before = leads(srv.dataDir).submissions.length;
    const files = readdirSync(join(srv.dataDir, 'uploads/cv')).length;
    const f = file();
    const r = await multipart('job-application', strings({ ...person() }), f ? { cv: f } : {});
    expect(r.status).toBe(status);
    const body = await r.json();
    expect(body.error === message || body.errors?.some((e: { message: string }) => e.message === message)).toBe(true);
    expect(leads(srv.dataDir).submissions.length).toBe(before);
    expect(readdirSync(join(srv.dataDir, 'uploads/cv')).length).toBe(files);
  });
});

describe('per-address limit', () => {
  it('answers 429 with a message in the visitor language past the limit, storing nothing more', async () => {
    const srv = await startTestServer({ formRate: { max: 3, windowMs: 60_000 } });
    try {
      const send = () =>
        fetch(`${srv.url}/api/forms/site-contact?lang=nl`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ ...person(), lang: 'nl', message: 'Hallo' }),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send()).status);
      expect(statuses).toEqual([201, 201, 201]);
      const r = await send();
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await r.json()).error).toBe('U hebt op korte tijd veel formulieren verstuurd. Probeer het over enkele minuten opnieuw.');
      expect(leads(srv.dataDir).submissions.filter((s) => s.kind === 'site-contact').length).toBe(3);
    } finally {
      await srv.close();
    }
  });
});
