/**
 * Files visitors send (a CV, a testimonial photo): the type is read from the content, never from
 * the name or the browser; files are stored outside the web root under a generated name.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

export type FileType = 'pdf' | 'docx' | 'jpeg' | 'png' | 'webp';

/** The kind of a file as its bytes say. */
export function sniffFile(b: Buffer): FileType | undefined {
  const at = (i: number, s: string) => b.length >= i + s.length && b.toString('latin1', i, i + s.length) === s;
  if (at(0, '%PDF-')) return 'pdf';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x89 && at(1, 'PNG\r\n')) return 'png';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  // A DOCX is a ZIP archive whose parts include word/document.xml (named in the central directory).
  if (at(0, 'PK\x03\x04') && b.includes('[Content_Types].xml') && b.includes('word/document.xml')) return 'docx';
  return undefined;
}

/** Where uploads live: DATA_DIR/uploads/{folder}/ — never served as static files. */
export const uploadDir = (dataDir: string, folder: string) => join(dataDir, 'uploads', folder);

/** Stores a checked file under a generated name; returns that name. */
export async function storeUpload(dataDir: string, folder: string, data: Buffer, type: FileType): Promise<string> {
  const dir = uploadDir(dataDir, folder);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`;
  await writeFile(join(dir, name), data, { mode: 0o600 });
  return name;
}

/** A photo made safe to publish: decoded and re-encoded (no metadata, no trailing bytes), at most 400 px. */
export async function storePortrait(dataDir: string, data: Buffer): Promise<string> {
  const webp = await sharp(data, { limitInputPixels: 40_000_000 }).rotate().resize(400, 400, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  return storeUpload(dataDir, 'testimonials', webp, 'webp');
}
