/**
 * The body of a visitor's form post: JSON, a plain HTML form post or multipart with files, each
 * read into one object of the types the form's schema expects (+ the uploaded files), and its
 * text fields normalised.
 */
import type Koa from 'koa';
import { HttpError, readBody } from '../http/request.ts';
import { FORM_MAX_BODY_BYTES, UPLOAD_MAX_BODY_BYTES, UPLOAD_MAX_BYTES } from '../../shared/constants.ts';
import { FORM_FIELDS, UPLOAD_FORMS, type FormKind } from '../../shared/forms.ts';
import { normalizeText } from '../http/text.ts';
import { splitStreet } from '../../shared/valuation.ts';
import { sniffFile, type FileType } from './uploads.ts';
interface Upload {
  field: string;
  data: Buffer;
  type: FileType | undefined;
}

/** Strings of a plain HTML post (no JavaScript) become the types the schema expects. */
function coerce(kind: FormKind, out: Record<string, unknown>, lists: Set<string>): Record<string, unknown> {
  const specs = new Map(FORM_FIELDS[kind].map((f) => [f.name, f]));
  for (const [k, v] of Object.entries(out)) {
    const f = specs.get(k);
    if (f?.type === 'checkbox' || f?.type === 'confirm') out[k] = v === 'on' || v === 'true' || v === '1';
    else if (f?.type === 'number' || k === 'propertyId') {
      if (typeof v === 'string' && /^\d+$/.test(v)) out[k] = Number(v);
      else if (v === '' && !f?.required) delete out[k];
    } else if (f?.type === 'checkboxes' && !Array.isArray(v)) out[k] = [v];
    else if (typeof v === 'string' && v.trim() === '' && !f?.required && !lists.has(k)) delete out[k];
  }
  return out;
}

/** JSON, a plain HTML form post, or multipart with files: each becomes one object (+ the files). */
export async function parse(ctx: Koa.Context, kind: FormKind, t: (k: string) => string): Promise<{ body: Record<string, unknown>; uploads: Upload[] }> {
  const parsed = await parseBody(ctx, kind, t);
  // A file field is only ever what was uploaded, never a description of a file in JSON.
  for (const f of FORM_FIELDS[kind]) if (f.type === 'file' && !parsed.uploads.some((u) => u.field === f.name)) delete parsed.body[f.name];
  return parsed;
}

async function parseBody(ctx: Koa.Context, kind: FormKind, t: (k: string) => string): Promise<{ body: Record<string, unknown>; uploads: Upload[] }> {
  const multipart = UPLOAD_FORMS.includes(kind) && ctx.is('multipart/form-data');
  const raw = await readBody(ctx, multipart ? UPLOAD_MAX_BODY_BYTES : FORM_MAX_BODY_BYTES, t(multipart ? 'form.file.tooLarge' : 'form.tooLarge'));
  if (ctx.is('application/json')) {
    try {
      const v = JSON.parse(raw.toString('utf8'));
      if (v && typeof v === 'object' && !Array.isArray(v)) return { body: v as Record<string, unknown>, uploads: [] };
    } catch {
      /* below */
    }
    throw new HttpError(400, { error: t('form.badBody') });
  }
  if (ctx.is('application/x-www-form-urlencoded')) {
    const p = new URLSearchParams(raw.toString('utf8'));
    const out: Record<string, unknown> = {};
    const lists = new Set(FORM_FIELDS[kind].filter((f) => f.type === 'checkboxes').map((f) => f.name));
    for (const key of new Set(p.keys())) out[key] = lists.has(key) ? p.getAll(key) : p.get(key);
    return { body: coerce(kind, out, lists), uploads: [] };
  }
  if (multipart) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': ctx.get('content-type') } }).formData();
    } catch {
      throw new HttpError(400, { error: t('form.badBody') });
    }
    const out: Record<string, unknown> = {};
    const uploads: Upload[] = [];
    const files = new Set(FORM_FIELDS[kind].filter((f) => f.type === 'file').map((f) => f.name));
    for (const [key, value] of form) {
      if (typeof value === 'string') {
        if (!files.has(key)) out[key] = value;
        continue;
      }
      if (!files.has(key)) throw new HttpError(400, { error: t('form.unknownField'), field: key });
      if (value.size === 0 && !value.name) continue; // an empty file input
      // One file per field: a second one is refused, never checked less or attached unseen.
      if (uploads.some((u) => u.field === key)) throw new HttpError(400, { error: t('form.file.oneOnly'), field: key });
      if (value.size > UPLOAD_MAX_BYTES) throw new HttpError(413, { error: t('form.file.tooLarge'), field: key });
      const data = Buffer.from(await value.arrayBuffer());
      const type = sniffFile(data);
      uploads.push({ field: key, data, type });
      // The visitor's file name is not kept: the file is named after its field and the type its content has.
      out[key] = { name: uploadName(key, type), size: data.length, type: type ?? 'unknown' };
    }
    return { body: coerce(kind, out, new Set()), uploads };
  }
  throw new HttpError(415, { error: t('form.badType') });
}

export const FILE_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** An upload's name in mails and the inbox: its field and the extension of the type its content has (cv.pdf, cv.docx). */
export function uploadName(field: string, type: FileType | undefined): string {
  return type ? `${field}.${type === 'jpeg' ? 'jpg' : type}` : field;
}

/** Every text field normalised (controls, lone surrogates, line breaks only where the field is multi-line). */
export function normalizeFields(kind: FormKind, fields: Record<string, unknown>): void {
  // A valuation request from a page drawn before street and number were asked apart.
  if (kind === 'contact-demand' && typeof fields.address === 'string' && fields.street === undefined) {
    Object.assign(fields, splitStreet(fields.address));
    delete fields.address;
  }
  const specs = new Map(FORM_FIELDS[kind].map((f) => [f.name, f]));
  for (const [k, v] of Object.entries(fields)) {
    const multiline = specs.get(k)?.type === 'textarea';
    if (typeof v === 'string') fields[k] = normalizeText(v, multiline);
    else if (Array.isArray(v)) fields[k] = v.map((x) => (typeof x === 'string' ? normalizeText(x, false) : x));
  }
}
