/**
 * The field of an object keyed by language whose values are objects (SEO metadata per language,
 * content per language): one collapsible group per language in use, each the ordinary form of the
 * value's schema, instead of RJSF's "type a key" editor for additional properties.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { getUiOptions, toFieldPathId } from '@rjsf/utils';
import { humanize, type Schema } from '../schema.ts';
import { countErrors } from '../validation.ts';
import { langName, tr } from '../i18n/index.ts';
import type { EditorFormContext } from './SchemaForm.tsx';

export default function LangMapField(props: FieldProps) {
  const { formData, fieldPathId, errorSchema, uiSchema, readonly, disabled, name, schema, registry } = props;
  const ctx = registry.formContext as EditorFormContext;
  const ui = getUiOptions(uiSchema);
  const label = String(ui.title ?? schema.title ?? (name ? humanize(name) : tr('field.perLanguage', undefined, ctx.ui)));
  const description = (ui.description as string | undefined) ?? (schema.description as string | undefined);
  const valueSchema = schema.additionalProperties as Schema;
  const valueUi = ((uiSchema as Record<string, unknown> | undefined)?.additionalProperties ?? {}) as Record<string, unknown>;
  const { SchemaField } = registry.fields;
  const value = formData && typeof formData === 'object' ? formData : {};
  return (
    <fieldset className="ed-langmap" id={fieldPathId.$id}>
      <legend className="ed-localized__legend">{label}</legend>
      {description && <p className="ed-help">{description}</p>}
      {ctx.langs.map((lang) => {
        const errs = (errorSchema as Record<string, never> | undefined)?.[lang];
        const n = countErrors(errs);
        const has = value[lang] !== undefined && Object.keys(value[lang] as object).length > 0;
        return (
          <OpenOnErrors key={lang} errors={n} lang={lang}>
            <summary>
              {label} ({lang}) <span className="ed-muted">{langName(lang, ctx.ui)}</span>
              {has && <span className="ed-badge">{tr('field.filled', undefined, ctx.ui)}</span>}
              {n > 0 && <span className="ed-badge ed-badge--error">{tr('common.errors', { n }, ctx.ui)}</span>}
            </summary>
            <SchemaField
              name={lang}
              schema={{ ...valueSchema, title: undefined }}
              uiSchema={{ 'ui:title': '', ...valueUi }}
              fieldPathId={toFieldPathId(lang, registry.globalFormOptions, fieldPathId)}
              formData={value[lang]}
              errorSchema={errs}
              required={false}
              onChange={props.onChange}
              onBlur={props.onBlur}
              onFocus={props.onFocus}
              registry={registry}
              disabled={disabled}
              readonly={readonly}
            />
          </OpenOnErrors>
        );
      })}
    </fieldset>
  );
}

/** A group that opens when errors appear in it (and is otherwise left as the user set it). */
function OpenOnErrors({ errors, lang, children }: { errors: number; lang: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (errors > 0 && ref.current) ref.current.open = true;
  }, [errors]);
  return (
    <details ref={ref} className="ed-langmap__group" data-lang={lang}>
      {children}
    </details>
  );
}
