/**
 * The field of every `x-localized` node (LocalizedText): one input per language in use, side by
 * side, labelled "Title (nl)", "Title (fr)" …; a textarea when the uiSchema asks for one. Texts of
 * languages not in use are kept as they are. Each language's errors show under its input.
 */
import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { humanize } from '../schema.ts';
import type { EditorFormContext } from './SchemaForm.tsx';
import { tr } from '../i18n/index.ts';

type Texts = Record<string, string>;

export default function LocalizedField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, uiSchema, required, readonly, disabled, name, schema, registry, onBlur, onFocus } = props;
  const ctx = registry.formContext as EditorFormContext;
  const ui = getUiOptions(uiSchema);
  const label = String(ui.title ?? schema.title ?? (name ? humanize(name) : tr('field.text', undefined, ctx.ui)));
  const multiline = ui.widget === 'textarea' || (uiSchema as Record<string, unknown> | undefined)?.['ui:widget'] === 'textarea';
  const value: Texts = formData && typeof formData === 'object' ? formData : {};
  const description = (ui.description as string | undefined) ?? (schema.description as string | undefined);
  const id = fieldPathId.$id;

  const set = (lang: string, text: string) => {
    const next: Texts = { ...value };
    delete next[lang.toUpperCase()];
    if (text === '') delete next[lang];
    else next[lang] = text;
    onChange(Object.keys(next).length === 0 && !required ? undefined : next, fieldPathId.path);
  };

  return (
    <fieldset className="ed-localized" id={id}>
      <legend className="ed-localized__legend">
        {label}
        {required && (
          <span className="ed-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {description && <p className="ed-help">{description}</p>}
      <div className="ed-localized__grid" style={{ '--ed-cols': ctx.langs.length } as React.CSSProperties}>
        {ctx.langs.map((lang) => {
          const inputId = `${id}_${lang}`;
          const errs = (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[lang]?.__errors ?? [];
          const text = value[lang] ?? value[lang.toUpperCase()] ?? '';
          const common = {
            id: inputId,
            name: inputId,
            value: text,
            lang,
            readOnly: readonly,
            disabled,
            'aria-invalid': errs.length > 0 || undefined,
            'aria-describedby': errs.length ? `${inputId}__error` : undefined,
            'aria-required': required || undefined,
            onBlur: () => onBlur(inputId, text),
            onFocus: () => onFocus(inputId, text),
            className: 'ed-input',
          };
          return (
            <div key={lang} className={`ed-localized__cell${errs.length ? ' ed-localized__cell--error' : ''}`}>
              <label htmlFor={inputId} className="ed-label">
                {label} ({lang})
              </label>
              {multiline ? (
                <textarea {...common} rows={4} onChange={(e) => set(lang, e.target.value)} />
              ) : (
                <input type="text" {...common} onChange={(e) => set(lang, e.target.value)} />
              )}
              {errs.length > 0 && (
                <ul className="ed-field-errors" id={`${inputId}__error`}>
                  {errs.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
