// A CV sent as DOCX is a ZIP archive whose central directory lists a Word document's parts (issue
// 40, point 6): the audit's file, `PK\x03\x04` followed by the two part names, passed as DOCX.
import { describe, expect, it } from 'vitest';
import { crc32, deflateRawSync } from 'node:zlib';
import { sniffFile } from '../../server/forms/uploads.ts';
import { ZIP_MAX_ENTRIES, zipPartNames } from '../../server/forms/zip-parts.ts';
import { docxFile, pdfFile } from '../helpers/files.ts';

/** A ZIP archive as Word writes one: deflated entries, an extra field, an archive comment. */
function deflatedZip(entries: Array<[string, string]>, comment = ''): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const raw = Buffer.from(content, 'utf8');
    const data = deflateRawSync(raw);
    const n = Buffer.from(name, 'utf8');
    const extra = Buffer.from([0x0a, 0x00, 0x04, 0x00, 0, 0, 0, 0]);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(8, 8);
    h.writeUInt32LE(crc32(raw) >>> 0, 14);
    h.writeUInt32LE(data.length, 18);
    h.writeUInt32LE(raw.length, 22);
    h.writeUInt16LE(n.length, 26);
    h.writeUInt16LE(extra.length, 28);
    local.push(h, n, extra, data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc32(raw) >>> 0, 16);
    c.writeUInt32LE(data.length, 20);
    c.writeUInt32LE(raw.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt16LE(extra.length, 30);
    c.writeUInt32LE(offset, 42);
    central.push(c, n, extra);
    offset += 30 + n.length + extra.length + data.length;
  }
  const cd = Buffer.concat(central);
  const note = Buffer.from(comment, 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(note.length, 20);
  return Buffer.concat([...local, cd, end, note]);
}

const word: Array<[string, string]> = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  ],
  [
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Karim Benali – agent immobilier, Bruxelles</w:t></w:r></w:p></w:body></w:document>',
  ],
];

describe('a DOCX is told by the parts its ZIP directory lists', () => {
  it('takes a real Word document, deflated or stored, with an archive comment', () => {
    const docx = deflatedZip(word, 'Microsoft Office Word');
    expect(zipPartNames(docx)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(sniffFile(docx)).toBe('docx');
    expect(sniffFile(docxFile())).toBe('docx');
    expect(sniffFile(pdfFile())).toBe('pdf');
  });

  it("refuses the audit's file: the ZIP magic and the two part names, no archive", () => {
    const probe = Buffer.from('PK\x03\x04[Content_Types].xml word/document.xml', 'latin1');
    expect(zipPartNames(probe)).toBeUndefined();
    expect(sniffFile(probe)).toBeUndefined();
    // The names in a file's content (a text part that quotes them), not as parts of the archive.
    const quoting = deflatedZip([['notes.txt', '[Content_Types].xml and word/document.xml']]);
    expect(zipPartNames(quoting)).toEqual(['notes.txt']);
    expect(sniffFile(Buffer.concat([quoting, Buffer.from('[Content_Types].xml word/document.xml')]))).toBeUndefined();
  });

  it('refuses a ZIP without the parts, one cut short, and one whose directory points outside the file', () => {
    expect(sniffFile(deflatedZip(word.filter(([n]) => n !== 'word/document.xml')))).toBeUndefined();
    const docx = deflatedZip(word);
    expect(sniffFile(docx.subarray(0, docx.length - 30))).toBeUndefined();
    const bent = Buffer.from(docx);
    const cd = bent.readUInt32LE(bent.length - 6);
    bent.writeUInt32LE(bent.length + 100, cd + 42); // the first entry's local header
    expect(sniffFile(bent)).toBeUndefined();
  });

  it(`reads at most ${ZIP_MAX_ENTRIES} entries of a directory`, () => {
    const many = (n: number) => deflatedZip([...word, ...Array.from({ length: n - word.length }, (_, i) => [`word/media/p${i}.xml`, 'x'] as [string, string])]);
    expect(sniffFile(many(ZIP_MAX_ENTRIES))).toBe('docx');
    expect(sniffFile(many(ZIP_MAX_ENTRIES + 1))).toBeUndefined();
  });
});
