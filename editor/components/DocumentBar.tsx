/**
 * The save bar of a document, the same on pages, articles, settings and dictionaries: Save
 * (publishes), Save as draft, Publish (when a draft is stored), History (restore an old revision),
 * the status line (aria-live), and what needs the staff member: edits of theirs kept in this
 * browser (restore or discard), a version marked for repair, a conflict with a colleague's save
 * (field by field, both values, a choice each), and the problems of the document — those the editor
 * found (nothing is sent while there are any) and those the server answered — each a sentence naming
 * the field by its label and the page or module by its name, in the editor's language.
 */
import { useEffect, useState } from 'react';
import type { MergeConflict, Problem } from '../api.ts';
import type { Choices, DocumentHandle } from '../useDocument.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { problemMessage } from '../validation.ts';
import { ConfirmDialog } from './Dialog.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { ScheduleControl } from './ScheduleControl.tsx';

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
}: {
  doc: DocumentHandle<T>;
  /** The editor's own findings (schema and required texts); a save is refused while there are any. */
  clientErrors: FieldProblem[];
  /** A save was refused for `clientErrors`: reveal them. */
  onRefused?: () => void;
  /** Bring the field of a problem into view. */
  onShowProblem?: (pointer: string) => void;
  describe?: Describe;
  /** A value of the document in words (a module by its name, say); plain text otherwise. */
  showValue?: (value: unknown, pointer: string) => string;
  title?: string;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [reloadAsk, setReloadAsk] = useState(false);
  const [refused, setRefused] = useState(false);
  const where = describe ?? ((p: string) => p);

  useEffect(() => {
    if (clientErrors.length === 0) setRefused(false);
  }, [clientErrors.length]);

  const attempt = async (publish: boolean) => {
    if (clientErrors.length) {
      setRefused(true);
      doc.announce(t('doc.fixFirst', { n: clientErrors.length }));
      onRefused?.();
      return;
    }
    setRefused(false);
    await doc.save(publish);
  };

  const serverProblems: FieldProblem[] = doc.problems.map((p: Problem) => {
    const other = p.key && p.key !== doc.key ? p.key : undefined;
    return { pointer: other ? '' : p.pointer, message: problemMessage(p, ui), label: other ? t('doc.otherDocument', { key: other }) : where(p.pointer) };
  });
  const repair: FieldProblem[] = (doc.base?.repair ?? []).map((p) => ({ pointer: p.pointer, message: problemMessage(p, ui), label: where(p.pointer) }));
  const stamp = doc.base
    ? doc.base.isNew
      ? t('doc.stampNew')
      : doc.base.rev === 0
        ? t('doc.stampShipped')
        : t('doc.stamp', { rev: doc.base.rev, when: formatWhen(doc.base.at, ui), by: doc.base.by ?? '' })
    : '';

  return (
    <div className="ed-docbar" role="region" aria-label={title ? t('doc.barOf', { title }) : t('doc.bar')}>
      <div className="ed-docbar__row">
        <div className="ed-docbar__state">
          {doc.hasDraft && <span className="ed-badge ed-badge--draft">{t('doc.draftStored')}</span>}
          {doc.dirty ? <span className="ed-badge ed-badge--changed">{t('doc.unsaved')}</span> : <span className="ed-muted">{stamp}</span>}
        </div>
        <div className="ed-docbar__actions">
          <button type="button" className="ed-button" onClick={() => setHistoryOpen(true)} disabled={!doc.base || doc.base.isNew}>
            {t('doc.history')}
          </button>
          {doc.hasDraft && (
            <button
              type="button"
              className="ed-button"
              onClick={() => void doc.publish()}
              disabled={doc.busy || doc.dirty}
              title={doc.dirty ? t('doc.saveOrDiscardFirst') : undefined}
            >
              {t('doc.publish')}
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
            disabled={doc.busy || !doc.base || !doc.dirty}
            title={doc.dirty ? undefined : t('doc.nothingChanged')}
          >
            {t('doc.saveDraft')}
          </button>
          <button
            type="button"
            className="ed-button ed-button--primary"
            onClick={() => void attempt(true)}
            disabled={doc.busy || !doc.base || !doc.dirty}
            title={doc.dirty ? undefined : t('doc.nothingChanged')}
          >
            {t('doc.save')}
          </button>
        </div>
      </div>
      <ScheduleControl doc={doc} />
      <p className="ed-docbar__status" role="status" aria-live="polite">
        {doc.status}
      </p>
      {doc.offer && (
        <div className="ed-alert ed-alert--info ed-offer" role="alert">
          <p>{t('doc.offer', { when: formatWhen(doc.offer.at, ui) })}</p>
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
      {historyOpen && <HistoryDialog doc={doc} onClose={() => setHistoryOpen(false)} />}
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
    </div>
  );
}

/** Text a person reads for a stored value: rich text without its tags, lists joined, nothing as "(empty)". */
export function plainValue(v: unknown, empty: string, yes: string, no: string): string {
  if (v === undefined || v === null || v === '') return empty;
  if (typeof v === 'boolean') return v ? yes : no;
  if (typeof v === 'string') {
    let text = '';
    let inTag = false;
    for (const ch of v) {
      if (ch === '<') inTag = true;
      else if (ch === '>' && inTag) {
        inTag = false;
        text += ' ';
      } else if (!inTag) text += ch;
    }
    text = text.replace(/\s+/g, ' ').trim();
    return text.length > 280 ? `${text.slice(0, 279)}…` : text || empty;
  }
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map((x) => plainValue(x, empty, yes, no)).join(', ');
  const o = v as Record<string, unknown>;
  const texts = Object.values(o).filter((x) => typeof x === 'string') as string[];
  if (texts.length && Object.keys(o).every((k) => k.length === 2))
    return Object.entries(o)
      .map(([k, x]) => `${k}: ${plainValue(x, empty, yes, no)}`)
      .join(' · ');
  const json = JSON.stringify(v);
  return json.length > 280 ? `${json.slice(0, 279)}…` : json;
}

/**
 * A colleague saved in between and both changed the same fields: each such field with their value
 * and this person's, and a choice; everything else is merged already. Said once (role=alert).
 */
function ConflictPanel<T>({
  doc,
  describe,
  showValue,
  onReload,
}: {
  doc: DocumentHandle<T>;
  describe: Describe;
  showValue?: (v: unknown, pointer: string) => string;
  onReload: () => void;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const c = doc.conflict!;
  const [choices, setChoices] = useState<Choices>({});
  const shown = (v: unknown, c: MergeConflict) => (showValue ? showValue(v, c.pointer) : plainValue(v, t('conflict.empty'), t('common.yes'), t('common.no')));
  const ready = c.items.length > 0 && c.items.every((i) => choices[i.pointer]);
  const who = { by: c.by, when: formatWhen(c.at, ui) };
  return (
    <section className="ed-alert ed-alert--warning ed-conflict" role="alert" aria-labelledby="ed-conflict-title">
      <h2 id="ed-conflict-title" className="ed-conflict__title">
        {c.items.length ? t('conflict.title', { n: c.items.length, ...who }) : t('conflict.titleNoMerge', who)}
      </h2>
      <p>{c.items.length ? t('conflict.intro') : t('conflict.introNoMerge')}</p>
      {c.items.length > 0 && (
        <ol className="ed-conflict__list">
          {c.items.map((item) => {
            const name = `ed-conflict-${item.pointer}`;
            return (
              <li key={item.pointer} className="ed-conflict__item" data-pointer={item.pointer}>
                <fieldset>
                  <legend className="ed-conflict__field">
                    {item.kind === 'order' ? t('conflict.order', { field: describe(item.pointer) }) : describe(item.pointer)}
                  </legend>
                  <label className="ed-conflict__choice">
                    <input
                      type="radio"
                      name={name}
                      checked={choices[item.pointer] === 'theirs'}
                      onChange={() => setChoices((ch) => ({ ...ch, [item.pointer]: 'theirs' }))}
                    />
                    <span className="ed-conflict__who">{t('conflict.theirs', { by: c.by })}</span>
                    <span className="ed-conflict__value" data-side="theirs">
                      {shown(item.theirs, item)}
                    </span>
                  </label>
                  <label className="ed-conflict__choice">
                    <input
                      type="radio"
                      name={name}
                      checked={choices[item.pointer] === 'mine'}
                      onChange={() => setChoices((ch) => ({ ...ch, [item.pointer]: 'mine' }))}
                    />
                    <span className="ed-conflict__who">{t('conflict.mine')}</span>
                    <span className="ed-conflict__value" data-side="mine">
                      {shown(item.mine, item)}
                    </span>
                  </label>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className="ed-conflict__buttons">
        {c.items.length > 0 && (
          <button type="button" className="ed-button ed-button--primary" disabled={!ready || doc.busy} onClick={() => void doc.resolve(choices)}>
            {c.publish ? t('conflict.saveChoices') : t('conflict.saveChoicesDraft')}
          </button>
        )}
        <button type="button" className="ed-button" onClick={onReload} disabled={doc.busy}>
          {t('conflict.reload')}
        </button>
      </div>
      {c.items.length > 0 && !ready && <p className="ed-muted">{t('conflict.chooseEach')}</p>}
    </section>
  );
}

function ProblemList({
  heading,
  intro,
  items,
  onShow,
  tone = 'error',
}: {
  heading: string;
  intro?: string;
  items: FieldProblem[];
  onShow?: (pointer: string) => void;
  tone?: 'error' | 'warning';
}) {
  const t = useT();
  return (
    <div className={`ed-alert ed-alert--${tone} ed-problems`} role="alert">
      <p className="ed-problems__heading">{heading}</p>
      {intro && <p>{intro}</p>}
      <ul>
        {items.map((p, i) => (
          <li key={`${p.pointer}-${i}`}>
            {onShow && p.pointer ? (
              <button type="button" className="ed-link" onClick={() => onShow(p.pointer)}>
                {p.label ?? p.pointer}
              </button>
            ) : (
              <span className="ed-problems__where">{p.label ?? p.pointer}</span>
            )}
            {t('common.colon')}
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
