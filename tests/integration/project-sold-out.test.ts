// A new-build project whose units are all sold reads as sold out, in the list and on its page; a
// project with a unit left does not. The feed is the sample in the CRM's own shape, one project's
// units marked sold as a CRM sends them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';

const SOLD_OUT = 6; // Zennepark in the sample (its units: sold, option, option)
let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  const raw = rawSample();
  for (const p of raw.projects) if (p.ID === SOLD_OUT) for (const u of p.Units) u.Status = 'sold';
  const dataDir = await dataDirWith(raw, 'sold-out-');
  srv = await startTestServer({ dataDir });
});
afterAll(() => srv?.close());

const html = async (path: string) => {
  const r = await fetch(srv.url + path);
  expect(r.status, path).toBe(200);
  return r.text();
};
/** The list's card of a project, by its name. */
const card = (page: string, name: string) => {
  const at = page.indexOf(`>${name}</a>`);
  expect(at, name).toBeGreaterThan(0);
  return page.slice(page.lastIndexOf('<article', at), page.indexOf('</article>', at));
};

describe('a sold-out project', () => {
  it('is marked sold out in the list, without a price, and says so on its page, in each language', async () => {
    for (const [lang, list, name, openName, badge, notice] of [
      ['en', '/en/projects/', 'Senne Park', 'Canal View', 'Sold out', 'Every unit of this project has been sold.'],
      ['fr', '/fr/projets/', 'Parc de la Senne', 'Vue sur le Canal', 'Épuisé', 'Toutes les unités de ce projet sont vendues.'],
      ['nl', '/nl/projecten/', 'Zennepark', 'Kanaalzicht', 'Uitverkocht', 'Alle units van dit project zijn verkocht.'],
    ]) {
      const page = await html(list);
      const soldOut = card(page, name);
      expect(soldOut, lang).toContain(`<span class="badge badge--soldOut">${badge}</span>`);
      expect(soldOut, lang).not.toContain('property-card__price');
      // A project with units left: no badge, its price from.
      const open = card(page, openName);
      expect(open, lang).not.toContain('badge--soldOut');
      expect(open, lang).toContain('property-card__price');

      const path = /<a href="([^"]+)"/.exec(soldOut.slice(soldOut.indexOf('property-card__title')))![1];
      const detail = await html(path);
      expect(detail, lang).toContain(`<p class="notice notice--gone" role="status">${notice}</p>`);
      const other = await html(/<a href="([^"]+)"/.exec(open.slice(open.indexOf('property-card__title')))![1]);
      expect(other, lang).not.toContain('notice--gone');
    }
  });
});
