import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { renderPage } from '../../server/site/render.ts';
import { finishGzip } from '../../server/site/page-cache.ts';
import type { Assets } from '../../renderer/App.tsx';
import type { InitialData } from '../../renderer/page-data.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const assets: Assets = { js: '/assets/entry.js', css: [], preload: [] };
const initial = {} as InitialData;

describe('a rendered page, from the strings it is made of', () => {
  // The renderer hands the document before </body> as its parts (doctype, React's document, the page's data and loader).
  const parts = [
    '<!DOCTYPE html>',
    '<html><head><style>a{color:red}</style><script>consent()</script></head><body><p>Prijs € 350.000 – ‘mooi’</p><form id="form-7" data-fill-token method="post"></form>',
    '<script type="application/json" id="vitrine-data">{"a":1}</script><script>loader()</script>',
  ];
  const render = () => ({ prefix: parts, end: '</body></html>' });

  it('keeps the whole document in UTF-8, gzipped alike', () => {
    const page = renderPage(render, initial, assets, { gzip: true });
    expect(page.prefix.toString('utf8')).toBe(parts.join(''));
    expect(gunzipSync(finishGzip(page.gzip!, page.prefix.length, Buffer.from(page.end))).toString('utf8')).toBe(parts.join('') + page.end);
  });

  it('names the inline styles of every part for the policy (never its scripts), and the forms that get a token', () => {
    const page = renderPage(render, initial, assets, { gzip: false });
    expect(page.styles).toEqual([sha('a{color:red}')]);
    expect(JSON.stringify(page)).not.toContain(sha('consent()'));
    expect(page.forms).toEqual(['form-7']);
  });

  it('takes a part that is the same on every page (the stylesheet) as it is, its hash named on every page', () => {
    const styles = '<style id="site-styles">body{margin:0} a::before{content:"›"}</style>';
    const page = (text: string) =>
      renderPage(
        () => ({
          prefix: ['<!DOCTYPE html>', '<html><head>', styles, `</head><body><p>${text}</p>`, '<script>loader()</script>'],
          end: '</body></html>',
          constant: [2],
        }),
        initial,
        assets,
        {
          gzip: false,
        },
      );
    for (const text of ['één', 'deux']) {
      const p = page(text);
      expect(p.prefix.toString('utf8')).toBe(`<!DOCTYPE html><html><head>${styles}</head><body><p>${text}</p><script>loader()</script>`);
      expect(p.styles).toEqual([sha('body{margin:0} a::before{content:"›"}')]);
    }
  });
});
