/**
 * Typed calls of the inbox screens: the leads, the owner accounts (admins), the media library.
 * They go through `call` (the /api/admin prefix and the anti-CSRF header); an upload with progress
 * uses XMLHttpRequest, which reports how much has been sent.
 */
import { ApiError, call, type MediaItem } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';

/** The kinds of request, as the forms define them. */
import type { FormKind as LeadKind } from '../../shared/forms.ts';
export { FORM_KINDS as LEAD_KINDS } from '../../shared/forms.ts';
export type { LeadKind };
import type { LeadDetail, LeadPage, LeadRow } from '../../shared/inbox.ts';
export type { LeadDetail, LeadPage, LeadRow, TestimonialStatus } from '../../shared/inbox.ts';

export interface LeadFilter {
  kind?: LeadKind;
  lang?: Lang;
  property?: number;
  handled?: 'yes' | 'no';
  page?: number;
}

export interface OwnerView {
  id: string;
  username: string;
  lang: Lang;
  propertyIds: number[];
  ref?: string;
  disabled: boolean;
  createdAt: string;
  passwordChangedAt: string;
  resetPending: boolean;
  /** What the owner sees in the portal: properties given by id, then those of their CRM reference. */
  properties: Array<{ id: number; title: string | null; via: 'id' | 'ref' }>;
}

export interface NewOwner {
  username: string;
  lang: Lang;
  propertyIds?: number[];
  ref?: string;
}

export interface OwnerChange {
  disabled?: boolean;
  propertyIds?: number[];
  /** null or '' removes the reference. */
  ref?: string | null;
  lang?: Lang;
}

export type { MediaLimits } from '../../shared/media-library.ts';

const query = (f: LeadFilter) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

export const inboxApi = {
  leads: (filter: LeadFilter) => call<LeadPage>('GET', `/leads${query(filter)}`),
  lead: (id: string) => call<{ lead: LeadDetail }>('GET', `/leads/${encodeURIComponent(id)}`),
  setHandled: (id: string, handled: boolean) => call<{ lead: LeadRow }>('POST', `/leads/${encodeURIComponent(id)}/handled`, { handled }),
  reviewTestimonial: (id: string, action: 'publish' | 'reject') => call<{ lead: LeadRow }>('POST', `/leads/${encodeURIComponent(id)}/testimonial`, { action }),
  /** The address of a request's CV (a download: opened as a link, the session cookie goes along). */
  cvUrl: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}/cv`,

  owners: () => call<{ owners: OwnerView[]; langs: Lang[] }>('GET', '/owners'),
  addOwner: (o: NewOwner) => call<{ owner: OwnerView; password: string }>('POST', '/owners', o),
  changeOwner: (id: string, change: OwnerChange) => call<{ owner: OwnerView }>('POST', `/owners/${encodeURIComponent(id)}`, change),
  newOwnerPassword: (id: string) => call<{ owner: OwnerView; password: string }>('POST', `/owners/${encodeURIComponent(id)}/password`, {}),

  /** Uploads an image, reporting the share sent (0…1); rejects with an ApiError carrying the server's message. */
  uploadMedia: (file: File, csrf: string, onProgress: (sent: number) => void) =>
    new Promise<{ item: MediaItem }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/admin/media');
      xhr.withCredentials = true;
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('x-csrf-token', csrf);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse(xhr.responseText) as Record<string, unknown>;
        } catch {
          /* not JSON */
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as unknown as { item: MediaItem });
        else reject(new ApiError(xhr.status, String(data.error ?? `${xhr.status} ${xhr.statusText}`), data));
      };
      xhr.onerror = () => reject(new ApiError(0, 'The upload was interrupted: check the connection and try again.', { code: 'media.network' }));
      const form = new FormData();
      form.append('file', file);
      xhr.send(form);
    }),
};
