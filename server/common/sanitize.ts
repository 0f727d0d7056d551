import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_IMAGE_SIZES, libraryImageSrcset } from '../../shared/library-images.ts';

/**
 * The HTML that content and config may carry — what the site's styles support and the editor's
 * rich-text field writes (headings, paragraphs, lists, links, bold, italic, quotes, tables, images
 * from the media library); everything else is removed before rendering: scripts, event handlers,
 * style attributes, `javascript:` and `data:` URLs, frames, forms. Images come from this site
 * (`/media/…`) or over https only; those of the media library get their responsive widths
 * (srcset and sizes, made here from the address and the width the editor wrote, never taken from
 * the input).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'br',
    'hr',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'hreflang'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return { tagName, attribs: external || attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs };
    },
    // Pictures in a text load when they come into view and never block the page.
    // The attributes in one order, whatever the input's: sanitising again gives the same HTML.
    img: (tagName, { srcset: _srcset, sizes: _sizes, loading: _loading, decoding: _decoding, ...attribs }) => {
      const srcset = libraryImageSrcset(attribs.src ?? '', attribs.width ? Number(attribs.width) : undefined);
      return { tagName, attribs: { ...attribs, ...(srcset ? { srcset, sizes: RICH_TEXT_IMAGE_SIZES } : {}), loading: 'lazy', decoding: 'async' } };
    },
  },
  // The attributes the img transform adds are the only others an image keeps.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};
options.allowedAttributes = {
  ...(options.allowedAttributes as Record<string, string[]>),
  img: [...(options.allowedAttributes as Record<string, string[]>).img, 'loading', 'decoding', 'srcset', 'sizes'],
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, options);
}
