/**
 * The save bar of a document, the same on pages, articles, settings and dictionaries: Save
 * (publishes), Save as draft (kept whatever its state, issue 38), Publish (a stored draft, or again
 * after it was taken off the site), Take off the site, History, the status line (aria-live), the
 * state of each language, and what needs the staff member: edits of theirs kept in this browser
 * (restore or discard), a version marked for repair, a conflict with a colleague's save, the
 * problems of the document — those that stop a publication (the editor's own findings and the
 * server's) and a stored draft's marks — each a sentence naming the field by its label and the
 * page or module by its name, in the editor's language.
 */
import '../content.css';
import { useEffect, useState } from 'react';
import type { Lang } from '../../shared/constants.ts';
import type { Problem } from '../api.ts';
import type { DocumentHandle } from '../useDocument.ts';
import { formatWhen, langName, useT, useUiLang } from '../i18n/index.ts';
import { problemMessage } from '../validation.ts';
import { ConfirmDialog } from './Dialog.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { ScheduleControl } from './ScheduleControl.tsx';
import { ConflictPanel, ProblemList } from './DocProblems.tsx';
import { LangStates } from './LangStates.tsx';
import { systemRoleText } from '../trash-text.ts';

export { plainValue } from './DocProblems.tsx';
import { PresenceNote } from './PresenceNote.tsx';

export interface FieldProblem {
  pointer: string;
  message: string;
  /** Where, in words ("Title (fr) of the module “News”"). */
  label?: string;
}

/** A field of the document, in words, from its JSON pointer (the screen knows its labels and names). */
export type Describe = (pointer: string) => string;

export function DocumentBar<T>({
  doc,
  clientErrors,
  onRefused,
  onShowProblem,
  describe,
  showValue,
  title,
  written,
  canUnpublish,
  confirmPublish,
}: {
  doc: DocumentHandle<T>;
  /** The editor's own findings (schema and required texts); a publication is refused while there are any, a draft is kept with them. */
  clientErrors: FieldProblem[];
  /** A publication was refused for `clientErrors`: reveal them. */
  onRefused?: () => void;
  /** Bring the field of a problem into view. */
  onShowProblem?: (pointer: string) => void;
  describe?: Describe;
  /** A value of the document in words (a module by its name, say); plain text otherwise. */
  showValue?: (value: unknown, pointer: string) => string;
  title?: string;
  /** A page's or article's languages the draft is written in (its other languages are not shown to visitors). */
  written?: Lang[];
  /** The document can be taken off the site (a page, an article, the popup, the home banner). */
  canUnpublish?: boolean;
  /** Asked before a version is published (a page whose address changes): false cancels. */
  confirmPublish?: () => Promise<false | { keepOldAddresses?: boolean }>;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [reloadAsk, setReloadAsk] = useState(false);
  const [refused, setRefused] = useState(false);
  const [dropping, setDropping] = useState<Lang[] | null>(null);
  const [unpublishAsk, setUnpublishAsk] = useState<null | { roles?: Array<{ role: string; detail?: string[] }> }>(null);
  const where = describe ?? ((p: string) => p);

  useEffect(() => {
    if (clientErrors.length === 0) setRefused(false);
  }, [clientErrors.length]);

  // Languages shown to visitors now that this version would take away.
  const dropped = (): Lang[] =>
    written && doc.base?.langs
      ? (Object.entries(doc.base.langs) as Array<[Lang, string]>).filter(([l, state]) => state !== 'missing' && !written.includes(l)).map(([l]) => l)
      : [];

  const attempt = async (publish: boolean, confirmed = false) => {
    // A draft is kept whatever its state; what stops a publication is marked.
    if (publish && clientErrors.length) {
      setRefused(true);
      doc.announce(t('doc.fixFirst', { n: clientErrors.length }));
      onRefused?.();
      return;
    }
    if (publish && !confirmed && dropped().length && !doc.base?.isNew) {
      setDropping(dropped());
      return;
    }
    setRefused(false);
    const extra = publish && confirmPublish ? await confirmPublish() : {};
    if (extra === false) return;
    await doc.save(publish, extra);
  };

  const unpublish = async (force?: boolean) => {
    const r = await doc.unpublish(force);
    if (r === true) setUnpublishAsk(null);
    else if (r.code === 'unpublish.systemConfirm') setUnpublishAsk({ roles: r.roles });
    else if (r.code === 'unpublish.system') {
      setUnpublishAsk(null);
      doc.announce(t('doc.unpublishSystem', { why: (r.roles ?? []).map((x) => systemRoleText(x, ui)).join(' ') }));
    } else setUnpublishAsk(null);
  };

  const problem = (p: Problem): FieldProblem => {
    const other = p.key && p.key !== doc.key ? p.key : undefined;
    return { pointer: other ? '' : p.pointer, message: problemMessage(p, ui), label: other ? t('doc.otherDocument', { key: other }) : where(p.pointer) };
  };
  const serverProblems = doc.problems.map(problem);
  const marks = doc.hasDraft && !doc.dirty ? doc.marks.map(problem) : [];
  const repair: FieldProblem[] = (doc.base?.repair ?? []).map((p) => ({ pointer: p.pointer, message: problemMessage(p, ui), label: where(p.pointer) }));
  const base = doc.base;
  const stamp = base
    ? base.isNew
      ? t('doc.stampNew')
      : base.rev === 0
        ? t('doc.stampShipped')
        : t('doc.stamp', { rev: base.n ?? base.rev, when: formatWhen(base.at, ui), by: base.byName ?? base.by ?? '' })
    : '';
  const live = !!base && !base.isNew && base.published && !base.offline;

  return (
    <div className="ed-docbar" role="region" aria-label={title ? t('doc.barOf', { title }) : t('doc.bar')}>
      {/* The buttons and what they did: on a phone, a bar at the bottom of the screen (phone.css). */}
      <div className="ed-docbar__main">
        <div className="ed-docbar__row">
          <div className="ed-docbar__state">
            {base?.offline && <span className="ed-badge ed-badge--offline">{t('doc.offline')}</span>}
            {doc.hasDraft && <span className="ed-badge ed-badge--draft">{t('doc.draftStored')}</span>}
            {doc.dirty ? <span className="ed-badge ed-badge--changed">{t('doc.unsaved')}</span> : <span className="ed-muted">{stamp}</span>}
          </div>
          <div className="ed-docbar__actions">
            <button type="button" className="ed-button" onClick={() => setHistoryOpen(true)} disabled={!base || base.isNew}>
              {t('doc.history')}
            </button>
            {canUnpublish && live && !doc.hasDraft && (
              <button type="button" className="ed-button ed-button--ghost" onClick={() => setUnpublishAsk({})} disabled={doc.busy || doc.dirty}>
                {t('doc.unpublish')}
              </button>
            )}
            {(doc.hasDraft || base?.offline) && (
              <button
                type="button"
                className="ed-button"
                onClick={() => void doc.publish()}
                disabled={doc.busy || doc.dirty || marks.length > 0}
                title={doc.dirty ? t('doc.saveOrDiscardFirst') : marks.length ? t('doc.marksFirst') : undefined}
              >
                {base?.offline && !doc.hasDraft ? t('doc.publishAgain') : t('doc.publish')}
              </button>
            )}
            {doc.dirty && (
              <button type="button" className="ed-button ed-button--ghost" onClick={() => setReloadAsk(true)} disabled={doc.busy}>
                {t('doc.discard')}
              </button>
            )}
            <button
              type="button"
              className="ed-button"
              onClick={() => void attempt(false)}
              disabled={doc.busy || !base || !doc.dirty}
              title={doc.dirty ? undefined : t('doc.nothingChanged')}
            >
              {t('doc.saveDraft')}
            </button>
            <button
              type="button"
              className="ed-button ed-button--primary"
              onClick={() => void attempt(true)}
              disabled={doc.busy || !base || !doc.dirty}
              title={doc.dirty ? undefined : t('doc.nothingChanged')}
            >
              {t('doc.save')}
            </button>
          </div>
        </div>
        <p className="ed-docbar__status" role="status" aria-live="polite">
          {doc.status}
        </p>
      </div>
      {base?.langs && written && <LangStates stored={base.langs} written={written} />}
      <ScheduleControl doc={doc} />
      {/* Issue 38, points 2 and 5: who else has it open, and where the unsaved changes are kept. */}
      <PresenceNote doc={doc} />
      {doc.offer && (
        <div className="ed-alert ed-alert--info ed-offer" role="alert">
          <p>{t(doc.offer.source === 'server' ? 'autosave.offer' : 'doc.offer', { when: formatWhen(doc.offer.at, ui) })}</p>
          <div className="ed-offer__buttons">
            <button type="button" className="ed-button ed-button--primary" onClick={doc.restoreOffer}>
              {t('doc.offerRestore')}
            </button>
            <button type="button" className="ed-button ed-button--ghost" onClick={doc.discardOffer}>
              {t('doc.offerDiscard')}
            </button>
          </div>
        </div>
      )}
      {repair.length > 0 && <ProblemList heading={t('doc.repairHeading')} intro={t('doc.repairIntro')} items={repair} onShow={onShowProblem} tone="warning" />}
      {doc.conflict && <ConflictPanel doc={doc} describe={where} showValue={showValue} onReload={() => setReloadAsk(true)} />}
      {doc.error && !doc.conflict && (
        <div className="ed-alert ed-alert--error" role="alert">
          {doc.error}
        </div>
      )}
      {refused && clientErrors.length > 0 && <ProblemList heading={t('doc.fixHeading')} items={clientErrors} onShow={onShowProblem} />}
      {serverProblems.length > 0 && <ProblemList heading={t('doc.refusedHeading')} items={serverProblems} onShow={onShowProblem} />}
      {marks.length > 0 && serverProblems.length === 0 && (
        <ProblemList heading={t('doc.marksHeading')} intro={t('doc.marksIntro')} items={marks} onShow={onShowProblem} tone="warning" />
      )}
      {historyOpen && <HistoryDialog doc={doc} describe={where} onClose={() => setHistoryOpen(false)} />}
      {reloadAsk && (
        <ConfirmDialog
          title={doc.conflict ? t('doc.reloadTheirsTitle') : t('doc.discardTitle')}
          message={t('doc.discardMessage')}
          confirmLabel={doc.conflict ? t('doc.reloadTheirs') : t('doc.discard')}
          danger
          onClose={() => setReloadAsk(false)}
          onConfirm={async () => {
            await doc.reload();
            setReloadAsk(false);
          }}
        />
      )}
      {dropping && (
        <ConfirmDialog
          title={t('doc.dropLangTitle', { langs: dropping.map((l) => langName(l, ui)).join(', ') })}
          message={t('doc.dropLangMessage', { langs: dropping.map((l) => langName(l, ui)).join(', ') })}
          confirmLabel={t('doc.save')}
          onClose={() => setDropping(null)}
          onConfirm={async () => {
            setDropping(null);
            await attempt(true, true);
          }}
        />
      )}
      {unpublishAsk && (
        <ConfirmDialog
          title={t('doc.unpublishTitle', { title: title ?? '' })}
          message={
            <>
              <p>{doc.key === 'popup' ? t('doc.unpublishPopup') : doc.key === 'banner' ? t('doc.unpublishBanner') : t('doc.unpublishMessage')}</p>
              {unpublishAsk.roles && (
                <>
                  <p>{t('doc.unpublishSystemAdmin')}</p>
                  <ul>
                    {unpublishAsk.roles.map((r) => (
                      <li key={r.role}>{systemRoleText(r, ui)}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          }
          confirmLabel={t('doc.unpublish')}
          danger
          onClose={() => setUnpublishAsk(null)}
          onConfirm={() => unpublish(!!unpublishAsk.roles)}
        />
      )}
    </div>
  );
}
