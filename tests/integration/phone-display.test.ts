// Phone numbers as staff type them (national, with slashes and dots) are shown in the spec's digit
// groups, and dialled in international form; numbers written internationally are shown as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { configCopy } from '../helpers/config.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  const configDir = configCopy(({ read, write }) => {
    const team = read('articles/team.json') as Array<{ id: string; person?: { phone?: string } }>;
    team.find((a) => a.id === 'pieter-de-smet')!.person!.phone = '0475/61.23.48';
    write('articles/team.json', team);
  });
  srv = await startTestServer({ configDir });
});
afterAll(() => srv?.close());

const page = async (path: string) => {
  const r = await fetch(srv.url + path);
  expect(r.status, path).toBe(200);
  return r.text();
};

describe('phone numbers', () => {
  it('show a national number in digit groups and dial it with the country code, on the team page and on a property’s agent card', async () => {
    const team = await page('/nl/ons-team/');
    expect(team).toContain('href="tel:+32475612348"');
    expect(team).toContain('>0475 61 23 48<');
    // Nowhere as typed in what the visitor reads (the page's data for the browser keeps the value as stored).
    expect(team.replace(/<script[^>]*>[^<]*<\/script>/g, '')).not.toContain('0475/61.23.48');
    // A number written in international form is shown as written.
    expect(team).toContain('href="tel:+3226401230"');
    expect(team).toContain('+32 2 640 12 30');

    const { items } = await (await fetch(`${srv.url}/api/properties?lang=en&goal=rent&pageSize=50`)).json();
    let found = false;
    for (const item of items as Array<{ path: string }>) {
      const html = await page(item.path);
      if (!html.includes('Pieter De Smet')) continue;
      found = true;
      expect(html).toContain('<a href="tel:+32475612348">0475 61 23 48</a>');
      break;
    }
    expect(found).toBe(true);
  });
});
