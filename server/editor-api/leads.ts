/**
 * The editor's inbox of visitors' requests under /api/admin/leads: a page of requests with filters
 * (kind, language, property, handled), a request with its mails, marked handled, testimonials
 * published or rejected, CVs downloaded.
 */
import type Koa from 'koa';
import type { SiteHolder } from '../site/holder.ts';
import type { Site } from '../site/site.ts';
import { unitName } from '../../modules/lib/property-card.ts';
import type Router from '@koa/router';
import { HttpError, readJson } from '../http/request.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import type { BlobStore, LeadQuery, LeadRepository, OutboxMessage, OutboxRepository, Submission as StoredSubmission } from '../storage/index.ts';
import { decideTestimonial } from '../forms/routes.ts';
import { FORM_KINDS, isFormKind, type FormKind } from '../../shared/forms.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import type { LeadDetail, LeadPage, LeadRow, TestimonialStatus } from '../../shared/inbox.ts';
import { UUID, bad, onlyKeys } from './input.ts';

type Submission = Record<string, unknown>;

/** Requests per page of the inbox. */
export const LEADS_PAGE_SIZE = 50;
/** Characters of a request's message shown in the list. */
export const LEAD_EXCERPT_CHARS = 160;

export interface LeadInboxDeps {
  leads: LeadRepository;
  outbox: OutboxRepository;
  uploads: BlobStore;
  /** A testimonial was published or withdrawn: pages showing them are rendered anew. */
  sites: Pick<SiteHolder, 'invalidate' | 'current'>;
}

// Leads

const CV_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|docx)$/;
const CV_TYPES = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } as const;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const fieldsOf = (s: Submission): Record<string, unknown> =>
  s.fields && typeof s.fields === 'object' && !Array.isArray(s.fields) ? (s.fields as Record<string, unknown>) : {};
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
    kind: String(s.kind) as LeadRow['kind'],
    lang: String(s.lang) as LeadRow['lang'],
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

/**
 * What a request is about, by name and with its page (the property, or the new-build project and
 * its units by name), as the agency's mail named them; a listing no longer on offer keeps its number.
 */
function aboutListing(d: LeadDetail, site: Site): LeadDetail {
  const lang = site.routes.defaultLang;
  if (typeof d.fields.projectId === 'number') {
    const project = site.listings.project(d.fields.projectId, lang);
    if (!project) return d;
    const units = Array.isArray(d.fields.units) ? d.fields.units.map(String) : [];
    return {
      ...d,
      about: { title: project.Name, path: site.projectPath(project, lang) },
      fields: { ...d.fields, ...(units.length ? { units: units.map((id) => `${unitName(project, Number(id), lang, site)} (${id})`) } : {}) },
    };
  }
  const property = d.propertyId !== null ? site.listings.property(d.propertyId, lang) : undefined;
  return property ? { ...d, about: { title: site.propertyTitle(property, lang), path: site.propertyPath(property, lang) } } : d;
}

function leadDetail(s: Submission, outbox: OutboxMessage[]): LeadDetail {
  const alert = s.alert as { active?: unknown; unsubscribedAt?: unknown } | undefined;
  return {
    ...leadRow(s),
    page: typeof s.page === 'string' ? s.page : null,
    fields: fieldsForStaff(fieldsOf(s)),
    ...(alert
      ? { alert: { active: alert.active === true, ...(typeof alert.unsubscribedAt === 'string' ? { unsubscribedAt: alert.unsubscribedAt } : {}) } }
      : {}),
    ...(typeof s.reviewedAt === 'string' ? { reviewedAt: s.reviewedAt } : {}),
    ...(typeof s.reviewedBy === 'string' ? { reviewedBy: s.reviewedBy } : {}),
    ...toolOf(s),
    mails: outbox.map((m) => ({
      to: m.to,
      subject: m.subject,
      ...(m.sentAt ? { sentAt: m.sentAt } : {}),
      attempts: m.attempts,
      ...(m.lastError ? { lastError: m.lastError } : {}),
    })),
  };
}

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
  return {
    kind: kind as FormKind | undefined,
    lang: lang as Lang | undefined,
    property: property === undefined ? undefined : Number(property),
    handled,
    page: page === undefined ? 1 : Number(page),
  };
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

export function leadRoutes(router: Router, deps: LeadInboxDeps, route: AdminRoute): void {
  const leadOf = async (ctx: Koa.Context): Promise<Submission> => {
    const id = String(ctx.params.id ?? '');
    const s = UUID.test(id) ? await deps.leads.get(id) : undefined;
    if (!s) throw new HttpError(404, { error: `No request with id "${id.slice(0, 60)}".`, field: 'id' });
    return s;
  };

  router.get(
    '/api/admin/leads',
    route('editor', async (ctx) => {
      const q = leadQuery(ctx.query);
      const others: LeadQuery = {
        lang: q.lang,
        propertyIds: q.property === undefined ? undefined : [q.property],
        handled: q.handled === undefined ? undefined : q.handled === 'yes',
      };
      const [byKind, found] = await Promise.all([
        deps.leads.countByKind(others),
        deps.leads.find({ ...others, kind: q.kind }, { offset: (q.page - 1) * LEADS_PAGE_SIZE, limit: LEADS_PAGE_SIZE }),
      ]);
      const counts = Object.fromEntries(FORM_KINDS.map((k) => [k, byKind[k] ?? 0])) as Record<FormKind, number>;
      const body: LeadPage = {
        items: found.items.map(leadRow),
        total: found.total,
        page: q.page,
        pages: Math.max(1, Math.ceil(found.total / LEADS_PAGE_SIZE)),
        pageSize: LEADS_PAGE_SIZE,
        counts,
      };
      ctx.body = body;
    }),
  );

  router.get(
    '/api/admin/leads/:id',
    route('editor', async (ctx) => {
      const s = await leadOf(ctx);
      ctx.body = { lead: aboutListing(leadDetail(s, await deps.outbox.forLead(String(s.id))), await deps.sites.current()) };
    }),
  );

  router.post(
    '/api/admin/leads/:id/handled',
    route('editor', async (ctx, staff) => {
      const s = await leadOf(ctx);
      const body = await readJson(ctx);
      onlyKeys(body, ['handled']);
      if (typeof body.handled !== 'boolean') throw bad('handled', 'must be true or false');
      const patch = body.handled
        ? { handled: true, handledBy: staff.username, handledAt: new Date().toISOString() }
        : { handled: false, handledBy: undefined, handledAt: undefined };
      ctx.body = { lead: leadRow((await deps.leads.update(String(s.id), patch)) ?? s) };
    }),
  );

  router.post(
    '/api/admin/leads/:id/testimonial',
    route('editor', async (ctx, staff) => {
      const s = await leadOf(ctx);
      const body = await readJson(ctx);
      onlyKeys(body, ['action']);
      if (body.action !== 'publish' && body.action !== 'reject') throw bad('action', 'must be publish or reject');
      if (s.kind !== 'testimonial') throw new HttpError(409, { error: `This request is a ${String(s.kind)}, not a testimonial.`, field: 'id' });
      const done = await decideTestimonial(deps, s as StoredSubmission, body.action, staff.username);
      ctx.body = { lead: leadRow(done ?? s) };
    }),
  );

  router.get(
    '/api/admin/leads/:id/cv',
    route('editor', async (ctx) => {
      const s = await leadOf(ctx);
      const cv = cvOf(s);
      if (!cv) throw new HttpError(404, { error: 'This request has no CV.' });
      // The key is made of the name the server generated, never of the request.
      const blob = await deps.uploads.stream(`cv/${cv.file}`);
      if (!blob) throw new HttpError(404, { error: 'The CV of this request is no longer in the data folder.' });
      const name = slug(nameOf(fieldsOf(s)) ?? '') || String(s.id).slice(0, 8);
      ctx.type = CV_TYPES[cv.ext];
      ctx.set('Content-Disposition', `attachment; filename="cv-${name}.${cv.ext}"`);
      ctx.length = blob.size;
      ctx.body = blob.stream;
    }),
  );
}
