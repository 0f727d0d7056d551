/**
 * Files visitors send (a CV, a testimonial photo): the type is read from the content, never from
 * the name or the browser; files are stored outside the web root under a generated name.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { BlobStore } from '../storage/index.ts';
import { isDocx } from './zip-parts.ts';

export type FileType = 'pdf' | 'docx' | 'jpeg' | 'png' | 'webp';

/** The kind of a file as its bytes say. */
export function sniffFile(b: Buffer): FileType | undefined {
  const at = (i: number, s: string) => b.length >= i + s.length && b.toString('latin1', i, i + s.length) === s;
  if (at(0, '%PDF-')) return 'pdf';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x89 && at(1, 'PNG\r\n')) return 'png';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  // A DOCX is a ZIP archive whose central directory lists its parts (server/forms/zip-parts.ts).
  if (at(0, 'PK\x03\x04') && isDocx(b)) return 'docx';
  return undefined;
}

/** Stores a checked file under a generated name in the uploads' `folder` (never served as a static file); returns that name. */
export async function storeUpload(uploads: BlobStore, folder: string, data: Buffer, type: FileType): Promise<string> {
  const name = `${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`;
  await uploads.put(`${folder}/${name}`, data);
  return name;
}

/** A photo made safe to publish: decoded and re-encoded (no metadata, no trailing bytes), at most 400 px. */
export async function storePortrait(uploads: BlobStore, data: Buffer): Promise<string> {
  const webp = await sharp(data, { limitInputPixels: 40_000_000 }).rotate().resize(400, 400, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  return storeUpload(uploads, 'testimonials', webp, 'webp');
}
