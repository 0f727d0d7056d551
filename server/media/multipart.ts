/**
 * One file out of a multipart/form-data body, streamed into a scratch file as it arrives: the body
 * is never held in memory (a 50 MB photo costs the same memory as a small one), it is cut off past
 * `maxBytes`, and a body with any other field, a second file or no file is refused naming it.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ScratchFile, ScratchFiles } from '../storage/index.ts';
import { mediaError } from './errors.ts';

/** What is kept in memory of the file: its first bytes, to tell what it is. */
export const HEAD_BYTES = 64 * 1024;
/** A part's headers (Content-Disposition, Content-Type) fit in this. */
const MAX_HEADER_BYTES = 16 * 1024;

export interface ReceivedFile {
  /** The file name the browser sent (as typed by the uploader: only ever shown). */
  name: string;
  size: number;
  head: Buffer;
  file: ScratchFile;
}

/** The boundary of a multipart/form-data Content-Type, else undefined. */
export function boundaryOf(contentType: string): string | undefined {
  const m = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

function dispositionOf(headers: string): { name?: string; filename?: string } {
  const line = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
  const param = (key: string) =>
    new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(line)?.[1] ?? new RegExp(`;\\s*${key}=([^;\\s]+)`, 'i').exec(line)?.[1];
  const star = /;\s*filename\*=utf-8''([^;\s]+)/i.exec(line)?.[1];
  let filename = param('filename');
  if (star) {
    try {
      filename = decodeURIComponent(star);
    } catch {
      /* the plain filename stays */
    }
  }
  return { name: param('name'), filename: filename?.replace(/%22/g, '"').replace(/\\(.)/g, '$1') };
}

/**
 * Reads the body into a scratch file. Throws a media refusal (413 past `maxBytes`, 400 for a body
 * that is not one file); the scratch file is removed then. On success the caller removes it.
 */
export async function receiveFile(body: Readable, boundary: string, scratch: ScratchFiles, maxBytes: number): Promise<ReceivedFile> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const tooLarge = () => mediaError(413, 'tooLarge', `the file is too large (at most ${maxBytes / 1024 / 1024} MB).`, { maxMB: maxBytes / 1024 / 1024 });
  const unreadable = () => mediaError(400, 'unreadable', 'the multipart body cannot be read.');
  // The first boundary has no CRLF before it: one is put in front so that every delimiter looks alike.
  let buf: Buffer = Buffer.from('\r\n');
  let state: 'preamble' | 'headers' | 'file' | 'after' | 'done' = 'preamble';
  let received = 0;
  let file: ScratchFile | undefined;
  let name = '';
  let size = 0;
  const heads: Buffer[] = [];
  let headSize = 0;

  const write = async (chunk: Buffer) => {
    if (!chunk.length) return;
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    if (headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - headSize);
      heads.push(Buffer.from(part));
      headSize += part.length;
    }
    if (!file!.stream.write(chunk)) await once(file!.stream, 'drain');
  };

  try {
    for await (const chunk of body) {
      received += (chunk as Buffer).length;
      // The file and the multipart framing around it (boundaries, a part's headers).
      if (received > maxBytes + 2 * MAX_HEADER_BYTES) throw tooLarge();
      buf = buf.length ? Buffer.concat([buf, chunk as Buffer]) : (chunk as Buffer);
      for (;;) {
        if (state === 'preamble' || state === 'after') {
          const at = state === 'preamble' ? buf.indexOf(delimiter) : 0;
          if (at < 0 || buf.length < at + delimiter.length + 2) {
            if (state === 'preamble' && buf.length > MAX_HEADER_BYTES) throw unreadable();
            break;
          }
          const tail = buf.toString('latin1', at + delimiter.length, at + delimiter.length + 2);
          if (tail === '--') {
            state = 'done';
            buf = Buffer.alloc(0);
            break;
          }
          if (tail !== '\r\n') throw unreadable();
          buf = buf.subarray(at + delimiter.length + 2);
          state = 'headers';
        }
        if (state === 'headers') {
          const end = buf.indexOf('\r\n\r\n');
          if (end > MAX_HEADER_BYTES || (end < 0 && buf.length > MAX_HEADER_BYTES)) throw unreadable();
          if (end < 0) break;
          const d = dispositionOf(buf.toString('utf8', 0, end));
          buf = buf.subarray(end + 4);
          if (d.name !== 'file')
            throw mediaError(400, 'unknownField', `is not a field of this request (expected file)`, { name: d.name ?? '' }, d.name || 'field');
          if (file) throw mediaError(400, 'oneFile', 'send one image at a time.');
          if (d.filename === undefined) throw mediaError(400, 'noFile', 'choose an image to upload.');
          name = d.filename;
          file = await scratch.create();
          state = 'file';
        }
        if (state === 'file') {
          const at = buf.indexOf(delimiter);
          if (at < 0) {
            // All but what could be the start of the delimiter goes to the file.
            const keep = Math.min(buf.length, delimiter.length - 1);
            await write(buf.subarray(0, buf.length - keep));
            buf = Buffer.from(buf.subarray(buf.length - keep));
            break;
          }
          await write(buf.subarray(0, at));
          buf = buf.subarray(at);
          state = 'after';
          continue;
        }
        if (state === 'done') break;
      }
    }
    if (state !== 'done') throw file ? unreadable() : mediaError(400, 'noFile', 'choose an image to upload.');
    if (!file) throw mediaError(400, 'noFile', 'choose an image to upload.');
    const f = file;
    f.stream.end();
    await once(f.stream, 'finish');
    return { name, size, head: Buffer.concat(heads), file: f };
  } catch (e) {
    await file?.remove();
    throw e;
  }
}
