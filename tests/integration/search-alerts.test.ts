import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { tempDir } from '../helpers/config.ts';
import { sample, until } from '../helpers/forms.ts';
import { signedToken } from '../helpers/visitor.ts';

describe('search alerts', () => {
  it('mails a registered demand the new matching properties after an import, until it unsubscribes', async () => {
    const { importListingsFile } = await import('../helpers/listings.ts');
    const { writeFileSync } = await import('node:fs');
    const smtp = await startSmtp();
    const dataDir = tempDir('alerts-');
    const srv = await startTestServer({ dataDir, smtpUrl: smtp.url, outboxRetryMs: 100 });
    try {
      const demand = {
        lang: 'nl',
        ...signedToken(),
        website: '',
        goal: 'sale',
        types: ['3'],
        cities: ['1030'],
        maxPrice: 600000,
        firstName: 'Els',
        lastName: 'Wouters',
        email: 'els.wouters@example.be',
      };
      const missing = await fetch(`${srv.url}/api/forms/demand-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...demand, types: [], cities: [] }),
      });
      expect(missing.status).toBe(422);
      expect((await missing.json()).errors.map((e: { message: string }) => e.message)).toEqual(['Kies minstens één type pand', 'Kies minstens één zone']);
      const r = await fetch(`${srv.url}/api/forms/demand-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demand),
      });
      expect(r.status).toBe(201);
      expect((await r.json()).redirect).toBe('/nl/bedankt/demand-register/');
      // A new import: one new apartment for sale in Schaerbeek under the maximum, one house elsewhere.
      const data = structuredClone(sample);
      const base = data.properties.filter((p: { ID: number }) => p.ID === data.properties[0].ID);
      const make = (id: number, change: Record<string, unknown>) =>
        base.map((p: object) => ({ ...p, ID: id, ProjectID: null, Availability: 'available', PublishPrice: true, ...change }));
      data.properties.push(
        ...make(990001, { WebID: 3, WebIDs: '3', Goal: 0, Zip: '1030', City: 'Schaerbeek', Price: 350000 }),
        ...make(990002, { WebID: 1, WebIDs: '1', Goal: 0, Zip: '1180', City: 'Uccle', Price: 350000 }),
      );
      const file = join(dataDir, 'crm.json');
      writeFileSync(file, JSON.stringify(data));
      expect((await importListingsFile(file, dataDir)).result).toBe('accepted');
      await until(() => smtp.received.some((m) => m.subject?.startsWith('Een nieuw pand voor uw zoekopdracht')), 10_000);
      const alert = smtp.received.find((m) => m.subject?.startsWith('Een nieuw pand voor uw zoekopdracht'))!;
      expect(JSON.stringify(alert.to)).toContain('els.wouters@example.be');
      expect(alert.text).toContain('/990001/');
      expect(alert.text).not.toContain('/990002/');
      const link = /https:\/\/www\.atrium-immo\.be(\/api\/alerts\/unsubscribe\?token=[0-9a-f]{32})/.exec(alert.text!)![1];
      const un = await fetch(srv.url + link, { redirect: 'manual' });
      expect(un.status).toBe(302);
      expect(un.headers.get('location')).toBe('/nl/bedankt/uitgeschreven/');
      expect((await fetch(`${srv.url}/api/alerts/unsubscribe?token=${'0'.repeat(32)}`)).status).toBe(404);
      // Another new match after unsubscribing: no mail.
      data.properties.push(...make(990003, { WebID: 3, WebIDs: '3', Goal: 0, Zip: '1030', City: 'Schaerbeek', Price: 300000 }));
      writeFileSync(file, JSON.stringify(data));
      expect((await importListingsFile(file, dataDir)).result).toBe('accepted');
      await new Promise((res) => setTimeout(res, 3000));
      expect(smtp.received.filter((m) => m.text?.includes('/990003/'))).toHaveLength(0);
    } finally {
      await srv.close();
      await smtp.close();
    }
  });
});
