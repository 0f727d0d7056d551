/**
 * The listings from the CRM (admins): what visitors see now, the last sync or import and the
 * history of imports — accepted, refused, failed, restored — with each one's problems in plain
 * words; "Sync now", "Restore the previous import" and "Publish anyway" for a refused import.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from '../api.ts';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { useSession } from '../store.ts';
import { formatWhen } from './api.ts';
import './inbox.css';

interface FeedProblem {
  kind: string;
  id: string;
  lang?: string;
  field: string;
  reason: string;
  action: 'refused' | 'left out' | 'note';
  /** The field as people read it ("Pictures #1"). */
  fieldLabel?: string;
}

interface ImportEntry {
  id: string;
  at: string;
  trigger: 'file' | 'sync' | 'editor' | 'legacy';
  source: string;
  by?: string;
  result: 'accepted' | 'refused' | 'failed' | 'restored';
  reason?: string;
  counts?: { properties: number; projects: number; records: number; refusedRecords: number; refusedProperties: number; refusedProjects: number };
  removed?: { count: number; of: number; share: number };
  added?: number;
  problemCount: number;
  problems?: FeedProblem[];
  restored?: string;
  repeated?: number;
  forced?: boolean;
}

interface Overview {
  live: { set: string | null; sample: boolean; properties: number; projects: number; since: string | null };
  canRollback: boolean;
  refusedSet: string | null;
  sync: { configured: false } | { configured: true; url: string | null; minutes: number; checkedAt: string | null; result: string | null; reason: string | null };
  entries: ImportEntry[];
  outcome?: { result: string; at?: string; entry?: ImportEntry };
}

const listingsApi = {
  overview: () => call<Overview>('GET', '/listings'),
  entry: (id: string) => call<ImportEntry>('GET', `/listings/imports/${encodeURIComponent(id)}`),
  sync: () => call<Overview>('POST', '/listings/sync', {}),
  rollback: () => call<Overview>('POST', '/listings/rollback', {}),
  publish: (id: string) => call<Overview>('POST', `/listings/publish/${encodeURIComponent(id)}`, {}),
};

const RESULT_LABEL: Record<ImportEntry['result'], string> = { accepted: 'Live', refused: 'Refused', failed: 'Failed', restored: 'Restored' };
const RESULT_BADGE: Record<ImportEntry['result'], string> = { accepted: 'ed-badge--ok', refused: 'ed-badge--error', failed: 'ed-badge--error', restored: 'ed-badge--changed' };
const TRIGGER_LABEL: Record<ImportEntry['trigger'], string> = { file: 'File import', sync: 'Sync', editor: 'Editor', legacy: 'Earlier import' };
const n = (x: number) => x.toLocaleString('en-GB');

function what(e: ImportEntry): string {
  const c = e.counts;
  if (e.result === 'restored') return e.reason ? `${e.reason[0].toUpperCase()}${e.reason.slice(1)}.` : 'An earlier import is live again.';
  const parts: string[] = [];
  if (c) parts.push(`${n(c.properties)} ${c.properties === 1 ? 'property' : 'properties'}, ${n(c.projects)} ${c.projects === 1 ? 'project' : 'projects'}`);
  if (c?.refusedRecords) parts.push(`${n(c.refusedRecords)} of ${n(c.records)} records refused`);
  if (e.removed) parts.push(`${n(e.added ?? 0)} new, ${n(e.removed.count)} removed`);
  if (e.forced) parts.push('forced');
  return parts.join(' · ');
}

function Problems({ entry }: { entry: ImportEntry }) {
  const [full, setFull] = useState<ImportEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listingsApi.entry(entry.id).then(setFull, (e: Error) => setError(e.message));
  }, [entry.id]);
  if (error) return <p className="ed-alert ed-alert--error">{error}</p>;
  if (!full) return <p className="ed-loading">Loading the problems…</p>;
  const problems = full.problems ?? [];
  return (
    <div className="ed-listings__problems">
      {problems.length === 0 ? (
        <p>No problems: every record was read as it was sent.</p>
      ) : (
        <table className="ed-table">
          <caption className="ed-visually-hidden">Problems of the import of {formatWhen(entry.at)}</caption>
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">Field</th>
              <th scope="col">What is wrong</th>
              <th scope="col">What was done</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={i}>
                <td>
                  {p.kind} {p.id}
                  {p.lang ? ` (${p.lang})` : ''}
                </td>
                <td>{p.fieldLabel || '—'}</td>
                <td>{p.reason}</td>
                <td>{p.action === 'refused' ? 'Record not used' : p.action === 'left out' ? 'Field left out, record kept' : 'For information'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {full.problemCount > problems.length && (
        <p className="ed-help">
          The first {n(problems.length)} of {n(full.problemCount)} problems are shown; <code>npm run import -- FILE --problems {full.problemCount}</code> lists them all.
        </p>
      )}
    </div>
  );
}

export default function Listings() {
  const expired = useSession((s) => s.expired);
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'rollback' | 'publish' | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await listingsApi.overview());
      setError(null);
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    }
  }, [expired]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (label: string, run: () => Promise<Overview>) => {
    setBusy(label);
    setError(null);
    setNotice(null);
    try {
      const next = await run();
      setData(next);
      const o = next.outcome;
      if (o?.result === 'unchanged') setNotice('The feed has not changed since the last sync: nothing to do.');
      else if (o?.entry) setNotice(`${RESULT_LABEL[o.entry.result as ImportEntry['result']] ?? o.entry.result}: ${o.entry.reason ?? what(o.entry)}`);
    } catch (e) {
      if (!expired(e)) setError(e instanceof ApiError ? e.message : `The request failed: ${(e as Error).message}`);
    } finally {
      setBusy(null);
    }
  };

  if (!data) return error ? <p className="ed-alert ed-alert--error" role="alert">{error}</p> : <p className="ed-loading">Loading the listings…</p>;
  const latest = data.entries[0];
  const refused = data.refusedSet ? data.entries.find((e) => e.id === data.refusedSet) : undefined;

  return (
    <section className="ed-listings" aria-labelledby="ed-listings-title">
      <h1 id="ed-listings-title">Listings</h1>
      <p className="ed-help">The properties and projects come from the agency's CRM. An import is checked before it goes live; one that would harm the site is refused and the site keeps what it shows.</p>

      <div className="ed-listings__summary">
        <div>
          <h2>On the site now</h2>
          <p>
            <strong>{n(data.live.properties)}</strong> properties and <strong>{n(data.live.projects)}</strong> projects
            {data.live.sample ? ' — the sample listings shipped with the site: no import yet.' : data.live.since ? `, live since ${formatWhen(data.live.since)}.` : '.'}
          </p>
        </div>
        <div>
          <h2>Sync from the CRM</h2>
          {data.sync.configured ? (
            <p>
              Every {data.sync.minutes} minutes from <code>{data.sync.url ?? '(not yet)'}</code>.
              {data.sync.checkedAt && (
                <>
                  {' '}
                  Last checked {formatWhen(data.sync.checkedAt)}: {data.sync.result === 'unchanged' ? 'no change' : data.sync.result}
                  {data.sync.reason ? ` (${data.sync.reason})` : ''}.
                </>
              )}
            </p>
          ) : (
            <p>No feed is set up. The server syncs when <code>LISTINGS_URL</code> is set; files are imported with <code>npm run import -- FILE</code>.</p>
          )}
        </div>
      </div>

      <div className="ed-inbox__actions" role="group" aria-label="Listing actions">
        <button type="button" className="ed-button ed-button--primary" disabled={!data.sync.configured || !!busy} onClick={() => void act('sync', listingsApi.sync)}>
          {busy === 'sync' ? 'Syncing…' : 'Sync now'}
        </button>
        <button type="button" className="ed-button" disabled={!data.canRollback || !!busy} onClick={() => setConfirm('rollback')}>
          Restore the previous import
        </button>
        <button type="button" className="ed-button ed-button--ghost" disabled={!!busy} onClick={() => void load()}>
          Refresh
        </button>
      </div>

      <div aria-live="polite">
        {notice && <p className="ed-alert ed-alert--info">{notice}</p>}
        {error && (
          <p className="ed-alert ed-alert--error" role="alert">
            {error}
          </p>
        )}
      </div>

      {latest && (latest.result === 'refused' || latest.result === 'failed') && (
        <div className="ed-alert ed-alert--warning" role="status">
          <p>
            <strong>The last {latest.trigger === 'sync' ? 'sync' : 'import'} was {latest.result === 'failed' ? 'not read' : 'refused'}</strong> ({formatWhen(latest.at)}
            {latest.repeated ? `, ${latest.repeated} times in a row` : ''}): {latest.reason}. The site still shows the listings it showed before.
          </p>
          {refused && refused.id === latest.id && (
            <p>
              If the agency really took these properties off the market, publish this import anyway.{' '}
              <button type="button" className="ed-button ed-button--small" disabled={!!busy} onClick={() => setConfirm('publish')}>
                Publish anyway
              </button>
            </p>
          )}
        </div>
      )}

      <h2>History</h2>
      {data.entries.length === 0 ? (
        <p>No import yet.</p>
      ) : (
        <table className="ed-table ed-listings__history">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">How</th>
              <th scope="col">Result</th>
              <th scope="col">What</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((e) => (
              <ListingRow key={`${e.id}-${e.at}`} entry={e} open={open === e.id} onToggle={() => setOpen(open === e.id ? null : e.id)} live={e.id === data.live.set} />
            ))}
          </tbody>
        </table>
      )}

      {confirm === 'rollback' && (
        <ConfirmDialog
          title="Restore the previous import?"
          message={<p>The listings of the import before the current one go live again at once. The current import is kept and can be published again by importing it.</p>}
          confirmLabel="Restore"
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            setConfirm(null);
            await act('rollback', listingsApi.rollback);
          }}
        />
      )}
      {confirm === 'publish' && refused && (
        <ConfirmDialog
          title="Publish the refused import?"
          message={<p>{refused.reason ? `It was refused because ${refused.reason}.` : ''} Publishing it takes those properties off the site now.</p>}
          confirmLabel="Publish anyway"
          danger
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            setConfirm(null);
            await act('publish', () => listingsApi.publish(refused.id));
          }}
        />
      )}
    </section>
  );
}

function ListingRow({ entry: e, open, onToggle, live }: { entry: ImportEntry; open: boolean; onToggle: () => void; live: boolean }) {
  return (
    <>
      <tr>
        <td>{formatWhen(e.at)}</td>
        <td>
          {TRIGGER_LABEL[e.trigger]}
          {e.by ? ` by ${e.by}` : ''}
          <br />
          <small className="ed-listings__source">{e.source}</small>
        </td>
        <td>
          <span className={`ed-badge ${RESULT_BADGE[e.result]}`}>{RESULT_LABEL[e.result]}</span>
          {live && e.result === 'accepted' && <span className="ed-listings__live"> (shown now)</span>}
          {e.repeated ? ` ×${e.repeated}` : ''}
        </td>
        <td>
          {what(e)}
          {(e.result === 'refused' || e.result === 'failed') && e.reason && <div className="ed-listings__reason">{e.reason[0].toUpperCase() + e.reason.slice(1)}.</div>}
        </td>
        <td>
          {e.problemCount > 0 ? (
            <button type="button" className="ed-button ed-button--small ed-button--ghost" aria-expanded={open} onClick={onToggle}>
              {open ? 'Hide' : 'Show'} {n(e.problemCount)}
            </button>
          ) : (
            'None'
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5}>
            <Problems entry={e} />
          </td>
        </tr>
      )}
    </>
  );
}
