// Each kind of request lands, in the browser, on its own thank-you page with its own text (SPEC §8),
// in French. The forms with a flow of their own are walked elsewhere in Chromium: the viewing booked
// and the job application (forms-more), the send to a friend (forms), the valuation tool and the
// project enquiry (visitor-tools). Here each other kind is posted as its form posts it, then the
// visitor is taken where the answer says.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/e2e.ts';
import { captchaAnswer } from '../helpers/captcha.ts';
import { forSale, qualifyingRental } from '../helpers/forms.ts';
import { signedToken } from '../helpers/visitor.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const dataDir = suiteDataDir();

describe('thank-you pages in the browser', () => {
  it('gives each kind its own page and text, and the two contact forms the general one', async () => {
    const page = await browser.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const stamp = Date.now().toString(36);
    const who = (k: string) => ({ firstName: 'Chloé', lastName: `Renard-${k}`, email: `chloe.renard+${k}-${stamp}@example.be`, phone: '0471 22 33 44' });
    const captcha = async () => {
      const { token } = await (await page.request.get('/api/captcha')).json();
      return { captchaToken: token, captcha: captchaAnswer(dataDir, token) };
    };
    const bodies: Record<string, () => Promise<Record<string, unknown>>> = {
      'site-contact': async () => ({ ...who('c'), message: 'Bonjour, pouvez-vous me rappeler ?' }),
      'contact-me': async () => ({ ...who('m'), request: 'info', propertyId: forSale.ID }),
      'sign-newsletter': async () => ({ email: who('n').email }),
      'demand-register': async () => ({ ...who('d'), goal: 'sale', types: ['3'], cities: ['1030'] }),
      'contact-demand': async () => ({
        ...who('v'),
        goal: 'sell',
        propertyType: '3',
        street: 'Rue Josaphat',
        houseNumber: '41',
        zip: '1030',
        city: 'Schaerbeek',
      }),
      'purchase-offer': async () => ({ ...who('o'), offeredPrice: 280000, propertyId: forSale.ID }),
      'rental-application': async () => ({ ...who('r'), ...qualifyingRental() }),
      testimonial: async () => ({ name: 'Chloé R.', comment: 'Une équipe attentive du début à la fin.', ...(await captcha()) }),
    };
    const landed: Record<string, { path: string; title: string; text: string }> = {};
    for (const [kind, body] of Object.entries(bodies)) {
      const r = await page.request.post(`/api/forms/${kind}?lang=fr`, {
        headers: { accept: 'application/json' },
        data: { lang: 'fr', ...signedToken(), website: '', ...(await body()) },
      });
      expect(r.status(), `${kind}: ${await r.text()}`).toBe(201);
      const { redirect } = await r.json();
      await page.goto(redirect);
      landed[kind] = { path: new URL(page.url()).pathname, title: await page.locator('h1').innerText(), text: await page.locator('main').innerText() };
    }
    for (const [kind, l] of Object.entries(landed)) expect(l.path, kind).toBe(`/fr/merci/${kind}/`);
    expect(landed['contact-me'].title).toBe(landed['site-contact'].title);
    const own = Object.entries(landed).filter(([k]) => k !== 'site-contact' && k !== 'contact-me');
    expect(new Set(own.map(([, l]) => l.title)).size).toBe(own.length);
    for (const [, l] of own) expect(l.title).not.toBe(landed['site-contact'].title);
    expect(landed['contact-demand'].text).toContain('Merci pour votre confiance');
    expect(landed.testimonial.text).toMatch(/témoignage/i);
  });
});
