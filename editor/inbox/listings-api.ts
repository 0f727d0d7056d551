/**
 * The Listings screen's calls (admins): the overview, one import's problems, and the actions. The
 * upload sends the file as the request body with XMLHttpRequest, which reports how much is sent.
 * A refusal comes back as an ApiError whose body holds the server's `code` and `params`.
 */
import { ApiError, call } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';

export type Params = Record<string, string | number>;

export interface FeedProblem {
  kind: 'property' | 'project' | 'type' | 'city' | 'neighbourhood' | 'file' | string;
  /** The CRM's reference number, a municipality's name, or the record's place ("#14") when it has none. */
  id: string;
  lang?: string;
  /** Where in the record (a JSON pointer, never shown as such). */
  field: string;
  /** In English (the server's words), for entries of earlier versions without a code. */
  reason: string;
  code?: string;
  params?: Params;
  action: 'refused' | 'left out' | 'note';
  /** The field as the site names it for visitors, per editor language. */
  fieldLabels?: Partial<Record<Lang, string>>;
}

export interface Counts {
  properties: number;
  projects: number;
  records: number;
  refusedRecords: number;
  refusedProperties: number;
  refusedProjects: number;
}

export interface ImportEntry {
  id: string;
  at: string;
  trigger: 'file' | 'upload' | 'sync' | 'editor' | 'legacy';
  /** A file's name or the feed's host ('' for the sample). */
  source: string;
  /** The staff member's e-mail, and their name (else the e-mail). */
  by?: string;
  who?: string;
  result: 'accepted' | 'refused' | 'failed' | 'restored' | 'unchanged';
  reason?: string;
  code?: string;
  params?: Params;
  counts?: Counts;
  removed?: { count: number; of: number; share: number };
  added?: number;
  problemCount: number;
  problems?: FeedProblem[];
  restored?: string;
  repeated?: number;
  forced?: boolean;
}

export interface Removal {
  count: number;
  of: number;
  added: number;
  examples: Array<{ id: number; title: Partial<Record<Lang, string>> }>;
}

export type Undo =
  | { possible: true; to: 'sample' }
  | { possible: true; to: 'import'; entry: ImportEntry | null }
  | { possible: false; code: string; params: Params; reason: string };

export interface Overview {
  live: { set: string | null; sample: boolean; properties: number; projects: number; since: string | null };
  undo: Undo;
  refusedSet: string | null;
  refused: { entry: ImportEntry; removal: Removal | null } | null;
  sync:
    | { configured: false }
    | {
        configured: true;
        host: string;
        minutes: number;
        checkedAt: string | null;
        result: 'unchanged' | 'accepted' | 'refused' | 'failed' | null;
        code: string | null;
        params: Params;
      };
  busy: { what: 'upload' | 'sync' | 'restore' | 'publish'; since: string; who?: string } | null;
  limits: { maxBytes: number };
  entries: ImportEntry[];
  outcome?: { result: ImportEntry['result']; at?: string; entry?: ImportEntry };
}

export const listingsApi = {
  overview: () => call<Overview>('GET', '/listings'),
  entry: (id: string) => call<ImportEntry>('GET', `/listings/imports/${encodeURIComponent(id)}`),
  sync: () => call<Overview>('POST', '/listings/sync', {}),
  rollback: () => call<Overview>('POST', '/listings/rollback', {}),
  publish: (id: string) => call<Overview>('POST', `/listings/publish/${encodeURIComponent(id)}`, {}),
  /** Sends a CRM export; `onProgress` gets the share sent (0…1). A file that is not an export is an ApiError (422) whose body holds the report too. */
  upload: (file: File, csrf: string, onProgress: (sent: number) => void) =>
    new Promise<Overview>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/admin/listings/upload?name=${encodeURIComponent(file.name)}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('content-type', /\.gz$/i.test(file.name) ? 'application/gzip' : 'application/json');
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
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as unknown as Overview);
        else reject(new ApiError(xhr.status, String(data.error ?? `${xhr.status} ${xhr.statusText}`), data));
      };
      xhr.onerror = () => reject(new ApiError(0, '', { code: 'interrupted' }));
      xhr.send(file);
    }),
};
