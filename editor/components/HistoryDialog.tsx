import { useEffect, useState } from 'react';
import type { RevisionInfo } from '../api.ts';
import type { DocumentHandle } from '../useDocument.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { ConfirmDialog, Dialog } from './Dialog.tsx';

/** The revisions of a document (drafts marked), each but the newest restorable after a confirmation. */
export function HistoryDialog<T>({ doc, onClose }: { doc: DocumentHandle<T>; onClose: () => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const [revisions, setRevisions] = useState<RevisionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ask, setAsk] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    doc
      .history()
      .then((r) => live && setRevisions(r))
      .catch((e) => live && setError((e as Error).message));
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const newest = revisions?.length ? Math.max(...revisions.map((r) => r.rev)) : doc.base?.rev;
  return (
    <Dialog title={t('doc.history')} onClose={onClose} wide>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!revisions && !error && <p aria-live="polite">{t('common.loading')}</p>}
      {revisions && (
        <table className="ed-table ed-history">
          <caption className="ed-visually-hidden">{t('history.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.rev')}</th>
              <th scope="col">{t('history.when')}</th>
              <th scope="col">{t('history.by')}</th>
              <th scope="col">{t('history.what')}</th>
              <th scope="col">
                <span className="ed-visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((r) => (
              <tr key={r.rev} data-rev={r.rev}>
                <td>
                  {r.rev}
                  {!r.published && <span className="ed-badge ed-badge--draft">{t('history.draft')}</span>}
                </td>
                <td>
                  <time dateTime={r.at}>{formatWhen(r.at, ui)}</time>
                </td>
                <td>{r.rev === 0 ? t('history.shippedBy') : r.by}</td>
                <td>{r.rev === 0 ? t('history.shipped') : r.summary || '—'}</td>
                <td>
                  {r.rev === newest ? (
                    <span className="ed-muted">{t('history.newest')}</span>
                  ) : (
                    <button
                      type="button"
                      className="ed-button ed-button--small"
                      onClick={() => setAsk(r.rev)}
                      aria-label={t('history.restoreRev', { rev: r.rev })}
                    >
                      {t('history.restore')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {revisions.length === 0 && (
              <tr>
                <td colSpan={5}>{t('history.none')}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {ask !== null && (
        <ConfirmDialog
          title={t('history.restoreTitle', { rev: ask })}
          message={
            <>
              <p>{t('history.restoreMessage', { rev: ask })}</p>
              {doc.dirty && <p>{t('history.restoreDiscards')}</p>}
            </>
          }
          confirmLabel={t('history.restore')}
          onClose={() => setAsk(null)}
          onConfirm={async () => {
            // Restored over the newest revision listed here: the user sees what they replace.
            const ok = await doc.restore(ask, newest);
            setAsk(null);
            if (ok) onClose();
          }}
        />
      )}
    </Dialog>
  );
}
