// The Content-Security-Policy of every answer (the renderer's own fixed inline scripts and the page's
// styles by hash, no unsafe-inline script), its violation reports, and HSTS only behind a trusted TLS
// proxy. A script injected into a page's content: tests/e2e/csp-injection.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startTestServer } from '../helpers/server.ts';
import { OWN_INLINE_SCRIPTS } from '../../renderer/inline-scripts.ts';

describe('Content-Security-Policy (the sample site)', () => {
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv.close();
  });

  const sha = (t: string) => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`;
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script((?:\s[^>]*)?)>([^]*?)<\/script>/g)].filter((m) => !/\ssrc=|type="application\/(ld\+)?json"/.test(m[1])).map((m) => m[2]);
  const inlineStyles = (html: string) => [...html.matchAll(/<style(?:\s[^>]*)?>([^]*?)<\/style>/g)].map((m) => m[1]);
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('every page type carries a policy with the hashes of its own inline scripts and styles, and no unsafe-inline script', async () => {
    const detail = (await (await fetch(`${srv.url}/api/properties?lang=fr`)).json()).items[0].path as string;
    const sitemap = await (await fetch(`${srv.url}/sitemap.xml`)).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const article = urls.find((u) => u.startsWith('/fr/blog-immo/') && u.split('/').length > 4)!;
    const project = urls.find((u) => u.startsWith('/fr/projets/') && u.split('/').length > 5)!;
    const pages = [
      '/fr/',
      '/nl/kopen/',
      '/fr/acheter/?sort=price-asc',
      detail,
      '/fr/projets/',
      project,
      article,
      '/fr/contact/',
      '/fr/login/',
      '/fr/merci/',
      '/fr/cette-page-nexiste-pas/',
      '/en/',
    ];
    for (const path of pages) {
      expect(path, 'a page of each type').toBeTruthy();
      for (const round of [1, 2]) {
        const r = await fetch(`${srv.url}${path}`);
        const csp = r.headers.get('content-security-policy') ?? '';
        const html = await r.text();
        const scripts = directive(csp, 'script-src');
        expect(scripts, `${path} (${round})`).not.toContain("'unsafe-inline'");
        expect(scripts).not.toContain("'unsafe-eval'");
        const inline = inlineScripts(html);
        expect(inline.length, path).toBeGreaterThanOrEqual(1); // Consent Mode defaults (and the script's loader, once built)
        // The page's data is a JSON block the browser never runs: it needs no hash.
        expect(html, path).toMatch(/<script type="application\/json" id="vitrine-data">\{"initial":/);
        for (const s of inline) expect(scripts, `${path}: an inline script without its hash`).toContain(sha(s));
        // Only the renderer's own scripts, whose hashes are known ahead: the policy names no others.
        for (const s of inline) expect(OWN_INLINE_SCRIPTS, path).toContain(s);
        expect(scripts.match(/'sha256-/g)?.length, path).toBe(OWN_INLINE_SCRIPTS.length);
        for (const s of inlineStyles(html)) expect(directive(csp, 'style-src-elem'), path).toContain(sha(s));
        expect(directive(csp, 'object-src')).toBe("object-src 'none'");
        expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
        expect(directive(csp, 'form-action')).toBe("form-action 'self'");
      }
    }
  });

  it('the editor, the small answer pages, JSON and files have a policy too', async () => {
    const editor = await fetch(`${srv.url}/admin/`);
    expect(directive(editor.headers.get('content-security-policy') ?? '', 'script-src')).toBe("script-src 'self' 'unsafe-eval'");
    expect(editor.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const path of ['/api/testimonials/review?token=00000000000000000000000000000000', '/api/properties?lang=fr', '/media/logo.svg', '/robots.txt']) {
      const csp = (await fetch(`${srv.url}${path}`)).headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'default-src'), path).toBe("default-src 'none'");
    }
    // A refused post without JavaScript links back to the page, not to javascript:.
    const r = await fetch(`${srv.url}/api/forms/site-contact?lang=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', referer: `${srv.url}/fr/contact/` },
      body: 'lang=fr',
    });
    const html = await r.text();
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="/fr/contact/"');
  });

  it('takes violation reports (and refuses what is not one)', async () => {
    const report = {
      'csp-report': { 'document-uri': `${srv.url}/fr/`, 'violated-directive': 'script-src-elem', 'blocked-uri': 'https://evil.example/x.js' },
    };
    const ok = await fetch(`${srv.url}/api/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(ok.status).toBe(204);
    expect((await fetch(`${srv.url}/api/csp-report`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(415);
    expect(
      (await fetch(`${srv.url}/api/csp-report`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: 'x'.repeat(20_000) })).status,
    ).toBe(413);
  });

  it('sends no HSTS over plain HTTP, even when a client claims TLS without a trusted proxy', async () => {
    expect((await fetch(`${srv.url}/fr/`)).headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${srv.url}/fr/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });
});
