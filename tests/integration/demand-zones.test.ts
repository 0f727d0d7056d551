// A search alert's zones as the spec names them (SPEC §3 demand: region/zip/city; SPEC §5: at
// least one geographic zone): the form offers the three, the demand keeps them, and the alert mail
// after an import lists the new properties of those zones only (issue 39).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { tempDir } from '../helpers/config.ts';
import { leads, sample, until } from '../helpers/forms.ts';
import { importListingsFile } from '../helpers/listings.ts';
import { signedToken } from '../helpers/visitor.ts';

describe('a search alert by region, postcode or municipality', () => {
  it('offers the three on the form, refuses none of them, keeps them and mails what lies in them', async () => {
    const smtp = await startSmtp();
    const dataDir = tempDir('zones-');
    const srv = await startTestServer({ dataDir, smtpUrl: smtp.url, outboxRetryMs: 100 });
    try {
      const page = await (await fetch(`${srv.url}/en/register/`)).text();
      expect(page).toContain('<legend>Regions</legend>');
      expect(page).toContain('value="flanders"');
      expect(page).toContain('Postcodes (e.g. 1030, 1180)');
      expect(page).toContain('Municipalities (or choose a region or a postcode)');

      const post = (body: object) =>
        fetch(`${srv.url}/api/forms/demand-register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lang: 'en', ...signedToken(), website: '', goal: 'sale', types: ['3'], firstName: 'Ann', lastName: 'Peeters', ...body }),
        });
      // No zone at all: one sentence at the municipalities; a postcode that is not one: at the postcodes.
      const none = await post({ email: 'ann.none@example.be', cities: [], regions: [], zips: '' });
      expect(none.status).toBe(422);
      expect((await none.json()).errors).toEqual([expect.objectContaining({ field: 'cities', message: 'Choose at least one geographic zone' })]);
      const bad = await post({ email: 'ann.bad@example.be', zips: '103, Leuven' });
      expect(bad.status).toBe(422);
      expect((await bad.json()).errors.map((e: { field: string }) => e.field)).toEqual(['zips']);
      const tooMany = await post({ email: 'ann.many@example.be', regions: ['flanders', 'flanders'] });
      expect(tooMany.status).toBe(422);

      expect((await post({ email: 'ann.region@example.be', regions: ['flanders'] })).status).toBe(201);
      expect((await post({ email: 'ann.zip@example.be', zips: '1180, 9000' })).status).toBe(201);
      const kept = leads(dataDir)
        .submissions.filter((l) => l.kind === 'demand-register')
        .map((l) => l.fields as Record<string, unknown>);
      expect(kept.find((f) => f.email === 'ann.region@example.be')).toMatchObject({ regions: ['flanders'] });
      expect(kept.find((f) => f.email === 'ann.zip@example.be')).toMatchObject({ zips: '1180, 9000' });

      // A new import: an apartment in Leuven (Flanders), one in Uccle (1180), one in Namur.
      const data = structuredClone(sample);
      const base = data.properties.filter((p: { ID: number }) => p.ID === data.properties[0].ID);
      const make = (id: number, change: Record<string, unknown>) =>
        base.map((p: object) => ({
          ...p,
          ID: id,
          ProjectID: null,
          Availability: 'available',
          PublishPrice: true,
          WebID: 3,
          WebIDs: '3',
          Goal: 0,
          Price: 300000,
          ...change,
        }));
      data.properties.push(
        ...make(991001, { Zip: '3000', City: 'Leuven' }),
        ...make(991002, { Zip: '1180', City: 'Uccle' }),
        ...make(991003, { Zip: '5000', City: 'Namur' }),
      );
      const file = join(dataDir, 'crm.json');
      writeFileSync(file, JSON.stringify(data));
      expect((await importListingsFile(file, dataDir)).result).toBe('accepted');
      const to = (who: string) => smtp.received.find((m) => JSON.stringify(m.to).includes(who) && /\/99100\d\//.test(m.text ?? ''));
      await until(() => !!to('ann.region@example.be') && !!to('ann.zip@example.be'), 10_000);
      const region = to('ann.region@example.be')!.text!;
      expect(region).toContain('/991001/');
      expect(region).not.toContain('/991002/');
      expect(region).not.toContain('/991003/');
      const zip = to('ann.zip@example.be')!.text!;
      expect(zip).toContain('/991002/');
      expect(zip).not.toContain('/991001/');
      expect(zip).not.toContain('/991003/');
    } finally {
      await srv.close();
      await smtp.close();
    }
  });
});
