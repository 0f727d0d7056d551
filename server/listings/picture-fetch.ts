/**
 * Fetching a listing picture from the CRM's picture CDN without letting a listing record turn the
 * server into a proxy: http/https only, only hosts the site config allows, never a non-public
 * address (checked when the connection is made, so a DNS answer that changes between the check and
 * the connection cannot slip through), every redirect checked the same way, a time limit and a
 * size limit enforced while the body arrives.
 */
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Why a picture cannot be had: gone for good (404, 410, not an image, too large), refused (not allowed), or unavailable now (time-out, network, 5xx). */
export type PictureFailure = 'gone' | 'refused' | 'unavailable';

export class PictureError extends Error {
  constructor(
    readonly failure: PictureFailure,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses

const v4 = new BlockList();
const V4_RANGES: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const v4Reasons = V4_RANGES.map(([net, prefix, reason]) => {
  const one = new BlockList();
  one.addSubnet(net, prefix, 'ipv4');
  v4.addSubnet(net, prefix, 'ipv4');
  return { list: one, reason };
});

const V6_RANGES: Array<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['2001::', 32, 'Teredo'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];
const v6Reasons = V6_RANGES.map(([net, prefix, reason]) => {
  const one = new BlockList();
  one.addSubnet(net, prefix, 'ipv6');
  return { list: one, reason };
});

/** The 16 bytes of an IPv6 address (any textual form, with an embedded IPv4 tail or not). */
function ipv6Bytes(ip: string): number[] | null {
  let s = ip
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0];
  // An embedded IPv4 tail ("::ffff:10.0.0.1"): what follows the last colon, when it has dots.
  const last = s.slice(s.lastIndexOf(':') + 1);
  const tail = last.includes('.') ? last : '';
  let tailBytes: number[] = [];
  if (tail) {
    if (isIP(tail) !== 4) return null;
    tailBytes = tail.split('.').map(Number);
    s = s.slice(0, -tail.length);
    if (s.endsWith(':') && !s.endsWith('::')) s = s.slice(0, -1);
  }
  const groupsNeeded = 8 - tailBytes.length / 2;
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const parse = (part: string) => (part ? part.split(':') : []);
  const h = parse(head);
  const r = rest === undefined ? [] : parse(rest);
  const groups = rest === undefined ? h : [...h, ...Array(groupsNeeded - h.length - r.length).fill('0'), ...r];
  if (groups.length !== groupsNeeded || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return [...groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]), ...tailBytes];
}

/**
 * Why an address is not a public unicast address (loopback, private, link-local, unique-local,
 * CGNAT, multicast, unspecified, documentation, reserved…), or null when it is public. IPv4-mapped,
 * IPv4-compatible, NAT64 and 6to4 IPv6 addresses are judged by the IPv4 address they carry.
 */
export function nonPublicReason(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0]);
  if (family === 4) {
    if (bare === '255.255.255.255') return 'broadcast';
    return v4.check(bare, 'ipv4') ? v4Reasons.find((r) => r.list.check(bare, 'ipv4'))!.reason : null;
  }
  if (family !== 6) return 'not an IP address';
  const b = ipv6Bytes(bare);
  if (!b) return 'not an IP address';
  const v4Of = (at: number) => b.slice(at, at + 4).join('.');
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64), 2002:aabb:ccdd:: (6to4)
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return nonPublicReason(v4Of(12));
  if (zero(0, 12) && !zero(12, 16) && !(zero(12, 15) && b[15] === 1)) return nonPublicReason(v4Of(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return nonPublicReason(v4Of(12));
  if (b[0] === 0x20 && b[1] === 0x02) return nonPublicReason(v4Of(2));
  const text = bare.split('%')[0];
  for (const r of v6Reasons) if (r.list.check(text, 'ipv6')) return r.reason;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Hosts

/** A host name as compared: lower case, without a trailing dot or IPv6 brackets. */
export const normalizeHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');

/**
 * Whether `host` is one of the allowed hosts: an entry is an exact host name (pictures.crm.example)
 * or `*.domain`, which allows every host below that domain (a.crm.example, b.c.crm.example, not
 * crm.example itself).
 */
export function hostAllowed(host: string, allowed: readonly string[] | undefined): boolean {
  const h = normalizeHost(host);
  if (!h) return false;
  return (allowed ?? []).some((entry) => {
    const e = normalizeHost(entry.trim());
    if (e.startsWith('*.')) {
      const suffix = e.slice(1); // ".crm.example"
      return suffix.length > 1 && h.endsWith(suffix) && h.length > suffix.length;
    }
    return e === h;
  });
}

// ---------------------------------------------------------------------------------------------
// The connection

type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A `lookup` for http(s) requests that resolves the host and refuses the connection when any of its
 * addresses is not public (unless `allowPrivate`). Node connects to the address this returns, so
 * what was checked is what is used.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver): LookupFunction {
  return ((hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses ?? [];
      if (!list.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
      if (!allowPrivate) {
        for (const a of list) {
          const reason = nonPublicReason(a.address);
          if (reason) return callback(new PictureError('refused', `${hostname} resolves to ${a.address} (${reason})`));
        }
      }
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  }) as LookupFunction;
}

export interface FetchPictureOptions {
  /** Allowed hosts (site.json → listings.pictureHosts). */
  hosts: readonly string[];
  allowPrivate: boolean;
  /** Whole request, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** For tests: the resolver behind the guarded lookup. */
  resolve?: Resolver;
}

/** Why `url` may not be fetched at all (scheme, host, literal address), or null. */
export function refusalOf(url: string, hosts: readonly string[], allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `${u.protocol.replace(':', '')} URLs are not fetched`;
  if (u.username || u.password) return 'URLs with credentials are not fetched';
  if (!hostAllowed(u.hostname, hosts)) return `host ${u.hostname} is not in site.json listings.pictureHosts`;
  const literal = normalizeHost(u.hostname);
  if (isIP(literal) && !allowPrivate) {
    const reason = nonPublicReason(literal);
    if (reason) return `${literal} is a ${reason} address`;
  }
  return null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Vitrine listing pictures';

/**
 * The bytes of the picture at `url`, after at most `maxRedirects` redirects; throws PictureError
 * saying whether it is gone, refused or unavailable. The content is not judged here (see sharp).
 */
export async function fetchPicture(url: string, o: FetchPictureOptions): Promise<Buffer> {
  const deadline = Date.now() + o.timeoutMs;
  const lookup = guardedLookup(o.allowPrivate, o.resolve);
  let current = url;
  for (let hop = 0; ; hop++) {
    const refusal = refusalOf(current, o.hosts, o.allowPrivate);
    if (refusal) throw new PictureError('refused', hop ? `redirected to ${current}: ${refusal}` : refusal);
    const answer = await request(current, lookup, deadline, o.maxBytes);
    if ('location' in answer) {
      if (hop >= o.maxRedirects) throw new PictureError('gone', `more than ${o.maxRedirects} redirects`);
      current = new URL(answer.location, current).toString();
      continue;
    }
    return answer.body;
  }
}

function request(url: string, lookup: LookupFunction, deadline: number, maxBytes: number): Promise<{ body: Buffer } | { location: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const client = u.protocol === 'https:' ? https : http;
    const left = deadline - Date.now();
    if (left <= 0) return reject(new PictureError('unavailable', 'time-out'));
    let settled = false;
    const fail = (e: PictureError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(e);
    };
    const req = client.get(u, { lookup, agent: false, headers: { 'user-agent': USER_AGENT, accept: 'image/*' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        settled = true;
        clearTimeout(timer);
        req.destroy();
        return resolve({ location: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        const failure: PictureFailure = status === 408 || status === 425 || status === 429 || status >= 500 || status < 400 ? 'unavailable' : 'gone';
        return fail(new PictureError(failure, `the picture server answered ${status}`));
      }
      const type = String(res.headers['content-type'] ?? '');
      if (/^(text\/|application\/(json|xml|xhtml))/i.test(type)) return fail(new PictureError('gone', `not an image (${type})`));
      const length = Number(res.headers['content-length']);
      if (Number.isFinite(length) && length > maxBytes) return fail(new PictureError('gone', `larger than ${maxBytes} bytes (${length})`));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) return fail(new PictureError('gone', `larger than ${maxBytes} bytes`));
        chunks.push(c);
      });
      res.on('end', () => {
        if (settled) return;
        if (!res.complete) return fail(new PictureError('unavailable', 'the connection closed early'));
        settled = true;
        clearTimeout(timer);
        resolve({ body: Buffer.concat(chunks) });
      });
      res.on('aborted', () => fail(new PictureError('unavailable', 'the connection closed early')));
      res.on('error', (e) => fail(e instanceof PictureError ? e : new PictureError('unavailable', e.message)));
    });
    const timer = setTimeout(() => fail(new PictureError('unavailable', 'time-out')), left);
    req.on('error', (e) => fail(e instanceof PictureError ? e : new PictureError('unavailable', (e as NodeJS.ErrnoException).code ?? e.message)));
  });
}
