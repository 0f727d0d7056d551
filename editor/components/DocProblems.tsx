/**
 * What a document's save bar shows below its buttons: a conflict with a colleague's save (field by
 * field, both values, a choice each) and lists of problems (the editor's own findings, the server's,
 * a draft's marks, a version marked for repair), each a sentence naming the field, a link to it.
 */
import { useState } from 'react';
import type { MergeConflict } from '../api.ts';
import type { Choices, DocumentHandle } from '../useDocument.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import type { Describe, FieldProblem } from './DocumentBar.tsx';

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
export function ConflictPanel<T>({
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

export function ProblemList({
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
