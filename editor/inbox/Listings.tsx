/**
 * The listings from the CRM (admins): what visitors see now, the last sync or import and the
 * history of imports — accepted, refused, failed, restored — with each one's problems in plain
 * words; "Sync now", "Restore the previous import" and "Publish anyway" for a refused import.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from '../api.ts';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { useSession } from '../store.ts';
import { formatWhen, tr, useT, useUiLang, type MessageKey, type UiLang } from '../i18n/index.ts';
import { useStaffName } from '../staff/names.ts';
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
  sync:
    { configured: false } | { configured: true; url: string | null; minutes: number; checkedAt: string | null; result: string | null; reason: string | null };
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

const resultLabel = (r: string) => (['accepted', 'refused', 'failed', 'restored'].includes(r) ? tr(`listings.result.${r}` as MessageKey) : r);
const RESULT_BADGE: Record<ImportEntry['result'], string> = {
  accepted: 'ed-badge--ok',
  refused: 'ed-badge--error',
  failed: 'ed-badge--error',
  restored: 'ed-badge--changed',
};
const triggerLabel = (t: ImportEntry['trigger']) => tr(`listings.trigger.${t}` as MessageKey);
const LOCALE: Record<UiLang, string> = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' };
const n = (x: number) => x.toLocaleString(LOCALE[useUiLang.getState().lang]);

function what(e: ImportEntry): string {
  const c = e.counts;
  if (e.result === 'restored') return e.reason ? `${e.reason[0].toUpperCase()}${e.reason.slice(1)}.` : tr('listings.earlierLive');
  const parts: string[] = [];
  if (c) parts.push(tr('listings.counts', { properties: c.properties, projects: c.projects }));
  if (c?.refusedRecords) parts.push(tr('listings.refusedRecords', { n: n(c.refusedRecords), total: n(c.records) }));
  if (e.removed) parts.push(tr('listings.changed', { added: n(e.added ?? 0), removed: n(e.removed.count) }));
  if (e.forced) parts.push(tr('listings.forced'));
  return parts.join(' · ');
}

function Problems({ entry }: { entry: ImportEntry }) {
  const [full, setFull] = useState<ImportEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listingsApi.entry(entry.id).then(setFull, (e: Error) => setError(e.message));
  }, [entry.id]);
  if (error) return <p className="ed-alert ed-alert--error">{error}</p>;
  if (!full) return <p className="ed-loading">{tr('common.loading')}</p>;
  const problems = full.problems ?? [];
  return (
    <div className="ed-listings__problems">
      {problems.length === 0 ? (
        <p>{tr('listings.noProblems')}</p>
      ) : (
        <table className="ed-table">
          <caption className="ed-visually-hidden">{tr('listings.problemsOf', { when: formatWhen(entry.at) })}</caption>
          <thead>
            <tr>
              <th scope="col">{tr('listings.record')}</th>
              <th scope="col">{tr('listings.field')}</th>
              <th scope="col">{tr('listings.wrong')}</th>
              <th scope="col">{tr('listings.done')}</th>
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
                <td>
                  {p.action === 'refused' ? tr('listings.actionRefused') : p.action === 'left out' ? tr('listings.actionLeftOut') : tr('listings.actionInfo')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {full.problemCount > problems.length && (
        <p className="ed-help">
          {tr('listings.firstProblems', { n: n(problems.length), total: n(full.problemCount) })}{' '}
          <code>npm run import -- FILE --problems {full.problemCount}</code>
        </p>
      )}
    </div>
  );
}

export default function Listings() {
  const t = useT();
  useUiLang((s) => s.lang); // redraws in the editor's language
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
      if (o?.result === 'unchanged') setNotice(t('listings.unchanged'));
      else if (o?.entry) setNotice(`${resultLabel(o.entry.result)}: ${o.entry.reason ?? what(o.entry)}`);
    } catch (e) {
      if (!expired(e)) setError(e instanceof ApiError ? e.message : t('listings.failed', { error: (e as Error).message }));
    } finally {
      setBusy(null);
    }
  };

  if (!data)
    return error ? (
      <p className="ed-alert ed-alert--error" role="alert">
        {error}
      </p>
    ) : (
      <p className="ed-loading">{t('common.loading')}</p>
    );
  const latest = data.entries[0];
  const refused = data.refusedSet ? data.entries.find((e) => e.id === data.refusedSet) : undefined;

  return (
    <section className="ed-listings" aria-labelledby="ed-listings-title">
      <h1 id="ed-listings-title">{t('nav.listings')}</h1>
      <p className="ed-help">{t('listings.help')}</p>

      <div className="ed-listings__summary">
        <div>
          <h2>{t('listings.now')}</h2>
          <p>
            {t('listings.live', { properties: data.live.properties, projects: data.live.projects })}
            {data.live.sample ? ` — ${t('listings.sample')}` : data.live.since ? `, ${t('listings.since', { when: formatWhen(data.live.since) })}` : '.'}
          </p>
        </div>
        <div>
          <h2>{t('listings.syncTitle')}</h2>
          {data.sync.configured ? (
            <p>
              {t('listings.every', { minutes: data.sync.minutes })} <code>{data.sync.url ?? '—'}</code>.
              {data.sync.checkedAt && (
                <>
                  {' '}
                  {t('listings.lastChecked', { when: formatWhen(data.sync.checkedAt) })}
                  {t('common.colon')}
                  {data.sync.result === 'unchanged' ? t('listings.noChange') : data.sync.result ? resultLabel(data.sync.result) : ''}
                  {data.sync.reason ? ` (${data.sync.reason})` : ''}.
                </>
              )}
            </p>
          ) : (
            <p>
              {t('listings.noFeed')} <code>LISTINGS_URL</code> · <code>npm run import -- FILE</code>
            </p>
          )}
        </div>
      </div>

      <div className="ed-inbox__actions" role="group" aria-label={t('listings.actions')}>
        <button
          type="button"
          className="ed-button ed-button--primary"
          disabled={!data.sync.configured || !!busy}
          onClick={() => void act('sync', listingsApi.sync)}
        >
          {busy === 'sync' ? t('listings.syncing') : t('listings.syncNow')}
        </button>
        <button type="button" className="ed-button" disabled={!data.canRollback || !!busy} onClick={() => setConfirm('rollback')}>
          {t('listings.restorePrevious')}
        </button>
        <button type="button" className="ed-button ed-button--ghost" disabled={!!busy} onClick={() => void load()}>
          {t('listings.refresh')}
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
            <strong>
              {t(
                latest.result === 'failed'
                  ? latest.trigger === 'sync'
                    ? 'listings.lastSyncFailed'
                    : 'listings.lastImportFailed'
                  : latest.trigger === 'sync'
                    ? 'listings.lastSyncRefused'
                    : 'listings.lastImportRefused',
              )}
            </strong>{' '}
            ({formatWhen(latest.at)}
            {latest.repeated ? `, ${t('listings.times', { n: latest.repeated })}` : ''}){t('common.colon')}
            {latest.reason}. {t('listings.stillShows')}
          </p>
          {refused && refused.id === latest.id && (
            <p>
              {t('listings.publishAnywayHelp')}{' '}
              <button type="button" className="ed-button ed-button--small" disabled={!!busy} onClick={() => setConfirm('publish')}>
                {t('listings.publishAnyway')}
              </button>
            </p>
          )}
        </div>
      )}

      <h2>{t('doc.history')}</h2>
      {data.entries.length === 0 ? (
        <p>{t('listings.noImport')}</p>
      ) : (
        <table className="ed-table ed-listings__history">
          <thead>
            <tr>
              <th scope="col">{t('history.when')}</th>
              <th scope="col">{t('listings.how')}</th>
              <th scope="col">{t('listings.result')}</th>
              <th scope="col">{t('listings.what')}</th>
              <th scope="col">{t('listings.problems')}</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((e) => (
              <ListingRow
                key={`${e.id}-${e.at}`}
                entry={e}
                open={open === e.id}
                onToggle={() => setOpen(open === e.id ? null : e.id)}
                live={e.id === data.live.set}
              />
            ))}
          </tbody>
        </table>
      )}

      {confirm === 'rollback' && (
        <ConfirmDialog
          title={t('listings.restoreTitle')}
          message={<p>{t('listings.restoreMessage')}</p>}
          confirmLabel={t('history.restore')}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            setConfirm(null);
            await act('rollback', listingsApi.rollback);
          }}
        />
      )}
      {confirm === 'publish' && refused && (
        <ConfirmDialog
          title={t('listings.publishTitle')}
          message={
            <p>
              {refused.reason ? `${t('listings.refusedBecause', { reason: refused.reason })} ` : ''}
              {t('listings.publishMessage')}
            </p>
          }
          confirmLabel={t('listings.publishAnyway')}
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
  const nameOf = useStaffName();
  return (
    <>
      <tr>
        <td>{formatWhen(e.at)}</td>
        <td>
          {triggerLabel(e.trigger)}
          {e.by ? ` (${nameOf(e.by)})` : ''}
          <br />
          <small className="ed-listings__source">{e.source}</small>
        </td>
        <td>
          <span className={`ed-badge ${RESULT_BADGE[e.result]}`}>{resultLabel(e.result)}</span>
          {live && e.result === 'accepted' && <span className="ed-listings__live"> {tr('listings.shownNow')}</span>}
          {e.repeated ? ` ×${e.repeated}` : ''}
        </td>
        <td>
          {what(e)}
          {(e.result === 'refused' || e.result === 'failed') && e.reason && (
            <div className="ed-listings__reason">{e.reason[0].toUpperCase() + e.reason.slice(1)}.</div>
          )}
        </td>
        <td>
          {e.problemCount > 0 ? (
            <button type="button" className="ed-button ed-button--small ed-button--ghost" aria-expanded={open} onClick={onToggle}>
              {tr(open ? 'listings.hide' : 'listings.show', { n: n(e.problemCount) })}
            </button>
          ) : (
            tr('owners.noProperties')
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
