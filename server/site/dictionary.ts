/**
 * The dictionary of a language as a file of its own (`/i18n/{lang}.{content version}.json`): pages
 * do not embed it (it was half of every page's data), the browser loads it once per content version
 * and keeps it. Made and compressed once per dictionary object.
 */
import type Router from '@koa/router';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Dictionary } from '../../shared/format.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import type { SiteHolder } from './holder.ts';
import { chosenEncoding } from '../http/compress.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Where the browser loads the dictionary of `lang` for a content version (the route below reads it back). */
export function messagesPath(lang: Lang, version: string): string {
  return `/i18n/${lang}.${encodeURIComponent(version)}.json`;
}

interface Encoded {
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
}
const encoded = new WeakMap<Dictionary, Promise<Encoded>>();

/** The dictionary as JSON, Brotli and gzip, made once per dictionary object on libuv's pool (not the event loop). */
function encode(messages: Dictionary): Promise<Encoded> {
  let e = encoded.get(messages);
  if (!e) {
    const json = Buffer.from(JSON.stringify(messages));
    e = Promise.all([brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip(json, { level: 9 })]).then(([br, gz]) => ({
      json,
      br,
      gzip: gz,
    }));
    encoded.set(messages, e);
  }
  return e;
}

export function dictionaryRoute(router: Router, sites: SiteHolder) {
  router.get('/i18n/:file', async (ctx) => {
    const m = /^([a-z]{2})\.([^/]{1,100})\.json$/.exec(ctx.params.file);
    const site = await sites.current();
    const lang = (m?.[1] ?? '') as Lang;
    if (!m || !LANGUAGES.includes(lang) || !site.routes.enabled.includes(lang)) {
      ctx.status = 404;
      ctx.body = { error: 'no such dictionary: /i18n/{nl|fr|en}.{version}.json', field: 'path' };
      return;
    }
    const shell = site.shell(lang);
    // The current version is kept for good; an older page asking gets today's texts, not kept.
    const current = m[2] === site.content.version; // the router has decoded the path
    const e = await encode(shell.messages);
    ctx.set('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.type = 'application/json; charset=utf-8';
    ctx.vary('Accept-Encoding');
    const encoding = chosenEncoding(ctx, 'br-gzip');
    if (encoding === 'br') ctx.set('Content-Encoding', 'br');
    else if (encoding === 'gzip') ctx.set('Content-Encoding', 'gzip');
    ctx.body = encoding === 'br' ? e.br : encoding === 'gzip' ? e.gzip : e.json;
  });
}
