/**
 * One text of a dictionary (issue 38, point 6): named by its words in the editor's language (the
 * key itself only small, for administrators), edited as one field — or, when it depends on a
 * number, as one sentence per plural form of the dictionary's language — with its placeholders
 * shown as chips that say what the site puts there and insert themselves where the caret is.
 */
import { memo, useRef, useState } from 'react';
import { langName, tr, useT, type UiLang, hasMessage } from '../i18n/index.ts';
import { formsFor, optionalForm, placeholdersOf, plainWords, readMessage, sampleNumbers, tokens, writePlural } from './dict-message.ts';

export const rowId = (key: string) => `edd-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** What the site puts in place of a placeholder, in the editor's language. */
export function placeholderMeaning(ph: string, ui: UiLang): string {
  const name = ph === '#' ? 'number' : ph.slice(1, -1);
  const key = `dict.ph.${name}`;
  return hasMessage(key) ? tr(key, undefined, ui) : tr('dict.ph.other', undefined, ui);
}

/** A text with its placeholders as chips (a plural read in its form for most amounts). */
export function TextWithChips({ text }: { text: string }) {
  return (
    <>
      {tokens(text).map((t, i) =>
        'text' in t ? (
          <span key={i}>{t.text}</span>
        ) : (
          <span key={i} className="ed-chip ed-chip--static">
            {t.placeholder}
          </span>
        ),
      )}
    </>
  );
}

/** The name of a plural form in the editor's language ("Singular", "Exactly 0"). */
export function formName(form: string, ui: UiLang): string {
  if (form.startsWith('=')) return tr('dict.form.exact', { n: form.slice(1) }, ui);
  const key = `dict.form.${form}`;
  return hasMessage(key) ? tr(key, undefined, ui) : form;
}

interface Props {
  k: string;
  lang: string;
  value: string;
  reference: string | undefined;
  label: { text: string; lang?: string };
  missing: boolean;
  errors: string[];
  admin: boolean;
  ui: UiLang;
  long: boolean;
  onChange: (key: string, value: string) => void;
}

export const DictEntry = memo(function DictEntry({ k, lang, value, reference, label, missing, errors, admin, ui, long, onChange }: Props) {
  const t = useT();
  const id = rowId(k);
  const last = useRef<{ form: string | null; el: HTMLInputElement | HTMLTextAreaElement } | null>(null);
  // The forms as typed: a half-typed placeholder must not turn the plural back into one field.
  const [typed, setTyped] = useState<{ text: string; arg: string; forms: Record<string, string>; order: string[] } | null>(null);
  const own = readMessage(value);
  const ref = reference ? readMessage(reference) : undefined;
  const refOrder = ref?.kind === 'plural' ? ref.order : undefined;
  const plural =
    typed?.text === value
      ? typed
      : own.kind === 'plural'
        ? { arg: own.arg, forms: own.forms, order: formsFor(lang, own.order, refOrder) }
        : !value.trim() && ref?.kind === 'plural'
          ? { arg: ref.arg, forms: {} as Record<string, string>, order: formsFor(lang, undefined, refOrder) }
          : null;
  const words = plainWords(label.text) || k;
  const described = errors.length ? `${id}__error` : undefined;
  const samples = plural ? sampleNumbers(lang) : {};
  const chips = placeholdersOf(reference ?? value, value);

  const setForm = (form: string, v: string) => {
    if (!plural) return;
    const forms = { ...plural.forms, [form]: v };
    const text = writePlural(plural.arg, forms, plural.order);
    setTyped({ text, arg: plural.arg, forms, order: plural.order });
    onChange(k, text);
  };
  const insert = (ph: string) => {
    const at = last.current;
    const el = at?.el ?? (document.getElementById(id) as HTMLInputElement | null);
    if (!el) return;
    const form = at ? at.form : plural ? (plural.order.find((f) => f === 'other') ?? null) : null;
    const current = form && plural ? (plural.forms[form] ?? '') : value;
    const start = el.selectionStart ?? current.length;
    const end = el.selectionEnd ?? current.length;
    const next = current.slice(0, start) + ph + current.slice(end);
    if (form && plural) setForm(form, next);
    else onChange(k, next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + ph.length, start + ph.length);
    });
  };
  const remember =
    (form: string | null) =>
    (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }): void => {
      last.current = { form, el: e.currentTarget };
    };

  return (
    <div className={`ed-dict-entry${missing ? ' is-missing' : ''}`} data-key={k}>
      <div className="ed-dict-entry__head">
        <span className="ed-dict-entry__label" lang={label.lang}>
          {label.lang ? <TextWithChips text={label.text} /> : <span className="ed-muted">{t('dict.noText')}</span>}
        </span>
        {missing && <span className="ed-badge ed-badge--error">{t('dict.missing')}</span>}
        {admin && <code className="ed-dict-entry__key">{k}</code>}
      </div>
      {plural ? (
        <fieldset className="ed-dict-plural" aria-describedby={described}>
          <legend className="ed-dict-plural__legend">{t('dict.pluralHelp', { lang: langName(lang, ui) })}</legend>
          {plural.order.map((form, i) => (
            <label key={form} className="ed-dict-plural__form">
              <span className="ed-dict-plural__name">
                {formName(form, ui)}
                {!form.startsWith('=') && samples[form] && <span className="ed-muted"> · {t('dict.form.for', { numbers: samples[form] })}</span>}
                {optionalForm(form) && <span className="ed-muted"> · {t('dict.form.optional')}</span>}
              </span>
              <input
                type="text"
                id={i === 0 ? id : `${id}__${form.replace('=', 'is')}`}
                className="ed-input"
                lang={lang}
                value={plural.forms[form] ?? ''}
                aria-label={t('dict.formInput', { text: words, form: formName(form, ui), lang: langName(lang, ui) })}
                aria-invalid={errors.length > 0 || undefined}
                onFocus={remember(form)}
                onSelect={remember(form)}
                onChange={(e) => setForm(form, e.target.value)}
              />
            </label>
          ))}
        </fieldset>
      ) : (
        (() => {
          const props = {
            id,
            className: 'ed-input',
            value,
            lang,
            'aria-label': t('dict.input', { text: words, lang: langName(lang, ui) }),
            'aria-invalid': errors.length > 0 || undefined,
            'aria-describedby': described,
            onFocus: remember(null),
            onSelect: remember(null),
            onChange: (e: { target: { value: string } }) => onChange(k, e.target.value),
          };
          return long ? <textarea rows={own.kind === 'complex' ? 4 : 3} {...props} /> : <input type="text" {...props} />;
        })()
      )}
      {own.kind === 'complex' && <p className="ed-help">{t('dict.complex')}</p>}
      {chips.length > 0 && (
        <div className="ed-dict-entry__chips">
          <span className="ed-help">{t('dict.keep')}</span>
          <ul>
            {chips.map((ph) => (
              <li key={ph}>
                <button
                  type="button"
                  className="ed-chip"
                  onClick={() => insert(ph)}
                  aria-label={t('dict.insert', { placeholder: ph, meaning: placeholderMeaning(ph, ui) })}
                >
                  {ph}
                </button>{' '}
                <span className="ed-muted">{placeholderMeaning(ph, ui)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {errors.length > 0 && (
        <ul className="ed-field-errors" id={`${id}__error`}>
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
});
