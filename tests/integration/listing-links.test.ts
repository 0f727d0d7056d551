// CRM document and virtual-tour links (issue 40, point 6): the audit's CRM document link
// `data:text/html,<script>…` was offered as a download on the detail and print pages. A link is
// now an http(s) address or a path of this site: anything else is left out at import, the import
// report says what was dropped, and the detail page (which is also what is printed) offers no
// other scheme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { root } from '../helpers/config.ts';
import { importListingsData, sampleListings } from '../helpers/listings.ts';
import { ListingSets, goLive, newSetId } from '../../server/storage/listing-sets.ts';
import { listingSchemaHash } from '../../server/listings/import.ts';
import { tempDir } from '../helpers/config.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const ID = 5170;
const EVIL = 'data:text/html,<script>alert(document.cookie)</script>';

describe('document and virtual-tour links from the CRM', () => {
  it('keeps http(s) addresses and site paths, leaves out data:, javascript: and other schemes, and says so in the import report', async () => {
    const feed = JSON.parse(readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8'));
    const base = {
      ID,
      WebID: 3,
      WebIDs: '3',
      Goal: 0,
      PublishPrice: 1,
      Price: 345000,
      PublishAddress: 1,
      Street: 'Rue Josaphat',
      HouseNumber: '12',
      Zip: '1030',
      City: 'Schaerbeek',
      CountryID: 10,
      NumberOfBedRooms: 2,
      SurfaceLiving: 85,
      Documents: [
        { Name: 'Plan des étages', Url: 'https://cdn.atrium-immo.be/docs/plan-5170.pdf', Size: 182_000 },
        { Name: 'Certificat PEB', Url: '/media/documents/epc-certificate.pdf' },
        { Name: 'Fiche technique', Url: EVIL },
        { Name: 'Urbanisme', Url: 'javascript:alert(1)' },
        { Name: 'Cadastre', Url: 'file:///etc/passwd' },
        { Name: 'Ailleurs', Url: '//evil.example/x.pdf' },
      ],
      VirtualTour: 'javascript:alert(1)',
    };
    feed.properties.push(
      { ...base, TypeDescription: 'Appartement lumineux', language: 'fr' },
      { ...base, TypeDescription: 'Licht appartement', language: 'nl' },
    );
    const entry = await importListingsData(feed, srv.dataDir);
    expect(entry.result).toBe('accepted');
    const mine = entry.problems.filter((p) => p.id === String(ID) && p.lang === 'fr');
    expect(mine.map((p) => `${p.field} ${p.action}`)).toEqual(
      expect.arrayContaining([
        '/VirtualTour left out',
        '/Documents/2/Url left out',
        '/Documents/3/Url left out',
        '/Documents/4/Url left out',
        '/Documents/5/Url left out',
      ]),
    );
    expect(mine.find((p) => p.field === '/Documents/2/Url')).toMatchObject({ code: 'format', params: { format: 'web-link' } });
    expect(mine.find((p) => p.field === '/Documents/2/Url')!.reason).toMatch(/^"data:text\/html,.*is not a valid web link$/);
    expect(mine.some((p) => p.field.startsWith('/Documents/0') || p.field.startsWith('/Documents/1'))).toBe(false);

    // The detail page (printed as it is: print.css) offers the two good links only.
    let path = '';
    await expect
      .poll(
        async () => {
          const r = await (await fetch(`${srv.url}/api/properties?lang=fr&pageSize=100`)).json();
          path = r.items.find((i: { id: number }) => i.id === ID)?.path ?? '';
          return path;
        },
        { timeout: 10_000 },
      )
      .not.toBe('');
    const html = await (await fetch(`${srv.url}${path}`)).text();
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*download/g)].map((m) => m[1]);
    expect(links).toEqual(['https://cdn.atrium-immo.be/docs/plan-5170.pdf', '/media/documents/epc-certificate.pdf']);
    for (const bad of ['data:text', 'javascript:', 'file:', '//evil.example']) expect(html).not.toContain(`href="${bad}`);
    expect(html).toContain('Plan des étages');
    expect(html).not.toContain('Fiche technique');
  });

  it('offers no other link on the detail page even from a set that holds one (stored before links were checked)', async () => {
    // A live set written as it is, past the import's checks: the page is the last line.
    const dataDir = tempDir('links-set-');
    const data = structuredClone(await sampleListings());
    const p = data.properties.find((x) => x.language === 'fr' && x.Availability === 'available')!;
    p.Documents = [
      { Name: 'Plan des étages', Url: '/media/documents/floor-plan.pdf' },
      { Name: 'Fiche technique', Url: EVIL },
      { Name: 'Urbanisme', Url: 'javascript:alert(1)' },
    ];
    const sets = new ListingSets(join(dataDir, 'listings'));
    const id = newSetId();
    await sets.writeSet(id, data, listingSchemaHash());
    const state = await sets.readState();
    goLive(state, id);
    await sets.writeState(state);
    const own = await startTestServer({ dataDir });
    try {
      const r = await (await fetch(`${own.url}/api/properties?lang=fr&pageSize=100`)).json();
      const path = r.items.find((i: { id: number }) => i.id === p.ID)!.path;
      const html = await (await fetch(`${own.url}${path}`)).text();
      expect([...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*download/g)].map((m) => m[1])).toEqual(['/media/documents/floor-plan.pdf']);
      expect(html).not.toContain('href="data:');
      expect(html).not.toContain('href="javascript:');
    } finally {
      await own.close();
    }
  });
});
