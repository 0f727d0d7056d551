/**
 * The editor's inbox under /api/admin/: the visitors' requests (leads) with filters, marked handled,
 * testimonials approved or rejected, CVs downloaded; the owner accounts of the portal (admins
 * only); and the media library — images staff upload, re-encoded by sharp and served under
 * /media/library/ at the spec's responsive widths.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type Koa from 'koa';
import type Router from '@koa/router';
import sharp from 'sharp';
import { HttpError, readBody, readJson } from '../http/request.ts';
import type { AdminRoute } from './docs.ts';
import { Collection, writeFileAtomically, writeFileDurably } from '../storage/files.ts';
import type { LeadStore, OutboxMessage } from '../mail/outbox.ts';
import type { Site } from '../site/site.ts';
import { isEmail } from '../../shared/formats.ts';
import { OwnerInputError, addOwner, normalizeUsername, setOwnerPassword, type OwnerAccount, type OwnerAccounts } from '../auth/owner-accounts.ts';
import type { SessionStore } from '../portal/portal.ts';
import { decideTestimonial } from '../forms/routes.ts';
import { sniffFile, uploadDir, type FileType } from '../forms/uploads.ts';
import { IMAGE_WIDTHS, requestedWidth } from '../listings/photo-route.ts';
import { singleFlight } from '../common/jobs.ts';
import { FORM_KINDS, isFormKind, type FormKind } from '../../shared/forms.ts';
import { LANGUAGES, OWNER_PASSWORD_MIN_LENGTH, type Lang } from '../../shared/constants.ts';

/** Requests per page of the inbox. */
export const LEADS_PAGE_SIZE = 50;
/** Characters of a request's message shown in the list. */
export const LEAD_EXCERPT_CHARS = 160;
/** Largest image staff may upload to the media library. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart body around it (boundaries, headers). */
const MEDIA_MAX_BODY_BYTES = MEDIA_MAX_BYTES + 64 * 1024;
/** Widest image kept (wider uploads are scaled down). */
export const MEDIA_MAX_WIDTH = 2560;
/** Pixels sharp agrees to decode (a small file can unpack into a huge image). */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
const MEDIA_JPEG_QUALITY = 85;
const MEDIA_WEBP_QUALITY = 85;
/** Random bytes of a password generated for a new owner account (base64url: 16 characters). */
const OWNER_PASSWORD_BYTES = 12;
const OWNER_REF_MAX_LENGTH = 100;
const OWNER_MAX_PROPERTIES = 1000;
/** Library images never change under their generated name. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface InboxDeps {
  leads: { store: Collection<LeadStore>; kick: () => void };
  dataDir: string;
  owners: OwnerAccounts;
  sessions: SessionStore;
  /** A testimonial was published or withdrawn: pages showing them are rendered anew. */
  republish: () => void;
  site: () => Promise<Site>;
}

// ---------------------------------------------------------------------------------------------
// Leads

type Submission = Record<string, unknown>;
type TestimonialStatus = 'pending' | 'published' | 'rejected';

export interface LeadRow {
  id: string;
  kind: string;
  lang: string;
  at: string;
  name?: string;
  email?: string;
  phone?: string;
  propertyId: number | null;
  excerpt: string;
  handled: boolean;
  handledBy?: string;
  handledAt?: string;
  /** Testimonials only. */
  testimonial?: TestimonialStatus;
  /** Job applications: a CV is stored and can be downloaded. */
  cv: boolean;
  appointment?: { slot: string; status: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CV_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|docx)$/;
const CV_TYPES = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } as const;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const fieldsOf = (s: Submission): Record<string, unknown> => (s.fields && typeof s.fields === 'object' && !Array.isArray(s.fields) ? (s.fields as Record<string, unknown>) : {});
const atOf = (s: Submission) => String(s.createdAt ?? s.at ?? '');

function nameOf(f: Record<string, unknown>): string | undefined {
  return [str(f.firstName), str(f.lastName)].filter(Boolean).join(' ') || str(f.name);
}

function excerptOf(f: Record<string, unknown>): string {
  const text = (str(f.message) ?? str(f.comment) ?? str(f.conditions) ?? '').replace(/\s+/g, ' ');
  return text.length > LEAD_EXCERPT_CHARS ? `${text.slice(0, LEAD_EXCERPT_CHARS - 1).trimEnd()}…` : text;
}

/** The stored CV of a job application: its generated file name (never a name from the request). */
function cvOf(s: Submission): { file: string; ext: 'pdf' | 'docx' } | undefined {
  if (s.kind !== 'job-application') return undefined;
  const file = (fieldsOf(s).cv as { file?: unknown } | undefined)?.file;
  const m = typeof file === 'string' ? CV_FILE.exec(file) : null;
  return m ? { file: m[0], ext: m[1] as 'pdf' | 'docx' } : undefined;
}

export function leadRow(s: Submission): LeadRow {
  const f = fieldsOf(s);
  const appointment = s.appointment as { slot?: unknown; status?: unknown } | undefined;
  return {
    id: String(s.id),
    kind: String(s.kind),
    lang: String(s.lang),
    at: atOf(s),
    ...(nameOf(f) ? { name: nameOf(f) } : {}),
    ...(str(f.email) ? { email: str(f.email) } : {}),
    ...(str(f.phone) ? { phone: str(f.phone) } : {}),
    propertyId: typeof s.propertyId === 'number' ? s.propertyId : null,
    excerpt: excerptOf(f),
    handled: s.handled === true,
    ...(s.handled === true && typeof s.handledBy === 'string' ? { handledBy: s.handledBy } : {}),
    ...(s.handled === true && typeof s.handledAt === 'string' ? { handledAt: s.handledAt } : {}),
    ...(s.kind === 'testimonial' ? { testimonial: (s.status as TestimonialStatus) ?? 'pending' } : {}),
    cv: !!cvOf(s),
    ...(appointment && typeof appointment.slot === 'string' ? { appointment: { slot: appointment.slot, status: String(appointment.status ?? '') } } : {}),
  };
}

/** What a visitor sent, as staff read it: file descriptions without the stored file's name. */
function fieldsForStaff(f: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && 'file' in v) {
      const { file: _file, ...rest } = v as Record<string, unknown>;
      out[k] = rest;
    } else out[k] = v;
  }
  return out;
}

/** A visitor tool's result sent along (estimate, renovation costs), as the agency read it in its mail. */
function toolOf(s: Submission): { tool?: { title: string; rows: Array<[string, string]>; url?: string } } {
  const summary = (s.tool as { summary?: { title?: unknown; rows?: unknown; url?: unknown } } | undefined)?.summary;
  if (!summary || typeof summary.title !== 'string' || !Array.isArray(summary.rows)) return {};
  const rows = summary.rows.filter((r): r is [string, string] => Array.isArray(r) && r.length === 2 && r.every((x) => typeof x === 'string'));
  return { tool: { title: summary.title, rows, ...(typeof summary.url === 'string' ? { url: summary.url } : {}) } };
}

function leadDetail(s: Submission, outbox: OutboxMessage[]) {
  const alert = s.alert as { active?: unknown; unsubscribedAt?: unknown } | undefined;
  return {
    ...leadRow(s),
    page: typeof s.page === 'string' ? s.page : null,
    fields: fieldsForStaff(fieldsOf(s)),
    ...(alert ? { alert: { active: alert.active === true, ...(typeof alert.unsubscribedAt === 'string' ? { unsubscribedAt: alert.unsubscribedAt } : {}) } } : {}),
    ...(typeof s.reviewedAt === 'string' ? { reviewedAt: s.reviewedAt } : {}),
    ...(typeof s.reviewedBy === 'string' ? { reviewedBy: s.reviewedBy } : {}),
    ...toolOf(s),
    mails: outbox
      .filter((m) => m.id.startsWith(`${String(s.id)}-`))
      .map((m) => ({ to: m.to, subject: m.subject, ...(m.sentAt ? { sentAt: m.sentAt } : {}), attempts: m.attempts, ...(m.lastError ? { lastError: m.lastError } : {}) })),
  };
}

const bad = (field: string, message: string, status = 400) => new HttpError(status, { error: `${field}: ${message}`, field, errors: [{ field, message }] });

/** The query of the list: every parameter checked, 400 naming the one at fault. */
function leadQuery(query: Koa.Context['query']) {
  const known = ['kind', 'lang', 'property', 'handled', 'page'];
  for (const k of Object.keys(query)) if (!known.includes(k)) throw bad(k, `is not a filter of the inbox (use ${known.join(', ')})`);
  const one = (k: string): string | undefined => {
    const v = query[k];
    if (Array.isArray(v)) throw bad(k, 'must be given once');
    return v === undefined || v === '' ? undefined : v;
  };
  const kind = one('kind');
  if (kind !== undefined && !isFormKind(kind)) throw bad('kind', `must be one of ${FORM_KINDS.join(', ')}`);
  const lang = one('lang');
  if (lang !== undefined && !(LANGUAGES as readonly string[]).includes(lang)) throw bad('lang', `must be one of ${LANGUAGES.join(', ')}`);
  const property = one('property');
  if (property !== undefined && !/^[1-9]\d{0,8}$/.test(property)) throw bad('property', 'must be a property id (a whole number)');
  const handled = one('handled');
  if (handled !== undefined && handled !== 'yes' && handled !== 'no') throw bad('handled', 'must be yes or no');
  const page = one('page');
  if (page !== undefined && !/^[1-9]\d{0,5}$/.test(page)) throw bad('page', 'must be a page number (1 or more)');
  return { kind: kind as FormKind | undefined, lang: lang as Lang | undefined, property: property === undefined ? undefined : Number(property), handled, page: page === undefined ? 1 : Number(page) };
}

/** The body's keys must all be known (a typo is named rather than ignored). */
function onlyKeys(body: Record<string, unknown>, allowed: string[]) {
  for (const k of Object.keys(body)) if (!allowed.includes(k)) throw bad(k, `is not a field of this request (expected ${allowed.join(', ')})`);
}

function slug(s: string): string {
  const dashed = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return trimDashes(trimDashes(dashed).slice(0, 60));
}

/** Without dashes at either end (a loop, not a backtracking expression). */
function trimDashes(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === '-') a++;
  while (b > a && s[b - 1] === '-') b--;
  return s.slice(a, b);
}

// ---------------------------------------------------------------------------------------------
// Owner accounts

type OwnerView = ReturnType<typeof ownerView>;

/** An account as staff see it: never its password hash nor its reset token. */
function ownerView(site: Site, o: OwnerAccount) {
  const lang = site.routes.defaultLang;
  const title = (id: number) => {
    const p = site.listings.property(id, lang);
    return p ? site.propertyTitle(p, lang) : undefined;
  };
  const byRef = o.ref ? site.listings.propertyIds().filter((id) => site.listings.property(id, lang)?.OwnerRef === o.ref && !o.propertyIds.includes(id)) : [];
  return {
    id: o.id,
    username: o.username,
    lang: o.lang,
    propertyIds: [...o.propertyIds],
    ...(o.ref ? { ref: o.ref } : {}),
    disabled: !!o.disabled,
    createdAt: o.createdAt,
    passwordChangedAt: o.passwordChangedAt,
    resetPending: !!o.reset && o.reset.expiresAt > Date.now(),
    /** What the owner sees in the portal: the properties given by id, then those of their CRM reference. */
    properties: [
      ...o.propertyIds.map((id) => ({ id, title: title(id) ?? null, via: 'id' as const })),
      ...byRef.map((id) => ({ id, title: title(id) ?? null, via: 'ref' as const })),
    ],
  };
}

const generatedPassword = () => {
  const p = randomBytes(OWNER_PASSWORD_BYTES).toString('base64url');
  if (p.length < OWNER_PASSWORD_MIN_LENGTH) throw new Error('generated password too short');
  return p;
};

function checkLang(site: Site, v: unknown): Lang {
  if (typeof v !== 'string' || !site.routes.enabled.includes(v as Lang)) throw bad('lang', `must be one of ${site.routes.enabled.join(', ')}`, 422);
  return v as Lang;
}

function checkPropertyIds(site: Site, v: unknown): number[] {
  if (!Array.isArray(v) || v.length > OWNER_MAX_PROPERTIES || v.some((x) => !Number.isInteger(x) || (x as number) < 1)) {
    throw bad('propertyIds', `must be a list of property ids (whole numbers, at most ${OWNER_MAX_PROPERTIES})`, 422);
  }
  const known = new Set(site.listings.propertyIds());
  const unknown = (v as number[]).filter((id) => !known.has(id));
  if (unknown.length) throw bad('propertyIds', `no property with id ${unknown.join(', ')}`, 422);
  return [...new Set(v as number[])];
}

/** A CRM reference, or undefined to remove it (null or an empty string). */
function checkRef(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (typeof v !== 'string' || v.length > OWNER_REF_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(v)) throw bad('ref', `must be a text of at most ${OWNER_REF_MAX_LENGTH} characters`, 422);
  return v.trim() || undefined;
}

/** An OwnerInputError's message starts with the field at fault ("username: …"). */
function ownerInputError(e: OwnerInputError): HttpError {
  const m = /^(\w+): (.*)$/s.exec(e.message);
  const field = m?.[1] === 'properties' ? 'propertyIds' : m?.[1] ?? 'username';
  return bad(field, m?.[2] ?? e.message, /already has an account/.test(e.message) ? 409 : 422);
}

// ---------------------------------------------------------------------------------------------
// Media library

type ImageType = Extract<FileType, 'jpeg' | 'png' | 'webp'>;
const IMAGE_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp'];
const EXT: Record<ImageType, 'jpg' | 'png' | 'webp'> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const MIME: Record<'jpg' | 'png' | 'webp', string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const LIBRARY_PATH = /^\/media\/library\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/;

/** Where library images live: DATA_DIR/media-library/ (resized copies under DATA_DIR/cache/). */
export const libraryDir = (dataDir: string) => join(dataDir, 'media-library');
const libraryCacheDir = (dataDir: string) => join(dataDir, 'cache', 'media-library');

interface MediaRecord {
  id: string;
  /** `<id>.<ext>` in the library folder. */
  file: string;
  name: string;
  type: ImageType;
  width: number;
  height: number;
  bytes: number;
  uploadedAt: string;
  by: string;
}
export interface MediaFile {
  items: MediaRecord[];
}

const mediaItem = (r: MediaRecord) => ({ url: `/media/library/${r.file}`, name: r.name, width: r.width, height: r.height, bytes: r.bytes, uploadedAt: r.uploadedAt, by: r.by });

/** Decoded and encoded again: upright, no metadata, no trailing bytes, at most MEDIA_MAX_WIDTH wide. */
async function reencode(data: Buffer, type: ImageType): Promise<{ data: Buffer; width: number; height: number }> {
  let img = sharp(data, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS }).rotate().resize({ width: MEDIA_MAX_WIDTH, withoutEnlargement: true });
  if (type === 'jpeg') img = img.jpeg({ quality: MEDIA_JPEG_QUALITY, mozjpeg: true, progressive: true });
  else if (type === 'png') img = img.png({ compressionLevel: 9, adaptiveFiltering: true });
  else img = img.webp({ quality: MEDIA_WEBP_QUALITY });
  const out = await img.toBuffer({ resolveWithObject: true });
  return { data: out.data, width: out.info.width, height: out.info.height };
}

/** The uploader's file name, made harmless (it is only ever shown). */
const cleanName = (name: string) => name.replace(/[\\/\0-\x1f<>]/g, '_').slice(-200) || 'image';

// ---------------------------------------------------------------------------------------------

export function inboxRoutes(router: Router, deps: InboxDeps, route: AdminRoute): void {
  const store = deps.leads.store;
  const submissions = () => store.data.submissions;

  const leadOf = (ctx: Koa.Context): Submission => {
    const id = String(ctx.params.id ?? '');
    const s = UUID.test(id) ? submissions().find((x) => x.id === id) : undefined;
    if (!s) throw new HttpError(404, { error: `No request with id "${id.slice(0, 60)}".`, field: 'id' });
    return s;
  };

  router.get('/api/admin/leads', route('editor', async (ctx) => {
    const q = leadQuery(ctx.query);
    const others = submissions().filter(
      (s) =>
        (!q.lang || s.lang === q.lang) &&
        (q.property === undefined || s.propertyId === q.property) &&
        (!q.handled || (s.handled === true) === (q.handled === 'yes')),
    );
    const counts = Object.fromEntries(FORM_KINDS.map((k) => [k, 0])) as Record<FormKind, number>;
    for (const s of others) if (isFormKind(s.kind)) counts[s.kind]++;
    const rows = others
      .filter((s) => !q.kind || s.kind === q.kind)
      .map((s, i) => ({ s, i }))
      // Newest first; submissions are kept in arrival order, which breaks ties.
      .sort((a, b) => (atOf(a.s) < atOf(b.s) ? 1 : atOf(a.s) > atOf(b.s) ? -1 : b.i - a.i))
      .map((x) => x.s);
    const pages = Math.max(1, Math.ceil(rows.length / LEADS_PAGE_SIZE));
    ctx.body = {
      items: rows.slice((q.page - 1) * LEADS_PAGE_SIZE, q.page * LEADS_PAGE_SIZE).map(leadRow),
      total: rows.length,
      page: q.page,
      pages,
      pageSize: LEADS_PAGE_SIZE,
      counts,
    };
  }));

  router.get('/api/admin/leads/:id', route('editor', async (ctx) => {
    ctx.body = { lead: leadDetail(leadOf(ctx), store.data.outbox) };
  }));

  router.post('/api/admin/leads/:id/handled', route('editor', async (ctx, staff) => {
    const s = leadOf(ctx);
    const body = await readJson(ctx);
    onlyKeys(body, ['handled']);
    if (typeof body.handled !== 'boolean') throw bad('handled', 'must be true or false');
    const handled = body.handled;
    await store.update(() => {
      s.handled = handled;
      if (handled) {
        s.handledBy = staff.username;
        s.handledAt = new Date().toISOString();
      } else {
        delete s.handledBy;
        delete s.handledAt;
      }
    });
    ctx.body = { lead: leadRow(s) };
  }));

  router.post('/api/admin/leads/:id/testimonial', route('editor', async (ctx, staff) => {
    const s = leadOf(ctx);
    const body = await readJson(ctx);
    onlyKeys(body, ['action']);
    if (body.action !== 'publish' && body.action !== 'reject') throw bad('action', 'must be publish or reject');
    if (s.kind !== 'testimonial') throw new HttpError(409, { error: `This request is a ${String(s.kind)}, not a testimonial.`, field: 'id' });
    await decideTestimonial({ store, republish: deps.republish }, s, body.action, staff.username);
    ctx.body = { lead: leadRow(s) };
  }));

  router.get('/api/admin/leads/:id/cv', route('editor', async (ctx) => {
    const s = leadOf(ctx);
    const cv = cvOf(s);
    if (!cv) throw new HttpError(404, { error: 'This request has no CV.' });
    // The path is made of the data folder and the name the server generated, never of the request.
    const path = join(uploadDir(deps.dataDir, 'cv'), cv.file);
    const size = await stat(path).then((st) => (st.isFile() ? st.size : undefined), () => undefined);
    if (size === undefined) throw new HttpError(404, { error: 'The CV of this request is no longer in the data folder.' });
    const name = slug(nameOf(fieldsOf(s)) ?? '') || String(s.id).slice(0, 8);
    ctx.type = CV_TYPES[cv.ext];
    ctx.set('Content-Disposition', `attachment; filename="cv-${name}.${cv.ext}"`);
    ctx.length = size;
    ctx.body = createReadStream(path);
  }));

  // Owner accounts: admins only.

  router.get('/api/admin/owners', route('admin', async (ctx) => {
    const site = await deps.site();
    const owners: OwnerView[] = deps.owners.data().owners.map((o) => ownerView(site, o));
    owners.sort((a, b) => a.username.localeCompare(b.username));
    ctx.body = { owners, langs: site.routes.enabled };
  }));

  router.post('/api/admin/owners', route('admin', async (ctx) => {
    const site = await deps.site();
    const body = await readJson(ctx);
    onlyKeys(body, ['username', 'lang', 'propertyIds', 'ref']);
    const username = typeof body.username === 'string' ? normalizeUsername(body.username) : '';
    if (!isEmail(username)) throw bad('username', 'must be the owner’s e-mail address', 422);
    const lang = checkLang(site, body.lang);
    const propertyIds = body.propertyIds === undefined ? [] : checkPropertyIds(site, body.propertyIds);
    const ref = checkRef(body.ref);
    if (deps.owners.byUsername(username)) throw bad('username', `${username} already has an account`, 409);
    const password = generatedPassword();
    let account: OwnerAccount;
    try {
      account = await addOwner(deps.owners, { username, password, lang, propertyIds, ref });
    } catch (e) {
      if (e instanceof OwnerInputError) throw ownerInputError(e);
      throw e;
    }
    ctx.status = 201;
    // The password is shown this once: only its hash is kept.
    ctx.body = { owner: ownerView(site, account), password };
  }));

  const ownerOf = (ctx: Koa.Context): OwnerAccount => {
    const id = String(ctx.params.id ?? '');
    const o = UUID.test(id) ? deps.owners.byId(id) : undefined;
    if (!o) throw new HttpError(404, { error: `No owner account with id "${id.slice(0, 60)}".`, field: 'id' });
    return o;
  };

  router.post('/api/admin/owners/:id', route('admin', async (ctx) => {
    const site = await deps.site();
    const { id } = ownerOf(ctx);
    const body = await readJson(ctx);
    onlyKeys(body, ['disabled', 'propertyIds', 'ref', 'lang']);
    if (!Object.keys(body).length) throw bad('disabled', 'nothing to change: send disabled, propertyIds, ref or lang');
    if (body.disabled !== undefined && typeof body.disabled !== 'boolean') throw bad('disabled', 'must be true or false', 422);
    const lang = body.lang === undefined ? undefined : checkLang(site, body.lang);
    const propertyIds = body.propertyIds === undefined ? undefined : checkPropertyIds(site, body.propertyIds);
    const hasRef = 'ref' in body;
    const ref = checkRef(body.ref);
    const account = await deps.owners.update((d) => {
      const o = d.owners.find((x) => x.id === id);
      if (!o) throw new HttpError(404, { error: 'This owner account no longer exists.', field: 'id' });
      if (typeof body.disabled === 'boolean') o.disabled = body.disabled;
      if (lang) o.lang = lang;
      if (propertyIds) o.propertyIds = propertyIds;
      if (hasRef) {
        if (ref) o.ref = ref;
        else delete o.ref;
      }
      return o;
    });
    // A disabled account is logged out everywhere at once.
    if (account.disabled) await deps.sessions.endOwner(account.id);
    ctx.body = { owner: ownerView(site, account) };
  }));

  router.post('/api/admin/owners/:id/password', route('admin', async (ctx) => {
    const site = await deps.site();
    const { id } = ownerOf(ctx);
    const body = await readJson(ctx);
    onlyKeys(body, []);
    const password = generatedPassword();
    await setOwnerPassword(deps.owners, id, password);
    await deps.sessions.endOwner(id);
    ctx.body = { owner: ownerView(site, deps.owners.byId(id)!), password };
  }));

  // Media library: editors.

  let library: Promise<Collection<MediaFile>> | undefined;
  const media = () => (library ??= new Collection<MediaFile>(join(deps.dataDir, 'media-library.json'), { items: [] }).open());

  router.get('/api/admin/media', route('editor', async (ctx) => {
    const items = [...(await media()).data.items].reverse().map(mediaItem);
    // The limits too, so that the editor states them without a copy of the numbers.
    ctx.body = { items, limits: { maxBytes: MEDIA_MAX_BYTES, maxWidth: MEDIA_MAX_WIDTH, types: ['image/jpeg', 'image/png', 'image/webp'] } };
  }));

  router.post('/api/admin/media', route('editor', async (ctx, staff) => {
    const tooLarge = `file: the image is too large (at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB).`;
    if (!ctx.is('multipart/form-data')) throw new HttpError(415, { error: 'file: send the image as multipart/form-data, in the field "file".', field: 'file' });
    let raw: Buffer;
    try {
      raw = await readBody(ctx, MEDIA_MAX_BODY_BYTES, tooLarge);
    } catch (e) {
      if (e instanceof HttpError) throw new HttpError(e.status, { ...e.body, field: 'file' });
      throw e;
    }
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': ctx.get('content-type') } }).formData();
    } catch {
      throw new HttpError(400, { error: 'file: the multipart body cannot be read.', field: 'file' });
    }
    for (const key of form.keys()) if (key !== 'file') throw bad(key, 'is not a field of this request (expected file)');
    const files = form.getAll('file');
    if (files.length !== 1 || typeof files[0] === 'string') throw bad('file', files.length > 1 ? 'send one image at a time' : 'choose an image to upload');
    const file = files[0];
    if (file.size > MEDIA_MAX_BYTES) throw new HttpError(413, { error: tooLarge, field: 'file' });
    if (file.size === 0) throw bad('file', 'the file is empty', 422);
    const data = Buffer.from(await file.arrayBuffer());
    const type = sniffFile(data);
    if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) {
      throw new HttpError(415, { error: 'file: only JPEG, PNG and WebP images are accepted (this file is none of them, whatever its name says).', field: 'file' });
    }
    let image: Awaited<ReturnType<typeof reencode>>;
    try {
      image = await reencode(data, type as ImageType);
    } catch {
      throw bad('file', `the image cannot be read: it is damaged, or larger than ${MEDIA_MAX_INPUT_PIXELS / 1_000_000} megapixels`, 422);
    }
    const id = randomUUID();
    const record: MediaRecord = {
      id, file: `${id}.${EXT[type as ImageType]}`, name: cleanName(file.name), type: type as ImageType,
      width: image.width, height: image.height, bytes: image.data.length, uploadedAt: new Date().toISOString(), by: staff.username,
    };
    // The image is on disk before the list names it.
    const path = join(libraryDir(deps.dataDir), record.file);
    await writeFileDurably(path, image.data);
    const col = await media();
    try {
      await col.update((d) => void d.items.push(record));
    } catch (e) {
      await unlink(path).catch(() => {});
      throw e;
    }
    ctx.status = 201;
    ctx.body = { item: mediaItem(record) };
  }));
}

/**
 * GET /media/library/<id>.<jpg|png|webp>[?w=<one of IMAGE_WIDTHS>]: an image of the library, at
 * the asked width made once with sharp and kept on disk. Anything else under /media/library/ is a 404.
 */
export function mediaLibrary(dataDir: string): Koa.Middleware {
  const once = singleFlight<string>();

  async function resized(id: string, ext: 'jpg' | 'png' | 'webp', width: number): Promise<string> {
    const file = join(libraryCacheDir(dataDir), `${id}-${width}.${ext}`);
    if (existsSync(file)) return file;
    let img = sharp(join(libraryDir(dataDir), `${id}.${ext}`), { limitInputPixels: MEDIA_MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true });
    if (ext === 'jpg') img = img.jpeg({ quality: MEDIA_JPEG_QUALITY, mozjpeg: true, progressive: width > IMAGE_WIDTHS[0] });
    else if (ext === 'png') img = img.png({ compressionLevel: 9, adaptiveFiltering: true });
    else img = img.webp({ quality: MEDIA_WEBP_QUALITY });
    await writeFileAtomically(file, await img.toBuffer());
    return file;
  }

  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/library/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const m = LIBRARY_PATH.exec(ctx.path);
    const original = m && join(libraryDir(dataDir), `${m[1]}.${m[2]}`);
    if (!m || !original || !existsSync(original)) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    const width = requestedWidth(ctx);
    if (width === null) return;
    const id = m[1];
    const ext = m[2] as 'jpg' | 'png' | 'webp';
    const path = width === undefined ? original : await once(`${id}:${width}`, () => resized(id, ext, width));
    ctx.type = MIME[ext];
    ctx.set('Cache-Control', MEDIA_CACHE_CONTROL);
    ctx.body = createReadStream(path);
  };
}
