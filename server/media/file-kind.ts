/**
 * What an uploaded file is, as its first bytes say (never its name alone): the images the library
 * takes, and for anything else a kind staff recognise ("a PDF document", "a video") so that a refusal
 * can say what the file is. The name only tells camera RAW files from TIFF images (they look alike).
 */

/** Images the library can take (HEIC only where sharp has a decoder for it). */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic' | 'tiff';
/** Files it refuses, by what people call them. */
export type OtherKind =
  | 'pdf'
  | 'word'
  | 'excel'
  | 'powerpoint'
  | 'office'
  | 'opendocument'
  | 'archive'
  | 'video'
  | 'audio'
  | 'gif'
  | 'svg'
  | 'bmp'
  | 'raw'
  | 'psd'
  | 'html'
  | 'text'
  | 'program'
  | 'unknown';
export type FileKind = ImageKind | OtherKind;

export const IMAGE_KINDS: readonly ImageKind[] = ['jpeg', 'png', 'webp', 'avif', 'heic', 'tiff'];
export const isImageKind = (k: FileKind): k is ImageKind => (IMAGE_KINDS as readonly string[]).includes(k);

/** The English words for a kind (the editor has its own in each language). */
export const KIND_WORDS: Record<OtherKind | 'heic', string> = {
  pdf: 'a PDF document',
  word: 'a Word document',
  excel: 'an Excel spreadsheet',
  powerpoint: 'a PowerPoint presentation',
  office: 'an Office document',
  opendocument: 'an OpenDocument file',
  archive: 'a compressed archive (ZIP, RAR…)',
  video: 'a video',
  audio: 'a sound file',
  gif: 'a GIF animation',
  svg: 'an SVG drawing',
  bmp: 'a BMP image',
  raw: 'a camera RAW file',
  psd: 'a Photoshop file',
  html: 'a web page',
  text: 'a text file',
  program: 'a program',
  unknown: 'a file of an unknown kind',
  heic: 'an iPhone photo in HEIC format',
};

const RAW_NAME = /\.(dng|nef|nrw|arw|srf|sr2|cr2|orf|rw2|pef|raf|3fr|erf|kdc|mrw|srw|x3f)$/i;
const VIDEO_BRANDS = /^(isom|iso[2-9]|mp4[12v]|avc1|M4V |M4VP|qt {2}|3gp[4-9]|3g2[abc]|dash|f4v |mmp4|MSNV|XAVC|NDAS)$/;
const HEIF_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1|mif2)$/;

/** The kind of a file from its first bytes (64 KB are plenty) and its name. */
export function fileKind(head: Buffer, name = ''): FileKind {
  const at = (i: number, s: string) => head.length >= i + s.length && head.toString('latin1', i, i + s.length) === s;
  const bytes = (i: number, ...b: number[]) => b.every((x, j) => head[i + j] === x);
  if (bytes(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes(0, 0x89) && at(1, 'PNG\r\n\x1a\n')) return 'png';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  if (at(0, 'RIFF') && at(8, 'AVI ')) return 'video';
  if (at(0, 'RIFF') && at(8, 'WAVE')) return 'audio';
  if (at(4, 'ftyp')) return isoKind(head);
  if (at(0, 'II*\0') || at(0, 'MM\0*')) return RAW_NAME.test(name) || at(8, 'CR') ? 'raw' : 'tiff';
  if (at(0, 'IIRO') || at(0, 'IIU\0') || at(0, 'FUJIFILMCCD-RAW')) return 'raw';
  if (at(0, '%PDF-')) return 'pdf';
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'gif';
  if (at(0, 'BM') && head.length > 14 && head.readUInt32LE(2) > 14) return 'bmp';
  if (at(0, '8BPS')) return 'psd';
  if (bytes(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'video'; // Matroska, WebM
  if (head[0] === 0x47 && head[188] === 0x47) return 'video'; // MPEG transport stream
  if (at(0, 'ID3') || at(0, 'OggS') || at(0, 'fLaC') || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return 'audio';
  if (at(0, 'PK\x03\x04')) return zipKind(head);
  if (bytes(0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return officeKind(name);
  if (at(0, '{\\rtf')) return 'word';
  if (at(0, 'Rar!\x1a\x07') || bytes(0, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) || bytes(0, 0x1f, 0x8b)) return 'archive';
  if (at(0, 'MZ') || at(0, '\x7fELF')) return 'program';
  return textKind(head);
}

/** ISO base media files (MP4, MOV, HEIC, AVIF, Canon CR3) by their brands. */
function isoKind(head: Buffer): FileKind {
  const size = Math.min(head.length, Math.max(16, head.readUInt32BE(0)));
  const brands: string[] = [];
  for (let i = 8; i + 4 <= size; i += 4) if (i !== 12) brands.push(head.toString('latin1', i, i + 4));
  if (brands.includes('crx ')) return 'raw';
  if (brands[0] === 'avif' || brands[0] === 'avis') return 'avif';
  if (HEIF_BRANDS.test(brands[0] ?? '')) return brands.includes('avif') && !brands.some((b) => b.startsWith('he')) ? 'avif' : 'heic';
  if (brands[0] === 'M4A ' || brands[0] === 'M4B ') return 'audio';
  if (VIDEO_BRANDS.test(brands[0] ?? '') || brands.some((b) => VIDEO_BRANDS.test(b))) return 'video';
  return 'unknown';
}

/** A ZIP archive: an Office or OpenDocument file by the parts it names, else an archive. */
function zipKind(head: Buffer): FileKind {
  if (head.toString('latin1', 30, 38) === 'mimetype' && head.includes('application/vnd.oasis.opendocument')) return 'opendocument';
  if (head.includes('word/')) return 'word';
  if (head.includes('xl/')) return 'excel';
  if (head.includes('ppt/')) return 'powerpoint';
  return 'archive';
}

/** An old Office file (Word 97–2003, Excel, PowerPoint share one container): by its name when it says. */
function officeKind(name: string): FileKind {
  if (/\.(doc|dot)$/i.test(name)) return 'word';
  if (/\.(xls|xlt)$/i.test(name)) return 'excel';
  if (/\.(ppt|pps|pot)$/i.test(name)) return 'powerpoint';
  return 'office';
}

/** Text of some kind (an SVG drawing, a web page, plain text), or unknown bytes. */
function textKind(head: Buffer): FileKind {
  const sample = head.subarray(0, 4096);
  if (sample.includes(0)) return 'unknown';
  const text = sample.toString('utf8').replace(/^\uFEFF/, '');
  // A character cut at the end of the sample is not a sign of binary data.
  if (text.slice(0, -3).includes('\uFFFD')) return 'unknown';
  const lower = text.trimStart().slice(0, 1024).toLowerCase();
  if (/<svg[\s>]/.test(lower)) return 'svg';
  if (lower.startsWith('<!doctype html') || lower.startsWith('<html') || /<(head|body)[\s>]/.test(lower)) return 'html';
  return 'text';
}
