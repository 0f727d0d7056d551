/** What the editor's inbox API sends: the same types on both sides. */
import type { Lang } from './constants.ts';
import type { FormKind } from './forms.ts';

export type TestimonialStatus = 'pending' | 'published' | 'rejected';

/** One row of the inbox. */
export interface LeadRow {
  id: string;
  kind: FormKind;
  lang: Lang;
  /** When it was sent (ISO). */
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

/** A request with everything the visitor sent and the state of its mails. */
export interface LeadDetail extends LeadRow {
  /** The page it was sent from. */
  page: string | null;
  /** The property or project it is about, by name, with its public page. */
  about?: { title: string; path?: string };
  fields: Record<string, unknown>;
  alert?: { active: boolean; unsubscribedAt?: string };
  reviewedAt?: string;
  reviewedBy?: string;
  /** A visitor tool's result sent along: the online valuation's estimate, the renovation costs. */
  tool?: { title: string; rows: Array<[string, string]>; url?: string };
  mails: Array<{ to: string; subject: string; sentAt?: string; attempts: number; lastError?: string }>;
}

export interface LeadPage {
  items: LeadRow[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  /** Requests per kind under the other filters (for the kind filter). */
  counts: Record<FormKind, number>;
}
