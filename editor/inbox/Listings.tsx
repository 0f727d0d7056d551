/**
 * The listings from the CRM (admins): what visitors see now and since when, the CRM feed (or that
 * it is not connected and who connects it), import a file, "Sync now", "Restore the previous
 * import" (the sample after the first import; a sentence says why when there is nothing to
 * restore), the report of what was just done, a refused import to publish anyway after a
 * confirmation naming what leaves the site, and the history (ListingHistory.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { useSession } from '../store.ts';
import { formatWhen, tr, useT, useUiLang } from '../i18n/index.ts';
import { listingsApi, type ImportEntry, type Overview } from './listings-api.ts';
import { actionText, busyText, cap, countsText, entrySentence, errorText, num, reasonText, whoText } from './listing-text.ts';
import { ListingHistory, Problems } from './ListingHistory.tsx';
import { ListingUpload } from './ListingUpload.tsx';
import './inbox.css';
import './listings.css';

type Busy = 'upload' | 'sync' | 'rollback' | 'publish' | null;
const TONE: Record<ImportEntry['result'], string> = {
  accepted: 'ed-alert--success',
  refused: 'ed-alert--warning',
  failed: 'ed-alert--error',
  restored: 'ed-alert--info',
  unchanged: 'ed-alert--info',
};

export default function Listings() {
  const t = useT();
  const uiLang = useUiLang((s) => s.lang);
  const expired = useSession((s) => s.expired);
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImportEntry | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirm, setConfirm] = useState<'rollback' | 'publish' | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await listingsApi.overview());
      setError(null);
    } catch (e) {
      if (!expired(e)) setError(errorText(e));
    }
  }, [expired]);
  useEffect(() => {
    void load();
  }, [load]);

  const show = (next: Overview) => {
    setData(next);
    setOutcome(next.outcome?.entry ?? (next.outcome?.result === 'unchanged' ? ({ result: 'unchanged' } as ImportEntry) : null));
  };
  const act = async (what: Busy, run: () => Promise<Overview>) => {
    setBusy(what);
    setError(null);
    setOutcome(null);
    try {
      show(await run());
    } catch (e) {
      if (!expired(e)) {
        setError(errorText(e));
        void load();
      }
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

  const refused = data.refused;
  const undo = data.undo;
  const undoLine = undo.possible
    ? undo.to === 'sample'
      ? t('listings.undoTo.sample')
      : undo.entry
        ? t('listings.undoTo.import', { when: formatWhen(undo.entry.at) })
        : ''
    : reasonText(undo.code, undo.params);

  return (
    <section className="ed-listings" aria-labelledby="ed-listings-title" lang={uiLang}>
      <h1 id="ed-listings-title">{t('nav.listings')}</h1>
      <p className="ed-help">{t('listings.help')}</p>

      <div className="ed-listings__summary">
        <div>
          <h2>{t('listings.now')}</h2>
          <p>
            {t('listings.live', { properties: data.live.properties, projects: data.live.projects })}
            {data.live.sample ? '.' : data.live.since ? `, ${t('listings.since', { when: formatWhen(data.live.since) })}` : '.'}
          </p>
          {data.live.sample && <p>{data.live.since ? t('listings.sampleAgain', { when: formatWhen(data.live.since) }) : t('listings.sample')}</p>}
        </div>
        <div>
          <h2>{t('listings.feedTitle')}</h2>
          {data.sync.configured ? (
            <p>
              {t('listings.feedOn', { host: data.sync.host, minutes: data.sync.minutes })}
              {data.sync.checkedAt && (
                <>
                  {' '}
                  {t('listings.feedChecked', {
                    when: formatWhen(data.sync.checkedAt),
                    result:
                      data.sync.result === 'unchanged' || !data.sync.result
                        ? `${t('listings.result.unchanged').toLowerCase()}.`
                        : `${t(`listings.result.${data.sync.result}`).toLowerCase()}${data.sync.code && data.sync.result !== 'accepted' ? ` — ${reasonText(data.sync.code, data.sync.params)}` : '.'}`,
                  })}
                </>
              )}
            </p>
          ) : (
            <p className="ed-listings__nofeed">{t('listings.feedOff')}</p>
          )}
        </div>
      </div>

      {data.busy && !busy && (
        <p className="ed-alert ed-alert--info" role="status">
          {busyText(data.busy)}
        </p>
      )}

      <ListingUpload
        maxBytes={data.limits.maxBytes}
        disabled={!!busy}
        onStart={() => {
          setBusy('upload');
          setError(null);
          setOutcome(null);
        }}
        onDone={(r) => {
          setBusy(null);
          if (r.overview) show(r.overview);
          if (r.error) {
            setError(r.error);
            void load();
          }
        }}
      />

      <div className="ed-listings__actions" role="group" aria-label={t('listings.actions')}>
        {data.sync.configured && (
          <button type="button" className="ed-button ed-button--primary" disabled={!!busy} onClick={() => void act('sync', listingsApi.sync)}>
            {busy === 'sync' ? t('listings.syncing') : t('listings.syncNow')}
          </button>
        )}
        <button
          type="button"
          className="ed-button"
          disabled={!undo.possible || !!busy}
          aria-describedby="ed-listings-undo"
          onClick={() => setConfirm('rollback')}
        >
          {busy === 'rollback' ? t('listings.restoring') : t('listings.restorePrevious')}
        </button>
        <button type="button" className="ed-button ed-button--ghost" disabled={!!busy} onClick={() => void load()}>
          {t('listings.refresh')}
        </button>
      </div>
      <p id="ed-listings-undo" className="ed-help ed-listings__undo">
        {undoLine}
      </p>

      <div aria-live="polite">
        {outcome && (
          <Report
            entry={outcome}
            onPublish={refused?.entry.id === outcome.id ? () => setConfirm('publish') : undefined}
            publishing={busy === 'publish'}
            disabled={!!busy}
          />
        )}
        {error && (
          <p className="ed-alert ed-alert--error" role="alert">
            {error}
          </p>
        )}
      </div>

      {refused && refused.entry.id !== outcome?.id && (
        <div className="ed-alert ed-alert--warning ed-listings__refused" role="status">
          <p>
            <strong>{t('listings.refusedTitle')}</strong>
          </p>
          <p>
            {actionText(refused.entry)} {formatWhen(refused.entry.at)}
            {whoText(refused.entry) ? ` ${whoText(refused.entry)}` : ''}
            {t('common.colon')}
            {reasonText(refused.entry.code, refused.entry.params, 'refused')}
          </p>
          <p>{t('listings.publishAnywayHelp')}</p>
          <button type="button" className="ed-button ed-button--small" disabled={!!busy} onClick={() => setConfirm('publish')}>
            {busy === 'publish' ? t('listings.publishing') : t('listings.publishAnyway')}
          </button>
        </div>
      )}

      <h2>{t('listings.history')}</h2>
      <ListingHistory entries={data.entries} live={data.live.set} />

      {confirm === 'rollback' && undo.possible && (
        <ConfirmDialog
          title={t('listings.restoreTitle')}
          message={
            <>
              <p>
                {undo.to === 'sample'
                  ? t('listings.restoreToSample')
                  : t('listings.restoreToImport', { when: formatWhen(undo.entry?.at), properties: undo.entry?.counts?.properties ?? 0 })}
              </p>
              {undo.to === 'import' && <p>{t('listings.restoreAfter')}</p>}
            </>
          }
          confirmLabel={t('listings.restore')}
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
          message={<Removal refused={refused} />}
          confirmLabel={t('listings.publishAnyway')}
          danger
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            setConfirm(null);
            await act('publish', () => listingsApi.publish(refused.entry.id));
          }}
        />
      )}
    </section>
  );
}

/** What was just done, in one sentence and the counts, with the import's problems a click away (and "Publish anyway" for a refused one). */
function Report({ entry, onPublish, publishing, disabled }: { entry: ImportEntry; onPublish?: () => void; publishing: boolean; disabled: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const counts = entry.counts ? tr('listings.counts', { properties: entry.counts.properties, projects: entry.counts.projects }) : '';
  const rest = countsText(entry).slice(1).map(cap);
  const details =
    entry.result === 'accepted'
      ? rest.join(' · ')
      : entry.result === 'refused' && counts
        ? [tr('listings.fileHeld', { counts }), ...rest.map((x) => `${x}.`)].join(' ')
        : '';
  return (
    <div className={`ed-alert ${TONE[entry.result]} ed-listings__report`} role="status">
      <p>{entrySentence(entry)}</p>
      {details && <p>{details}</p>}
      {entry.problemCount > 0 && (
        <p>
          {t('listings.problemCount', { n: entry.problemCount })}{' '}
          <button type="button" className="ed-button ed-button--small ed-button--ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t(open ? 'listings.hide' : 'listings.show', { n: num(entry.problemCount) })}
          </button>
        </p>
      )}
      {open && <Problems entry={entry} />}
      {onPublish && (
        <>
          <p>{t('listings.publishAnywayHelp')}</p>
          <button type="button" className="ed-button ed-button--small" disabled={disabled} onClick={onPublish}>
            {publishing ? t('listings.publishing') : t('listings.publishAnyway')}
          </button>
        </>
      )}
    </div>
  );
}

/** The confirmation of "Publish anyway": how many properties leave the site, and the first of them by their titles. */
function Removal({ refused }: { refused: NonNullable<Overview['refused']> }) {
  const t = useT();
  const lang = useUiLang((s) => s.lang);
  const r = refused.removal;
  if (!r) return <p>{t('listings.publishNoList')}</p>;
  return (
    <>
      <p>{t('listings.publishRemoves', { count: r.count, of: r.of, added: r.added })}</p>
      <ul className="ed-listings__removed">
        {r.examples.map((x) => (
          <li key={x.id}>
            {x.title[lang] ?? Object.values(x.title)[0] ?? ''} <span className="ed-listings__ref">({t('listings.propertyNo', { id: x.id })})</span>
          </li>
        ))}
      </ul>
      {r.count > r.examples.length && <p>{t('listings.publishMore', { n: r.count - r.examples.length })}</p>}
      {refused.entry.counts && <p>{t('listings.publishAfter', { n: refused.entry.counts.properties })}</p>}
    </>
  );
}
