import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { importListingsFile } from '../helpers/listings.ts';
import { dayOf } from '../../server/portal/view-stats.ts';
import { mine, sample, usePortalServer, theirs } from '../helpers/portal.ts';
import { signedToken } from '../helpers/visitor.ts';

const portal = usePortalServer();
const { Client } = portal;

describe('ownership', () => {
  it("answers 404 for another owner's property, by API and by the portal page's data", async () => {
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    expect((await c.req('GET', `/api/owner/properties/${mine[0]}?lang=fr`)).status).toBe(200);
    for (const path of [
      `/api/owner/properties/${theirs[0]}?lang=fr`,
      `/api/owner/properties/${theirs[0]}/communications`,
      '/api/owner/properties/999999999',
      '/api/owner/properties/abc',
    ]) {
      const r = await c.req('GET', path);
      expect(r.status, path).toBe(404);
    }
    expect((await c.req('GET', `/api/owner/properties/${theirs[0]}?lang=fr`)).json.error).toBe('Bien introuvable');
    expect((await new Client().req('GET', `/api/owner/properties/${mine[0]}`)).status).toBe(401);
    // The portal page is the same for everyone: no owner's data is in its HTML.
    const html = (await c.req('GET', '/fr/login/')).text;
    expect(html).toContain('data-form="owner-login"');
    expect(html).not.toContain('marie.dubois');
  });

  it('rejects a bad page number with a 400 naming the field', async () => {
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    const r = await c.req('GET', `/api/owner/properties/${mine[0]}/communications?page=zero`);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe('page');
  });
});

describe('figures', () => {
  it('counts N real views of a property page as N, and nothing for bots, prefetches and the owner', async () => {
    const owner = new Client();
    await owner.login('marie.dubois@example.be', 'correct horse battery');
    const id = mine[1];
    const total = async () => (await owner.req('GET', `/api/owner/properties/${id}?lang=fr`)).json.counters;
    const before = await total();
    const me = await owner.req('GET', '/api/owner/me?lang=fr');
    const path = me.json.properties.find((p: { id: number }) => p.id === id).path as string;
    const visitor = new Client();
    const N = 7;
    for (let i = 0; i < N; i++) expect((await visitor.req('GET', path)).status).toBe(200); // the first renders, the others come from the page cache
    await visitor.req('GET', path, undefined, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visitor.req('GET', path, undefined, { 'sec-purpose': 'prefetch' });
    await visitor.req('GET', path, undefined, { purpose: 'prefetch' });
    await owner.req('GET', path); // the owner looking at their own page
    await visitor.req('GET', path.replace(/\/$/, '')); // a redirect, not a view
    const after = await total();
    expect(after.today - before.today).toBe(N);
    expect(after.total - before.total).toBe(N);
    const figures = (await owner.req('GET', `/api/owner/properties/${id}?lang=fr`)).json;
    const site = figures.chart.series.find((s: { source: string }) => s.source === 'site');
    expect(site.points.at(-1)).toEqual({ date: dayOf(), visits: after.today });
    expect(figures.visits.items[0]).toEqual({ date: dayOf(), visits: after.today });
  });

  it('shows portal figures and online media from the listing import, and the requests sent about the property', async () => {
    const id = mine[0];
    const today = dayOf();
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const data = JSON.parse(JSON.stringify(sample));
    for (const p of data.properties) {
      if (p.ID === id)
        p.PortalStats = [
          {
            Source: 'Immoweb',
            Url: 'https://www.immoweb.be/fr/annonce/1',
            Visits: [
              { Date: today, Count: 12 },
              { Date: day(1), Count: 30 },
              { Date: day(40), Count: 100 },
            ],
          },
          { Source: 'Zimmo', Url: 'https://www.zimmo.be/fr/1' },
        ];
    }
    const file = join(tempDir('import-'), 'listings.json');
    writeFileSync(file, JSON.stringify(data));
    expect((await importListingsFile(file, portal.srv.dataDir)).result).toBe('accepted');
    // A visit booked through the site's appointment form, then a request through the contact form.
    const { slots } = (await new Client().req('GET', '/api/appointments')).json;
    const booking = await new Client().req('POST', '/api/forms/contact-appointment', {
      lang: 'fr',
      ...signedToken(),
      website: '',
      firstName: 'Camille',
      lastName: 'Dupont',
      email: 'camille.dupont@example.be',
      phone: '0470 12 34 56',
      slot: slots[0],
      propertyId: id,
    });
    expect(booking.status).toBe(201);
    const form = await new Client().req('POST', '/api/forms/contact-me', {
      lang: 'fr',
      ...signedToken(),
      website: '',
      title: 'ms',
      firstName: 'Camille',
      lastName: 'Dupont',
      email: 'camille.dupont@example.be',
      phone: '0470 12 34 56',
      // A visitor's free text naming a third party (the audit saw owners shown its first 120 characters).
      message: 'Visite possible samedi ? Je viendrai avec mon notaire, Maître Jan Peeters (0478 99 88 77).\nMerci',
      newsletter: false,
      propertyId: id,
      request: 'visit',
      timeSlots: ['10:00-13:00'],
      preference: 'phone',
    });
    expect(form.status).toBe(201);
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    // The server notices the new import within seconds.
    await expect
      .poll(async () => (await c.req('GET', `/api/owner/properties/${id}?lang=fr`)).json.chart.series.some((s: { source: string }) => s.source === 'Immoweb'), {
        timeout: 10_000,
      })
      .toBe(true);
    const f = (await c.req('GET', `/api/owner/properties/${id}?lang=fr`)).json;
    expect(f.media).toEqual([
      { source: 'Immoweb', url: 'https://www.immoweb.be/fr/annonce/1' },
      { source: 'Zimmo', url: 'https://www.zimmo.be/fr/1' },
    ]);
    const immoweb = f.chart.series.find((s: { source: string }) => s.source === 'Immoweb');
    expect(immoweb.points).toHaveLength(30);
    expect(immoweb.points.at(-1)).toEqual({ date: today, visits: 12 });
    expect(immoweb.points.at(-2)).toEqual({ date: day(1), visits: 30 });
    expect(f.counters.total).toBeGreaterThanOrEqual(142);
    expect(f.counters.today).toBeGreaterThanOrEqual(12);
    // The kind, date and status of each request, never what the visitor wrote.
    expect(f.communications.items[0]).toEqual({ type: 'contact-me', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), status: 'new' });
    expect(f.communications.items[1]).toEqual({ type: 'contact-appointment', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), status: 'new' });
    const listed = JSON.stringify((await c.req('GET', `/api/owner/properties/${id}/communications?page=1&lang=fr`)).json);
    expect(listed).toContain('"type":"contact-me"');
    for (const text of [JSON.stringify(f), listed]) {
      for (const secret of ['Visite possible', 'Peeters', '0478 99 88 77', 'Camille', '0470 12 34 56']) expect(text).not.toContain(secret);
    }
    expect(f.calendar.items).toContainEqual({ start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/), status: 'confirmed' });
    expect(JSON.stringify(f)).not.toContain('camille.dupont@example.be'); // no visitor's personal data
  });

  it('lists the booked visits (appointments) of the property, latest first, with paging', async () => {
    const dataDir = tempDir('calendar-');
    const id = mine[0];
    const submissions = Array.from({ length: 12 }, (_, i) => ({
      id: `a${i}`,
      kind: 'contact-appointment',
      lang: 'fr',
      createdAt: `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00.000Z`,
      page: null,
      propertyId: id,
      fields: { slot: `2026-12-${String(i + 1).padStart(2, '0')}T10:00:00.000Z` },
      status: 'new',
      appointment: { start: `2026-12-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`, status: 'confirmed' },
    }));
    submissions.push({ ...submissions[0], id: 'other', propertyId: theirs[0] });
    writeFileSync(join(dataDir, 'leads.json'), JSON.stringify({ submissions, outbox: [] }));
    const other = await startTestServer({ dataDir });
    try {
      await addOwner(OwnerAccounts.inDataDir(dataDir), {
        username: 'marie.dubois@example.be',
        password: 'correct horse battery',
        lang: 'fr',
        ref: 'owner-001',
      });
      const c = new Client();
      const r = await fetch(`${other.url}/api/owner/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'fr' }),
      });
      c.cookie = r.headers.getSetCookie()[0].split(';')[0];
      const get = async (path: string) => (await fetch(other.url + path, { headers: { cookie: c.cookie } })).json();
      const f = await get(`/api/owner/properties/${id}?lang=fr`);
      // The shipped sample says where the owners' properties are published (online media).
      expect(f.media.slice(0, 2)).toEqual([
        { source: 'Immoweb', url: `https://www.immoweb.be/fr/annonce/${id}` },
        { source: 'Zimmo', url: `https://www.zimmo.be/fr/pand/${id}` },
      ]);
      expect(f.calendar.total).toBe(12);
      expect(f.calendar.pages).toBe(2);
      expect(f.calendar.items[0]).toEqual({ start: '2026-12-12T10:00:00.000Z', status: 'confirmed' });
      expect(f.communications.items[0]).toMatchObject({ date: '2026-11-12T09:00:00.000Z', type: 'contact-appointment', status: 'new' });
      const page2 = await get(`/api/owner/properties/${id}/calendar?page=2`);
      expect(page2.items.map((a: { start: string }) => a.start)).toEqual(['2026-12-02T10:00:00.000Z', '2026-12-01T10:00:00.000Z']);
    } finally {
      await other.close();
    }
  });
});
