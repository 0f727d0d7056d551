// Fields by configuration (issue 15, SPEC §5) over HTTP: what the server requires and keeps follows
// the contact module's field settings and conditions; bad settings are refused at config load and in
// the editor, each with its pointer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { configCopy, problemsOf } from '../helpers/config.ts';
import { staffSession } from '../helpers/client.ts';
import { forSale, leads } from '../helpers/forms.ts';
import { signedToken } from '../helpers/visitor.ts';

// Page 30 (the property page): module 48 is the contact-me form, at index 1.
const PROPERTY_PAGE = 28;
const CONTACT_ME = 1;

const person = (n: string) => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  firstName: 'Sophie',
  lastName: `Lambert-${n}`,
  email: `sophie.lambert+${n}@example.be`,
  phone: '0472 45 67 89',
});
const stored = (dataDir: string, id: string) => leads(dataDir).submissions.find((s) => s.id === id);

let srv: Awaited<ReturnType<typeof startTestServer>>;
const post = (kind: string, body: unknown, base = srv.url) =>
  fetch(`${base}/api/forms/${kind}?lang=fr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

describe('the sample configuration', () => {
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv?.close());

  it('keeps the time slots of a visitor who prefers a phone call, and drops them when the visitor prefers e-mail', async () => {
    const base = { ...person('slots'), request: 'visit', propertyId: forSale.ID, timeSlots: ['10:00-13:00'], module: 48 };
    const byPhone = await post('contact-me', { ...base, preference: 'phone' });
    expect(byPhone.status).toBe(201);
    expect(stored(srv.dataDir, (await byPhone.json()).id).fields).toMatchObject({ preference: 'phone', timeSlots: ['10:00-13:00'] });
    // Without naming the module: the site's only contact-me form decides the same.
    const { module: _m, ...unnamed } = base;
    const byMail = await post('contact-me', { ...unnamed, ...signedToken(), preference: 'email' });
    expect(byMail.status).toBe(201);
    const fields = stored(srv.dataDir, (await byMail.json()).id).fields;
    expect(fields.preference).toBe('email');
    expect(fields).not.toHaveProperty('timeSlots');
  });

  it('keeps the bedrooms of a house to value, not those of a plot', async () => {
    const valuation = (propertyType: string) => ({
      ...person(`val-${propertyType}`),
      goal: 'sell',
      propertyType,
      bedrooms: 3,
      street: 'Rue Vanderkindere',
      houseNumber: '112',
      zip: '1180',
      city: 'Uccle',
      module: 51,
    });
    const house = await post('contact-demand', valuation('1'));
    expect(house.status).toBe(201);
    expect(stored(srv.dataDir, (await house.json()).id).fields.bedrooms).toBe(3);
    const plot = await post('contact-demand', valuation('4'));
    expect(plot.status).toBe(201);
    expect(stored(srv.dataDir, (await plot.json()).id).fields).not.toHaveProperty('bedrooms');
  });
});

describe('settings staff changed', () => {
  let dir: string;
  beforeAll(async () => {
    dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      // Time slots required when shown (preference by phone); the title required; the phone optional.
      pages[PROPERTY_PAGE].modules[CONTACT_ME].fields = [
        { name: 'title', required: true },
        { name: 'phone', required: false },
        { name: 'preference' },
        { name: 'timeSlots', required: true, conditions: [{ field: 'preference', compare: 'equals', value: 'phone' }] },
      ];
      write('pages.json', pages);
    });
    srv = await startTestServer({ configDir: dir });
  });
  afterAll(() => srv?.close());

  it('refuses a shown required field left empty, in French, and accepts the post once the condition hides it', async () => {
    const { phone: _p, ...noPhone } = person('cond');
    const body = { ...noPhone, title: 'ms', request: 'info', propertyId: forSale.ID, module: 48 };
    const shown = await post('contact-me', { ...body, preference: 'phone' });
    expect(shown.status).toBe(422);
    const answer = await shown.json();
    expect(answer.errors).toEqual([{ field: 'timeSlots', message: 'Ce champ est obligatoire' }]);
    const hidden = await post('contact-me', { ...body, ...signedToken(), preference: 'email' });
    expect(hidden.status).toBe(201);
    const fields = stored(srv.dataDir, (await hidden.json()).id).fields;
    expect(fields).toMatchObject({ title: 'ms', preference: 'email' });
    expect(fields).not.toHaveProperty('phone');
  });

  it('requires the title staff made required, with its own message', async () => {
    const r = await post('contact-me', { ...person('title'), request: 'info', propertyId: forSale.ID, preference: 'email', module: 48 });
    expect(r.status).toBe(422);
    expect((await r.json()).errors).toEqual([{ field: 'title', message: 'Le titre est un champ obligatoire' }]);
  });

  it('still refuses what the kind refuses (bad e-mail, a slot outside the list), whatever the settings', async () => {
    const r = await post('contact-me', {
      ...person('bad'),
      email: 'sophie.lambert@',
      title: 'ms',
      request: 'visit',
      propertyId: forSale.ID,
      preference: 'phone',
      timeSlots: ['03:00-04:00'],
      module: 48,
    });
    expect(r.status).toBe(422);
    expect((await r.json()).errors.map((e: { field: string }) => e.field)).toEqual(['email', 'timeSlots']);
  });
});

describe('bad settings', () => {
  const bad = [
    { name: 'preference' },
    { name: 'timeSlots', conditions: [{ field: 'budget', compare: 'equals', value: 'x' }] },
    { name: 'message', conditions: [{ field: 'request', compare: 'gt', value: 'beaucoup' }], advanced: '{"log": [{"var": "request"}]}' },
    { name: 'email', show: false },
    { name: 'firstName', conditions: [{ field: 'newsletter', compare: 'notEmpty' }] },
    { name: 'newsletter', advanced: '{"==": [{"var": "nickname"}, "x"]}' },
    { name: 'title', advanced: '{"==": [' },
    { name: 'phone', conditions: [{ field: 'phone', compare: 'notEmpty' }] },
  ];
  it('are refused at config load, each with its pointer and what is wrong', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[PROPERTY_PAGE].modules[CONTACT_ME].fields = bad;
      write('pages.json', pages);
    });
    const at = `pages.json /${PROPERTY_PAGE}/modules/${CONTACT_ME}/fields`;
    const lines = problemsOf(dir).lines.filter((l) => l.startsWith(at));
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${at}/1/conditions/0/field: "budget" is not a field of the form contact-me`)),
      `${at}/2/conditions/0/value: "gt" compares numbers: "beaucoup" is not one`,
      `${at}/2/advanced: not a JSON Logic rule that can be used: unknown operation "log"`,
      `${at}/3/show: "email" is always shown: the site needs it`,
      `${at}/4/conditions/0/field: "newsletter" must come above "firstName" in the form to decide whether it shows`,
      expect.stringMatching(new RegExp(`^${at}/5/advanced: "nickname" is not a field of the form contact-me`)),
      expect.stringMatching(new RegExp(`^${at}/6/advanced: not valid JSON: `)),
      `${at}/7/conditions/0/field: "phone" cannot decide whether it shows itself`,
    ]);
  });

  it('are refused by the editor with the pointer into the page, and the page stays as it was', async () => {
    srv = await startTestServer();
    try {
      const staff = await staffSession(srv.url, srv.dataDir, 'editor', 'cond');
      const doc = (await staff.req('GET', '/api/admin/docs/page:30')).json as { data: any; rev: number };
      const before = JSON.stringify(doc.data);
      const data = structuredClone(doc.data);
      data.modules[CONTACT_ME].fields = [bad[0], bad[1]];
      const r = await staff.req('PUT', '/api/admin/docs/page:30', { data, baseRev: doc.rev });
      expect(r.status).toBe(422);
      expect(r.json.problems).toEqual([
        expect.objectContaining({ pointer: `/modules/${CONTACT_ME}/fields/1/conditions/0/field`, message: expect.stringContaining('"budget" is not a field') }),
      ]);
      expect(JSON.stringify((await staff.req('GET', '/api/admin/docs/page:30')).json.data)).toBe(before);
    } finally {
      await srv.close();
    }
  });
});
