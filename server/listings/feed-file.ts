/**
 * A CRM export as bytes — a file on the server, a file uploaded in the editor, the feed's answer —
 * read as JSON: a byte-order mark allowed (Windows exports write one), gzip unpacked (CRMs send
 * `.json.gz`), within a size bound; anything else is named for what it is (a PDF, a spreadsheet, a
 * web page…) rather than reported as a JSON syntax error.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Reason } from '../storage/listing-sets.ts';

const unzip = promisify(gunzip);

/** A feed larger than this is not read (a CRM export of 100,000 properties is about 450 MB). */
export const FEED_MAX_BYTES = 512 * 1024 * 1024;

/** The parsed feed, or why it cannot be read. */
export type FeedRead = { raw: unknown; readError?: undefined } | { raw?: undefined; readError: Reason };

const mb = (n: number) => Math.round(n / (1024 * 1024));
const fail = (code: string, text: string, params?: Reason['params']): FeedRead => ({ readError: { code, text, ...(params ? { params } : {}) } });

/** What a file that is not JSON text is, from its first bytes. */
export function sniffKind(buf: Buffer): 'pdf' | 'zip' | 'office' | 'image' | 'html' | 'xml' | 'binary' | 'text' {
  const head = buf.subarray(0, 16);
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'office';
  if (
    starts(0xff, 0xd8, 0xff) ||
    starts(0x89, 0x50, 0x4e, 0x47) ||
    starts(0x47, 0x49, 0x46, 0x38) ||
    (starts(0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString() === 'WEBP')
  )
    return 'image';
  const text = buf
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<?xml')) return 'xml';
  if (text.startsWith('<')) return 'html';
  if (buf.subarray(0, 1024).includes(0)) return 'binary';
  return 'text';
}

const KIND_WORDS: Record<ReturnType<typeof sniffKind>, string> = {
  pdf: 'a PDF document',
  zip: 'a ZIP archive (or an Excel or Word file)',
  office: 'an Excel or Word file',
  image: 'an image',
  html: 'a web page',
  xml: 'an XML file',
  binary: 'not text',
  text: 'text that is not JSON',
};

/** Where a JSON.parse error happened, as line and column. */
function position(text: string, message: string): { line: number; column: number } | undefined {
  const m = /position (\d+)/.exec(message);
  if (!m) return undefined;
  const before = text.slice(0, Number(m[1]));
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/** A feed's bytes as JSON (gzip unpacked first, to at most `maxBytes`). */
export async function parseFeedBytes(input: Buffer, maxBytes = FEED_MAX_BYTES): Promise<FeedRead> {
  let buf = input;
  if (!buf.length) return fail('empty', 'the file is empty');
  if (buf[0] === 0x1f && buf[1] === 0x8b) {
    try {
      buf = await unzip(buf, { maxOutputLength: maxBytes });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError)
        return fail('unpackedTooLarge', `the packed file holds more than ${mb(maxBytes)} MB`, { mb: mb(maxBytes) });
      return fail('packedBroken', 'the packed (gzip) file is damaged or cut short');
    }
    if (!buf.length) return fail('empty', 'the file is empty');
  }
  if (buf.length > maxBytes) return fail('tooLarge', `the file is larger than ${mb(maxBytes)} MB`, { mb: mb(maxBytes) });
  let text: string;
  try {
    text = buf.toString('utf8');
  } catch {
    return fail('tooLarge', `the file is too large to read (${mb(buf.length)} MB)`, { mb: mb(buf.length) });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') {
    const kind = sniffKind(buf);
    if (!text.trim()) return fail('empty', 'the file is empty');
    return fail('notJson', `the file is ${KIND_WORDS[kind]}, not the CRM's export in JSON`, { kind });
  }
  try {
    return { raw: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = position(text, message);
    const cut = message.indexOf(' in JSON at position ');
    const what = (cut >= 0 ? message.slice(0, cut) : message).replace(/ \(line \d+ column \d+\)$/, '');
    return at
      ? fail('badJson', `the file is not valid JSON: ${what} at line ${at.line}, column ${at.column}`, at)
      : fail('badJson', `the file is not valid JSON: ${what}`);
  }
}

/** Reads a feed file on the server (`npm run import`): its JSON, or why it cannot be read. */
export async function readFeedFile(path: string): Promise<FeedRead> {
  const name = basename(path);
  let buf: Buffer;
  try {
    if ((await stat(path)).isDirectory()) return fail('fileFolder', `${path} is a folder, not a file`, { name });
    buf = await readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fail('fileMissing', `${path} does not exist`, { name });
    if (code === 'EACCES') return fail('fileDenied', `${path} may not be read (permissions)`, { name });
    return fail('fileUnreadable', `${path} cannot be read (${(e as Error).message})`, { name });
  }
  return parseFeedBytes(buf);
}
