// Issue 39, point 4: the visitor's pages, the new ones above all (favourites, compare, recently
// viewed, the site search, save this search, the buying-cost calculator), have no serious or
// critical accessibility violation by axe-core, at a desk in Dutch and on a phone in French.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';

const browser = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Found {
  id: string;
  impact: string | null;
  nodes: string[];
}

/**
 * axe's violations of impact serious or critical on the page as it is. Sections drawn only near
 * the screen (`content-visibility: auto`) are drawn first: unpainted, axe reads their colours
 * against whatever lies under them. The script is evaluated through the browser's debugging
 * protocol, which the page's Content-Security-Policy does not govern.
 */
async function seriousViolations(page: Page): Promise<Found[]> {
  await page.evaluate(`${axeSource};0`);
  return page.evaluate(async () => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: Document,
            o: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
  });
}

const WALKS = [
  {
    name: 'desk-nl',
    viewport: { width: 1366, height: 900 },
    pages: [
      '/nl/kopen/schaarbeek/ruim-appartement-met-2-slaapkamers/1132/',
      '/nl/huren/evere/te-renoveren-woning-met-veel-potentieel/1131/',
      '/nl/', // after a property: with its recently viewed properties
      '/nl/kopen/',
      '/nl/kopen/?priceMin=99000000', // no results: save this search
      '/nl/kopen/?view=map', // the map search, its marks drawn
      '/nl/kopen/?view=map&bbox=50.8,4.3,50.9,4.45&zoom=12', // an area chosen on the map
      '/nl/favorieten/?ids=1132,1131',
      '/nl/vergelijken/?ids=1132,1129',
      '/nl/zoeken/?q=schaerbeek',
      '/nl/aankoopkosten/',
      '/nl/zoekopdracht/',
      '/nl/getuigenissen/',
      '/nl/projecten/',
    ],
  },
  {
    name: 'phone-fr',
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    pages: [
      '/fr/acheter/schaerbeek/appartement-spacieux-de-2-chambres/1132/',
      '/fr/louer/evere/maison-a-renover-au-beau-potentiel/1131/',
      '/fr/',
      '/fr/acheter/',
      '/fr/acheter/?priceMin=99000000',
      '/fr/acheter/?view=map',
      '/fr/favoris/?ids=1132,1131',
      '/fr/comparer/?ids=1132,1129',
      '/fr/chercher/?q=schaarbeek',
      '/fr/frais-achat/',
      '/fr/recherche/',
      '/fr/temoignages/',
      '/fr/projets/',
    ],
  },
];

describe('accessibility of the visitor pages (axe-core)', () => {
  for (const walk of WALKS) {
    it(`has no serious violation: ${walk.name}`, { timeout: 240_000 }, async () => {
      const page = await browser.open({ viewport: walk.viewport, isMobile: walk.isMobile, hasTouch: walk.hasTouch });
      const found: Record<string, Found[]> = {};
      for (const path of walk.pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // The map's marks come once its lazy chunk and the clusters have: axe reads them too.
        if (path.includes('view=map')) await page.locator('.map-cluster, .map-price').first().waitFor();
        const violations = await seriousViolations(page);
        if (violations.length) found[path] = violations;
      }
      expect(found).toEqual({});
    });
  }

  it('finds what it looks for: a link named unlike its text and an unlabelled field', { timeout: 60_000 }, async () => {
    const page = await browser.open();
    await page.goto('/nl/kopen/');
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const a = document.createElement('a');
      a.href = '#';
      a.textContent = 'FR';
      a.setAttribute('aria-label', 'Nederlands');
      main.append(a, document.createElement('input'));
    });
    const ids = (await seriousViolations(page)).map((v) => v.id).sort();
    expect(ids).toEqual(['label', 'label-content-name-mismatch']);
  });
});
