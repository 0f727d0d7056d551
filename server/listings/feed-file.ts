/**
 * A CRM export as bytes — a file on the server, a file uploaded in the editor, the feed's answer —
 * read as a stream of JSON (stream-json's tokenizer into feed-stream.ts, which keeps only what the
 * site uses): a byte-order mark allowed (Windows exports write one), gzip unpacked as it is read
 * (CRMs send `.json.gz`), refused past the size limit (LISTINGS_MAX_MB, limits.ts) as sent and once
 * unpacked, before more than that is read; anything else is named for what it is (a PDF, a
 * spreadsheet, a web page…) rather than reported as a JSON syntax error.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { jsonParser } from 'stream-json/core/parser.js';
import type { Reason } from '../storage/listing-sets.ts';
import type { SchemaRegistry } from '../config/schemas.ts';
import { FeedChecker, type FeedProblem, type FeedResult, type NormaliseOptions } from './feed.ts';
import { FeedBoundError, FeedBuilder, type Token } from './feed-stream.ts';
import { DEFAULT_LISTINGS_MAX_MB, MB } from './limits.ts';

/** The default limit, as sent and once unpacked. */
export const FEED_MAX_BYTES = DEFAULT_LISTINGS_MAX_MB * MB;

/** The built feed and what was left out while reading it, or why it cannot be read. */
export type FeedRead =
  | { raw: unknown; problems: FeedProblem[]; checked?: FeedResult; readError?: undefined }
  | { raw?: undefined; problems?: undefined; checked?: undefined; readError: Reason };

export interface FeedReadOptions {
  schemas: SchemaRegistry;
  /** Bytes, as sent and once unpacked (default FEED_MAX_BYTES). */
  maxBytes?: number;
  /**
   * Each record checked as it is read (feed.ts's FeedChecker), only the kept ones held: `checked`
   * is the import's feed and `raw`'s lists are left empty. Imports use it; without it `raw` is the file.
   */
  check?: boolean;
  onProgress?: NormaliseOptions['onProgress'];
}

const mb = (n: number) => Math.round(n / MB);
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

type Source = () => AsyncIterable<Buffer>;
const tick = () => new Promise<void>((r) => setImmediate(r));
/** Text fed to the tokenizer at a time (a server keeps serving between two). */
const PIECE = 64 * 1024;

class TooLarge extends Error {
  constructor(readonly unpacked: boolean) {
    super('too large');
  }
}

/** The source's bytes, gzip unpacked, each side counted against `max`. */
async function* bytesOf(open: Source, max: number): AsyncGenerator<Buffer> {
  let sent = 0;
  const counted = async function* () {
    for await (const chunk of open()) {
      sent += chunk.length;
      if (sent > max) throw new TooLarge(false);
      yield chunk;
    }
  };
  const it = counted()[Symbol.asyncIterator]();
  let first = await it.next();
  // Two bytes tell gzip: a first chunk of one byte is joined to the next.
  while (!first.done && first.value.length < 2) {
    const next = await it.next();
    if (next.done) break;
    first = { done: false, value: Buffer.concat([first.value, next.value]) };
  }
  if (first.done) return;
  const rest = async function* () {
    yield first.value as Buffer;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  };
  if (!(first.value[0] === 0x1f && first.value[1] === 0x8b)) {
    yield* rest();
    return;
  }
  const gunzip = createGunzip();
  const feeding = (async () => {
    try {
      for await (const chunk of rest()) if (!gunzip.write(chunk)) await new Promise((r) => gunzip.once('drain', r));
      gunzip.end();
    } catch (e) {
      gunzip.destroy(e as Error);
    }
  })();
  let unpacked = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > max) throw new TooLarge(true);
      yield chunk;
    }
  } finally {
    gunzip.destroy();
    await feeding;
  }
}

/** The decoded text of the source, in pieces of at most PIECE characters, without the byte-order mark. */
async function* textOf(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of bytes) {
    let text = decoder.write(chunk);
    if (first && text) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    for (let i = 0; i < text.length; i += PIECE) yield text.slice(i, i + PIECE);
  }
  const end = decoder.end();
  if (end) yield end;
}

const TOKENIZER = { packKeys: false, streamKeys: true, packStrings: false, streamStrings: true, packNumbers: false, streamNumbers: true };
type Tokens = { values: Token[] } | symbol;
const none = Symbol.for('object-stream.none');

/**
 * Where the JSON breaks, as line and column: the text read again up to `before` characters, then
 * one character at a time until the tokenizer stops (the error path only; memory stays bounded).
 */
async function breakAt(open: Source, max: number, before: number): Promise<{ line: number; column: number }> {
  const tokenize = jsonParser(TOKENIZER) as unknown as (s: string | symbol) => Tokens;
  let line = 1;
  let column = 1;
  let seen = 0;
  const count = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      if (s.charCodeAt(i) === 10) {
        line++;
        column = 1;
      } else column++;
    }
  };
  try {
    for await (const piece of textOf(bytesOf(open, max))) {
      if (seen + piece.length <= before) {
        tokenize(piece);
        count(piece);
        seen += piece.length;
        continue;
      }
      for (let i = 0; i < piece.length; i++) {
        tokenize(piece[i]);
        count(piece[i]);
      }
      seen += piece.length;
    }
    tokenize(none);
  } catch {
    return { line, column };
  }
  return { line, column };
}

/** What the tokenizer's message says, without its prefix: "expected an object key". */
const jsonWhat = (message: string) => message.replace(/^Parser (cannot parse input: |has )/, '');

/**
 * Reads a CRM export from `open` (called again only to say where broken JSON breaks): the records
 * the site uses, what was left out on the way, or why it cannot be read. `size`, when known, is
 * checked before anything is read.
 */
export async function readFeedSource(open: Source, opts: FeedReadOptions, size?: number): Promise<FeedRead> {
  const max = opts.maxBytes ?? FEED_MAX_BYTES;
  const tooLarge = () =>
    fail('tooLarge', `the file is larger than ${mb(max)} MB (the limit set by LISTINGS_MAX_MB): nothing of it was imported`, { mb: mb(max) });
  if (size !== undefined && size > max) return tooLarge();
  if (size === 0) return fail('empty', 'the file is empty');
  const checker = opts.check ? new FeedChecker(opts.schemas, opts.onProgress) : undefined;
  const builder = new FeedBuilder(opts.schemas, checker);
  const tokenize = jsonParser(TOKENIZER) as unknown as (s: string | symbol) => Tokens;
  const feed = (tokens: Tokens) => {
    if (typeof tokens !== 'symbol') for (const t of tokens.values) builder.token(t);
  };
  let head = '';
  let checked = false;
  let read = 0;
  let sniffed: Buffer | null = Buffer.alloc(0);
  const bytes = bytesOf(open, max);
  // The first bytes are kept to name what a file that is not JSON is.
  const sniffing = async function* () {
    for await (const b of bytes) {
      if (sniffed && sniffed.length < 1024) sniffed = Buffer.concat([sniffed, b.subarray(0, 1024 - sniffed.length)]);
      yield b;
    }
  };
  try {
    let n = 0;
    for await (const piece of textOf(sniffing())) {
      if (!checked) {
        head += piece;
        const start = head.trimStart();
        if (!start) continue;
        checked = true;
        if (start[0] !== '{' && start[0] !== '[') {
          const kind = sniffKind(sniffed ?? Buffer.alloc(0));
          return fail('notJson', `the file is ${KIND_WORDS[kind]}, not the CRM's export in JSON`, { kind });
        }
        sniffed = null;
        feed(tokenize(head));
        read += head.length;
        head = '';
      } else {
        feed(tokenize(piece));
        read += piece.length;
      }
      if (++n % 4 === 0) await tick();
    }
    if (!checked)
      return sniffed && sniffed.length && sniffKind(sniffed) === 'binary'
        ? fail('notJson', `the file is ${KIND_WORDS.binary}, not the CRM's export in JSON`, { kind: 'binary' })
        : fail('empty', 'the file is empty');
    feed(tokenize(none));
  } catch (e) {
    if (e instanceof TooLarge)
      return e.unpacked
        ? fail('unpackedTooLarge', `the packed file holds more than ${mb(max)} MB (the limit set by LISTINGS_MAX_MB): nothing of it was imported`, {
            mb: mb(max),
          })
        : tooLarge();
    if (e instanceof FeedBoundError) return fail(e.code, e.message, e.params);
    if ((e as NodeJS.ErrnoException).code?.startsWith('Z_')) return fail('packedBroken', 'the packed (gzip) file is damaged or cut short');
    const what = jsonWhat((e as Error).message);
    if (!/^Parser /.test((e as Error).message)) throw e;
    const at = await breakAt(open, max, read).catch(() => undefined);
    return at
      ? fail('badJson', `the file is not valid JSON: ${what} at line ${at.line}, column ${at.column}`, at)
      : fail('badJson', `the file is not valid JSON: ${what}`);
  }
  const built = builder.result();
  return checker ? { ...built, checked: checker.finish(built.raw) } : built;
}

/** A feed's bytes (an upload, the sync's download), read as a stream. */
export function parseFeedBytes(input: Buffer, opts: FeedReadOptions): Promise<FeedRead> {
  const open = async function* () {
    for (let i = 0; i < input.length; i += PIECE) yield input.subarray(i, i + PIECE);
  };
  return readFeedSource(open, opts, input.length);
}

/**
 * Reads a feed as it arrives (an upload's request body): nothing of it is held beyond the piece being
 * read. A copy goes to a temporary file only so that broken JSON can be read again to say where it
 * breaks (line and column); it is removed before this resolves.
 */
export async function readFeedStream(body: AsyncIterable<Buffer>, opts: FeedReadOptions): Promise<FeedRead> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-feed-'));
  const copy = join(dir, 'feed.json');
  const out = createWriteStream(copy, { mode: 0o600 });
  // The copy is for the error message only: if it cannot be written, the error says less, nothing more.
  let copying = true;
  out.on('error', () => (copying = false));
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  let opened = false;
  const open: Source = () => {
    if (opened)
      return (async function* () {
        out.end();
        await finished(out);
        yield* createReadStream(copy, { highWaterMark: PIECE }) as AsyncIterable<Buffer>;
      })();
    opened = true;
    return (async function* () {
      for await (const chunk of body) {
        if (copying && !out.write(chunk)) await drained();
        yield chunk;
      }
    })();
  };
  try {
    return await readFeedSource(open, opts);
  } finally {
    out.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads a feed file on the server (`npm run import`, the data folder's legacy file) as a stream: refused by its size before it is read. */
export async function readFeedFile(path: string, opts: FeedReadOptions): Promise<FeedRead> {
  const name = basename(path);
  let size: number;
  try {
    const s = await stat(path);
    if (s.isDirectory()) return fail('fileFolder', `${path} is a folder, not a file`, { name });
    size = s.size;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fail('fileMissing', `${path} does not exist`, { name });
    if (code === 'EACCES') return fail('fileDenied', `${path} may not be read (permissions)`, { name });
    return fail('fileUnreadable', `${path} cannot be read (${(e as Error).message})`, { name });
  }
  try {
    return await readFeedSource(() => createReadStream(path, { highWaterMark: PIECE }), opts, size);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES') return fail('fileDenied', `${path} may not be read (permissions)`, { name });
    return fail('fileUnreadable', `${path} cannot be read (${(e as Error).message})`, { name });
  }
}
