/**
 * The names of the parts of a ZIP archive, read from its central directory (issue 40, point 6): a
 * DOCX is told apart by the parts the archive really holds, not by names found anywhere in its
 * bytes. The end-of-central-directory record is looked for in the archive's last 64 KB; each
 * entry of the directory must be whole and point at a local header inside the file. Archives in
 * the ZIP64 form, split ones and directories of more than ZIP_MAX_ENTRIES entries are not read.
 */

/** The most entries read from one archive's directory (a Word document has a few dozen). */
export const ZIP_MAX_ENTRIES = 2_000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const MAX_COMMENT = 0xffff;

/** The part names of a ZIP archive, or undefined when the bytes are not a whole, readable one. */
export function zipPartNames(b: Buffer): string[] | undefined {
  if (b.length < EOCD_SIZE || b.readUInt32LE(0) !== LOCAL) return undefined;
  // The end record: the last one whose comment reaches exactly to the end of the file.
  let end = -1;
  for (let at = b.length - EOCD_SIZE; at >= Math.max(0, b.length - EOCD_SIZE - MAX_COMMENT); at--) {
    if (b.readUInt32LE(at) === EOCD && at + EOCD_SIZE + b.readUInt16LE(at + 20) === b.length) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const disk = b.readUInt16LE(end + 4);
  const cdDisk = b.readUInt16LE(end + 6);
  const here = b.readUInt16LE(end + 8);
  const count = b.readUInt16LE(end + 10);
  const size = b.readUInt32LE(end + 12);
  const offset = b.readUInt32LE(end + 16);
  if (disk !== 0 || cdDisk !== 0 || here !== count || count === 0 || count === 0xffff || count > ZIP_MAX_ENTRIES) return undefined;
  if (offset === 0xffffffff || offset + size > end) return undefined;
  const names: string[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > offset + size || b.readUInt32LE(at) !== CENTRAL) return undefined;
    const nameLength = b.readUInt16LE(at + 28);
    const extraLength = b.readUInt16LE(at + 30);
    const commentLength = b.readUInt16LE(at + 32);
    const local = b.readUInt32LE(at + 42);
    const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (nameLength === 0 || next > offset + size) return undefined;
    // The entry's own header is where the directory says, inside the file, before the directory.
    if (local + 30 > offset || b.readUInt32LE(local) !== LOCAL) return undefined;
    names.push(b.toString('utf8', at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength));
    at = next;
  }
  return at === offset + size ? names : undefined;
}

/** The parts every Word document (Office Open XML) has. */
const DOCX_PARTS = ['[Content_Types].xml', 'word/document.xml'];

/** True for a ZIP archive whose directory lists a Word document's parts. */
export function isDocx(b: Buffer): boolean {
  const names = zipPartNames(b);
  return !!names && DOCX_PARTS.every((p) => names.includes(p));
}
