// Each kind of request lands on a thank-you page of its own, with its own text (SPEC §8: thanks for
// the trust, sent to a friend, testimonial sent…), in each language; the contact forms share the
// general one ("we will contact you within one working day").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { loadShipped } from '../helpers/config.ts';
import { FORM_KINDS } from '../../shared/forms.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('thank-you pages', () => {
  it('give every kind of request (but the document request, answered on its page) its own page and text, in nl, fr and en', async () => {
    const { content, routes } = loadShipped();
    for (const lang of ['nl', 'fr', 'en'] as const) {
      const texts = new Map<string, string>();
      for (const kind of FORM_KINDS.filter((k) => k !== 'document-request')) {
        const page = content.pages.find((p) => p.type === 'feedback' && p.name === `thank-you-${kind}`);
        expect(page, `${kind}: a thank-you page of its own`).toBeDefined();
        const path = routes.pagePath(page!, lang)!;
        const r = await fetch(srv.url + path);
        expect(r.status, path).toBe(200);
        const html = await r.text();
        const title = h1(html);
        expect(title, path).toBeTruthy();
        texts.set(kind, title!);
      }
      // The contact forms share the general text; every other kind has a title of its own.
      const contact = ['site-contact', 'contact-me'];
      expect(texts.get('site-contact')).toBe(texts.get('contact-me'));
      const own = [...texts].filter(([k]) => !contact.includes(k)).map(([, t]) => t);
      expect(new Set(own).size, `${lang}: ${own.join(' | ')}`).toBe(own.length);
      expect(own).not.toContain(texts.get('site-contact'));
    }
  });

  it('say what happens next for the valuation, a friend and a testimonial', async () => {
    const text = async (path: string) => (await (await fetch(srv.url + path)).text()).replace(/<script[^>]*>[^<]*<\/script>/g, '');
    expect(await text('/fr/merci/contact-demand/')).toContain('Merci pour votre confiance');
    expect(await text('/nl/bedankt/send-to-friend/')).toContain('Uw vriend ontvangt dit pand nu per e-mail');
    expect(await text('/en/thank-you/testimonial/')).toContain('It will appear on the site once we have read it.');
  });
});
