/**
 * Response headers that protect visitors: a Content-Security-Policy on every answer, HSTS with
 * includeSubDomains when the request came over TLS. (How many reverse proxies are trusted for the
 * client's address is TRUST_PROXY, server/env.ts.)
 *
 * A page's scripts (issue 40, point 7): its inline scripts are allowed by the hashes of the
 * renderer's own fixed script texts (renderer/inline-scripts.ts), worked out once here, never by
 * hashes taken from the rendered page: a script that reaches a page's content (an injection bug)
 * is not named, so it does not run. Why not nonces: a public page's bytes are cached (and kept
 * compressed) per path and content version, the same for every visitor; a per-response nonce would
 * have to be written into those compressed bytes on every answer. Fixed texts need no such thing:
 * what differs from page to page rides beside them as data the browser never runs.
 * Style elements are still named by the hashes of the page's own (styles cannot run code; the
 * site's stylesheet and the page's CSS from the editor vary with the content).
 */
import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { OWN_INLINE_SCRIPTS } from '../../renderer/inline-scripts.ts';

/** Where a browser reports what the policy blocked. */
export const CSP_REPORT_PATH = '/api/csp-report';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The hashes of the inline texts pages repeat (the site's stylesheet, 40 KB, is in every page): worked out once. */
const known = new Map<string, string>();
const sha256 = (text: string): string => {
  if (text.length < 1024) return hash(text);
  let h = known.get(text);
  if (!h) {
    if (known.size >= 32) known.clear();
    known.set(text, (h = hash(text)));
  }
  return h;
};

/**
 * The text of each `<tag …>…</tag>` element of a document, with its attributes; a plain scan (each
 * character read once), no regular expression over the page.
 */
function elements(html: string, tag: 'style'): Array<{ attrs: string; text: string }> {
  const out: Array<{ attrs: string; text: string }> = [];
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let at = 0;
  for (;;) {
    const start = html.indexOf(open, at);
    if (start < 0) return out;
    const after = html[start + open.length];
    if (after !== '>' && after !== ' ') {
      at = start + open.length;
      continue;
    }
    const tagEnd = html.indexOf('>', start);
    const end = tagEnd < 0 ? -1 : html.indexOf(close, tagEnd);
    if (end < 0) return out;
    out.push({ attrs: html.slice(start + open.length, tagEnd), text: html.slice(tagEnd + 1, end) });
    at = end + close.length;
  }
}

/** The hashes of the inline style elements of a page (its inline scripts are known ahead: OWN_SCRIPT_HASHES). */
export function inlineStyleHashes(html: string): string[] {
  const styles = new Set<string>();
  for (const e of elements(html, 'style')) styles.add(sha256(e.text));
  return [...styles];
}

/** The hashes of the renderer's own inline scripts, worked out once at start from their fixed texts. */
export const OWN_SCRIPT_HASHES: readonly string[] = OWN_INLINE_SCRIPTS.map(hash);

export interface TrackingIds {
  analyticsId?: string;
  adsId?: string;
  tagManagerId?: string;
  pixelId?: string;
}

/** The hosts the configured tags load scripts from and send to (Google's and Meta's published lists). */
function tagSources(ids: TrackingIds): { script: string[]; connect: string[] } {
  const script = new Set<string>();
  const connect = new Set<string>();
  if (ids.analyticsId || ids.adsId || ids.tagManagerId) {
    script.add('https://*.googletagmanager.com');
    for (const h of ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']) connect.add(h);
  }
  if (ids.adsId || ids.tagManagerId) {
    for (const h of ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com']) script.add(h);
    for (const h of ['https://www.google.com', 'https://www.google.be', 'https://googleads.g.doubleclick.net', 'https://*.doubleclick.net']) connect.add(h);
  }
  if (ids.pixelId) {
    script.add('https://connect.facebook.net');
    connect.add('https://www.facebook.com');
    connect.add('https://connect.facebook.net');
  }
  return { script: [...script], connect: [...connect] };
}

/**
 * The policy of a public page: the renderer's own inline scripts by the hashes of their fixed texts
 * (in development also Vite's own inline scripts, `devInline`), its inline styles by hash, scripts
 * and styles from this origin, the configured tags' hosts; images, frames (virtual tours, videos)
 * and media from any https origin (they come from listing data and content); no plugins; forms
 * post here only.
 */
export function pageCsp(styles: readonly string[], ids: TrackingIds, dev = false, devInline: readonly string[] = []): string {
  const tags = tagSources(ids);
  return [
    "default-src 'self'",
    `script-src 'self' ${[...OWN_SCRIPT_HASHES, ...(dev ? devInline.map(hash) : []), ...tags.script].join(' ')}`.trim(),
    // Style attributes (React's style props, module widths) are allowed; style elements only by hash.
    "style-src 'self' 'unsafe-inline'",
    dev ? "style-src-elem 'self' 'unsafe-inline'" : `style-src-elem 'self' ${styles.join(' ')}`.trim(),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''} ${tags.connect.join(' ')}`.trim(),
    "frame-src 'self' https:",
    "media-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/**
 * The editor's policy (staff only, behind a login): its scripts from this origin only, and
 * 'unsafe-eval' because its forms validate with AJV compiled in the browser from the registry's
 * schemas, which the server sends at run time; no inline script runs. Style elements inline too:
 * the live preview (an iframe with srcdoc, which shares this policy) draws the draft's own styles.
 */
export function editorCsp(inlineScripts: string[] = [], dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-eval' ${inlineScripts.map(sha256).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "frame-src 'self' https:",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/**
 * Every other answer (JSON, files, the small pages of form answers and errors): nothing runs, inline
 * style attributes only, forms post here only.
 */
export const DEFAULT_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  `report-uri ${CSP_REPORT_PATH}`,
].join('; ');

/**
 * HSTS for a year, this host and its subdomains (issue 40, point 7), sent only over TLS (directly,
 * or through a trusted proxy that says so: TRUST_PROXY). No `preload`: that is the host's choice to
 * make with the browsers' list, not the software's.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    ctx.set('Content-Security-Policy', DEFAULT_CSP);
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    await next();
  };
}
