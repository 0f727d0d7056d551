/**
 * A document's versions as people read them (issue 38, point 3): numbered within the document (the
 * version shipped with the site is 0), who made each (by name) and when, and what it changed in
 * words — "Banner title (fr) changed", "Text module added". Any version can be viewed read-only,
 * any two compared side by side, any but the newest brought back (after a confirmation).
 */
import { ListTable } from './ListTable.tsx';
import '../content.css';
import { useEffect, useState } from 'react';
import { api, type RevisionInfo } from '../api.ts';
import type { DocumentHandle } from '../useDocument.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { useContentLang, useRegistry } from '../store.ts';
import { actionText, changeText, type ChangeContext } from '../change-text.ts';
import { ConfirmDialog, Dialog } from './Dialog.tsx';
import { VersionView } from './VersionView.tsx';

/** Changes said per version in the list (the comparison says them all). */
const SHOWN_CHANGES = 3;

export function HistoryDialog<T>({ doc, describe, onClose }: { doc: DocumentHandle<T>; describe: (pointer: string) => string; onClose: () => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const lang = useContentLang();
  const registry = useRegistry();
  const [revisions, setRevisions] = useState<RevisionInfo[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [ask, setAsk] = useState<RevisionInfo | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [view, setView] = useState<{ a: RevisionInfo; b?: RevisionInfo } | null>(null);
  const ctx: ChangeContext = { describe, types: registry.byView, lang, ui };

  const more = async (offset: number) => {
    try {
      const r = await api.history(doc.key, offset);
      setRevisions((list) => [...(offset ? (list ?? []) : []), ...r.revisions]);
      setTotal(r.total);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void more(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first page, once, when the dialog opens
  }, []);
  const newest = revisions?.[0];
  const byRev = new Map((revisions ?? []).map((r) => [r.rev, r]));
  const toggle = (rev: number) => setPicked((p) => (p.includes(rev) ? p.filter((x) => x !== rev) : [...p.slice(-1), rev]));
  const whatOf = (r: RevisionInfo) => {
    const action = actionText(r, ui);
    const changes = (r.changes ?? []).slice(0, SHOWN_CHANGES).map((c) => changeText(c, ctx));
    const rest = (r.changes?.length ?? 0) - changes.length + (r.more ?? 0);
    return [action, ...changes, ...(rest > 0 ? [t('history.moreChanges', { n: rest })] : [])].filter(Boolean) as string[];
  };

  return (
    <Dialog title={t('doc.history')} onClose={onClose} wide>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!revisions && !error && <p aria-live="polite">{t('common.loading')}</p>}
      {revisions && (
        <>
          <div className="ed-history__tools">
            <button
              type="button"
              className="ed-button"
              disabled={picked.length !== 2}
              onClick={() => {
                const [x, y] = [...picked].sort((a, b) => a - b);
                setView({ a: byRev.get(x)!, b: byRev.get(y)! });
              }}
            >
              {t('history.compareTwo')}
            </button>
            <span className="ed-muted">{t('history.pickTwo')}</span>
          </div>
          <ListTable
            className="ed-history"
            caption={t('history.caption')}
            columns={[{ hidden: t('history.pick') }, t('history.rev'), t('history.when'), t('history.by'), t('history.what')]}
          >
            {revisions.map((r) => (
              <tr key={r.rev} data-rev={r.rev} data-n={r.n}>
                <td>
                  {!r.deleted && (
                    <input
                      type="checkbox"
                      checked={picked.includes(r.rev)}
                      onChange={() => toggle(r.rev)}
                      aria-label={t('history.pickVersion', { n: r.n ?? r.rev })}
                    />
                  )}
                </td>
                <td data-label={t('history.rev')} data-label-inline>
                  {r.n ?? r.rev}
                  {!r.published && <span className="ed-badge ed-badge--draft">{t('history.draft')}</span>}
                  {r.offline && <span className="ed-badge ed-badge--offline">{t('doc.offline')}</span>}
                  {r.scheduled && <span className="ed-badge">{t('history.scheduled')}</span>}
                </td>
                <td>
                  <time dateTime={r.at}>{formatWhen(r.at, ui)}</time>
                </td>
                <td>{r.rev === 0 ? t('history.shippedBy') : (r.byName ?? r.by)}</td>
                <td>
                  <ul className="ed-history__what">
                    {whatOf(r).map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                </td>
                <td className="ed-history__actions">
                  {!r.deleted && (
                    <button
                      type="button"
                      className="ed-button ed-button--small"
                      onClick={() => setView({ a: r })}
                      aria-label={t('history.viewN', { n: r.n ?? r.rev })}
                    >
                      {t('history.view')}
                    </button>
                  )}
                  {r.rev === newest?.rev ? (
                    <span className="ed-muted">{t('history.newest')}</span>
                  ) : (
                    !r.deleted && (
                      <button
                        type="button"
                        className="ed-button ed-button--small"
                        onClick={() => setAsk(r)}
                        aria-label={t('history.restoreRev', { rev: r.n ?? r.rev })}
                      >
                        {t('history.restore')}
                      </button>
                    )
                  )}
                </td>
              </tr>
            ))}
            {revisions.length === 0 && (
              <tr>
                <td colSpan={6}>{t('history.none')}</td>
              </tr>
            )}
          </ListTable>
          {revisions.length < total && (
            <button type="button" className="ed-button" onClick={() => void more(revisions.length)}>
              {t('history.older', { n: total - revisions.length })}
            </button>
          )}
        </>
      )}
      {view && (
        <VersionView
          docKey={doc.key}
          a={view.a}
          b={view.b}
          ctx={ctx}
          onClose={() => setView(null)}
          onRestore={view.b || view.a.rev === newest?.rev ? undefined : () => setAsk(view.a)}
        />
      )}
      {ask !== null && (
        <ConfirmDialog
          title={t('history.restoreTitle', { rev: ask.n ?? ask.rev })}
          message={
            <>
              <p>{t('history.restoreMessage', { rev: ask.n ?? ask.rev })}</p>
              {doc.dirty && <p>{t('history.restoreDiscards')}</p>}
            </>
          }
          confirmLabel={t('history.restore')}
          onClose={() => setAsk(null)}
          onConfirm={async () => {
            // Restored over the newest revision listed here: the user sees what they replace.
            const ok = await doc.restore(ask.rev, newest?.rev, ask.n);
            setAsk(null);
            if (ok) onClose();
          }}
        />
      )}
    </Dialog>
  );
}
