// Images of the media library in rich text get the spec's responsive widths (SPEC §9) when the
// content is sanitised; the stored HTML stays as written (sanitising twice gives the same), and a
// srcset typed into the HTML is never kept.
import { describe, expect, it } from 'vitest';
import { sanitize } from '../../server/common/sanitize.ts';
import { RICH_TEXT_IMAGE_SIZES } from '../../shared/library-images.ts';

const src = '/media/library/0b7f7d0e-2c1a-4c1e-9d3e-3f3f3f3f3f3f.jpg';

describe('library images in rich text', () => {
  it('offers 400, 600 and 1360 below the original, whose width the editor wrote', () => {
    const html = sanitize(`<p>Avant</p><img src="${src}" alt="La façade" width="2560" height="1707">`);
    expect(html).toBe(
      `<p>Avant</p><img src="${src}" alt="La façade" width="2560" height="1707" srcset="${src}?w=400 400w, ${src}?w=600 600w, ${src}?w=1360 1360w, ${src} 2560w" sizes="${RICH_TEXT_IMAGE_SIZES}" loading="lazy" decoding="async" />`,
    );
    expect(sanitize(html)).toBe(html);
  });

  it('offers only the widths smaller than a small original, and the spec’s widths when its width is unknown', () => {
    expect(sanitize(`<img src="${src}" alt="" width="800" height="600">`)).toContain(`srcset="${src}?w=400 400w, ${src}?w=600 600w, ${src} 800w"`);
    expect(sanitize(`<img src="${src}" alt="">`)).toContain(`srcset="${src}?w=400 400w, ${src}?w=600 600w, ${src}?w=1360 1360w"`);
  });

  it('keeps no srcset or sizes from the input, and adds none to other images', () => {
    const typed = sanitize(`<img src="${src}" alt="x" width="800" srcset="https://elsewhere.example/x.jpg 10w" sizes="1px">`);
    expect(typed).not.toContain('elsewhere');
    expect(typed).not.toContain('sizes="1px"');
    const other = sanitize('<img src="https://cdn.example/a.jpg" alt="z" srcset="https://cdn.example/b.jpg 2x">');
    expect(other).toBe('<img src="https://cdn.example/a.jpg" alt="z" loading="lazy" decoding="async" />');
  });
});
