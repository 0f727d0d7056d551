/**
 * The save bar of a document, the same on pages, settings and dictionaries: Save (publishes),
 * Save as draft, Publish (when a draft is stored), History (restore an old revision), the status
 * line (aria-live), a conflict with a colleague's save, and the problems of the document — those
 * the editor found (nothing is sent while there are any) and those the server answered.
 */
import { useEffect, useState } from 'react';
import type { RevisionInfo } from '../api.ts';
import { conflictMessage, formatTime, type DocumentHandle } from '../useDocument.ts';
import { ConfirmDialog, Dialog } from './Dialog.tsx';

export interface FieldProblem {
  pointer: string;
  message: string;
  /** Where, in words ("Modules › News / blog › Span"). */
  label?: string;
}

export function DocumentBar<T>({
  doc,
  clientErrors,
  onRefused,
  onShowProblem,
  title,
}: {
  doc: DocumentHandle<T>;
  /** The editor's own findings (schema and required texts); a save is refused while there are any. */
  clientErrors: FieldProblem[];
  /** A save was refused for `clientErrors`: reveal them. */
  onRefused?: () => void;
  /** Bring the field of a problem into view. */
  onShowProblem?: (pointer: string) => void;
  title?: string;
}) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const [reloadAsk, setReloadAsk] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!doc.dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [doc.dirty]);
  useEffect(() => {
    if (clientErrors.length === 0) setRefused(false);
  }, [clientErrors.length]);

  const attempt = async (publish: boolean) => {
    if (clientErrors.length) {
      setRefused(true);
      doc.announce(`Not saved: ${clientErrors.length} field${clientErrors.length > 1 ? 's need' : ' needs'} fixing (marked below).`);
      onRefused?.();
      return;
    }
    setRefused(false);
    await doc.save(publish);
  };

  const problems: FieldProblem[] = doc.problems.map((p) => {
    const other = (p as { key?: string }).key;
    return other && other !== doc.key ? { pointer: '', message: p.message, label: `${other} ${p.pointer}` } : { pointer: p.pointer, message: p.message };
  });
  const stamp = doc.base ? `Revision ${doc.base.rev}${doc.base.rev === 0 ? ' (as shipped)' : ''}${doc.base.at ? ` · ${formatTime(doc.base.at)}` : ''}${doc.base.by ? ` by ${doc.base.by}` : ''}` : '';

  return (
    <div className="ed-docbar" role="region" aria-label={title ? `Save ${title}` : 'Save'}>
      <div className="ed-docbar__row">
        <div className="ed-docbar__state">
          {doc.hasDraft && <span className="ed-badge ed-badge--draft">Draft stored</span>}
          {doc.dirty ? <span className="ed-badge ed-badge--changed">Unsaved changes</span> : <span className="ed-muted">{stamp}</span>}
        </div>
        <div className="ed-docbar__actions">
          <button type="button" className="ed-button" onClick={() => setHistoryOpen(true)} disabled={!doc.base}>
            History
          </button>
          {doc.hasDraft && (
            <button type="button" className="ed-button" onClick={() => void doc.publish()} disabled={doc.busy || doc.dirty} title={doc.dirty ? 'Save or discard your changes first' : undefined}>
              Publish
            </button>
          )}
          {doc.dirty && (
            <button type="button" className="ed-button ed-button--ghost" onClick={() => setReloadAsk(true)} disabled={doc.busy}>
              Discard changes
            </button>
          )}
          <button type="button" className="ed-button" onClick={() => void attempt(false)} disabled={doc.busy || !doc.base || !doc.dirty} title={doc.dirty ? undefined : 'Nothing changed since the last save'}>
            Save as draft
          </button>
          <button type="button" className="ed-button ed-button--primary" onClick={() => void attempt(true)} disabled={doc.busy || !doc.base || !doc.dirty} title={doc.dirty ? undefined : 'Nothing changed since the last save'}>
            Save
          </button>
        </div>
      </div>
      <p className="ed-docbar__status" role="status" aria-live="polite">
        {doc.status}
      </p>
      {doc.conflict && (
        <div className="ed-alert ed-alert--warning" role="alert">
          <p>{conflictMessage(doc.conflict)}</p>
          <button type="button" className="ed-button" onClick={() => setReloadAsk(true)}>
            Reload their version
          </button>
        </div>
      )}
      {doc.error && !doc.conflict && (
        <div className="ed-alert ed-alert--error" role="alert">
          {doc.error}
        </div>
      )}
      {refused && clientErrors.length > 0 && <ProblemList heading="Fix these fields before saving" items={clientErrors} onShow={onShowProblem} />}
      {problems.length > 0 && <ProblemList heading="The server refused this version" items={problems} onShow={onShowProblem} />}
      {historyOpen && <HistoryDialog doc={doc} onClose={() => setHistoryOpen(false)} />}
      {reloadAsk && (
        <ConfirmDialog
          title={doc.conflict ? 'Reload their version?' : 'Discard your changes?'}
          message="Your unsaved changes on this document are discarded and replaced by the newest stored version."
          confirmLabel={doc.conflict ? 'Reload' : 'Discard changes'}
          danger
          onClose={() => setReloadAsk(false)}
          onConfirm={async () => {
            await doc.reload();
            setReloadAsk(false);
          }}
        />
      )}
    </div>
  );
}

function ProblemList({ heading, items, onShow }: { heading: string; items: FieldProblem[]; onShow?: (pointer: string) => void }) {
  return (
    <div className="ed-alert ed-alert--error ed-problems" role="alert">
      <p className="ed-problems__heading">{heading}</p>
      <ul>
        {items.map((p, i) => (
          <li key={`${p.pointer}-${i}`}>
            {onShow && p.pointer ? (
              <button type="button" className="ed-link" onClick={() => onShow(p.pointer)}>
                {p.label ?? p.pointer}
              </button>
            ) : (
              <code>{p.label ?? p.pointer}</code>
            )}
            : {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function HistoryDialog<T>({ doc, onClose }: { doc: DocumentHandle<T>; onClose: () => void }) {
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
    <Dialog title="History" onClose={onClose} wide>
      {error && <p className="ed-alert ed-alert--error" role="alert">{error}</p>}
      {!revisions && !error && <p aria-live="polite">Loading…</p>}
      {revisions && (
        <table className="ed-table ed-history">
          <caption className="ed-visually-hidden">Revisions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Rev</th>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">What changed</th>
              <th scope="col">
                <span className="ed-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((r) => (
              <tr key={r.rev} data-rev={r.rev}>
                <td>
                  {r.rev}
                  {!r.published && <span className="ed-badge ed-badge--draft">draft</span>}
                </td>
                <td>
                  <time dateTime={r.at}>{formatTime(r.at)}</time>
                </td>
                <td>{r.by}</td>
                <td>{r.summary || '—'}</td>
                <td>
                  {r.rev === newest ? (
                    <span className="ed-muted">newest</span>
                  ) : (
                    <button type="button" className="ed-button ed-button--small" onClick={() => setAsk(r.rev)} aria-label={`Restore revision ${r.rev}`}>
                      Restore
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {revisions.length === 0 && (
              <tr>
                <td colSpan={5}>No saved revisions yet: this is the version shipped with the site.</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {ask !== null && (
        <ConfirmDialog
          title={`Restore revision ${ask}?`}
          message={
            <>
              <p>The content of revision {ask} becomes a new, published revision. Nothing is lost: the current version stays in the history.</p>
              {doc.dirty && <p>Your unsaved changes on this document are discarded.</p>}
            </>
          }
          confirmLabel="Restore"
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
