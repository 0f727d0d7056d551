/**
 * The one RJSF form of the editor: the registry's schema in, the document part out. The form
 * validates nothing itself: the screen validates the whole document (schema + localized-required
 * rule + the server's problems) and hands the errors in as `extraErrors`, so that they show at the
 * fields whether or not a form is open. Custom fields are chosen by the schema markers, never by
 * field names: `x-localized` → LocalizedField, `x-media` → MediaField, an object keyed by language
 * → LangMapField.
 */
import { Fragment, useMemo } from 'react';
import Form from '@rjsf/core';
import { getDefaultRegistry } from '@rjsf/core';
import { getTemplate, getUiOptions } from '@rjsf/utils';
import type { ErrorSchema, FieldProps, FieldTemplateProps, IconButtonProps, OptionalDataControlsTemplateProps, RegistryFieldsType, RegistryWidgetsType, TemplatesType, UiSchema, WidgetProps } from '@rjsf/utils';
import type { Lang } from '../../shared/constants.ts';
import { impliedUi, isLangMapSchema, isLocalizedSchema, isMediaSchema, mergeUi, type Schema } from '../schema.ts';
import { validator } from '../validation.ts';
import LangMapField from './LangMapField.tsx';
import LocalizedField from './LocalizedField.tsx';
import MediaField from './MediaField.tsx';

export interface PageOption {
  id: number;
  label: string;
  depth: number;
}

export interface EditorFormContext {
  langs: Lang[];
  defaultLang: Lang;
  /** For the parent-page picker. */
  pages?: PageOption[];
}

const defaults = getDefaultRegistry();
const DefaultObjectField = defaults.fields.ObjectField;
const DefaultCheckbox = defaults.widgets.CheckboxWidget;

/** Objects go to the field their marker asks for. */
function ObjectField(props: FieldProps) {
  const s = props.schema as Schema;
  if (isLocalizedSchema(s)) return <LocalizedField {...props} />;
  if (isMediaSchema(s)) return <MediaField {...props} />;
  if (isLangMapSchema(s)) return <LangMapField {...props} />;
  return <DefaultObjectField {...props} />;
}

/** A checkbox shows the schema's default while the document does not set the value. */
function CheckboxWidget(props: WidgetProps) {
  const fallback = typeof props.schema.default === 'boolean' ? props.schema.default : false;
  return <DefaultCheckbox {...props} value={props.value ?? fallback} />;
}

/** Picks a parent page (or none: top level). */
function PageParentWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as EditorFormContext;
  return (
    <select
      id={props.id}
      name={props.id}
      className="ed-input"
      value={props.value === null || props.value === undefined ? '' : String(props.value)}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <option value="">— None (top level) —</option>
      {(ctx.pages ?? []).map((p) => (
        <option key={p.id} value={p.id}>
          {'\u00a0\u00a0'.repeat(p.depth)}
          {p.label} (#{p.id})
        </option>
      ))}
    </select>
  );
}

function textButton(text: string, fallbackLabel: string, extra = '') {
  return function TextButton({ icon: _icon, iconType: _iconType, uiSchema: _ui, registry: _r, className, title, ...rest }: IconButtonProps) {
    return (
      <button type="button" className={`ed-button ed-button--small ${extra} ${className ?? ''}`} aria-label={title ?? fallbackLabel} title={title ?? fallbackLabel} {...rest}>
        {text}
      </button>
    );
  };
}

/** "Add" / "Remove" for an optional object (RJSF draws an icon font we do not load). */
function OptionalDataControlsTemplate({ id, label, onAddClick, onRemoveClick }: OptionalDataControlsTemplateProps) {
  if (onAddClick)
    return (
      <button type="button" id={id} className="ed-button ed-button--small ed-button--add" aria-label={label} title={label} onClick={onAddClick}>
        + Add
      </button>
    );
  if (onRemoveClick)
    return (
      <button type="button" id={id} className="ed-button ed-button--small ed-button--danger-text" aria-label={label} title={label} onClick={onRemoveClick}>
        Remove
      </button>
    );
  return (
    <em id={id} className="ed-muted">
      {label}
    </em>
  );
}

/** RJSF's field row, with the required mark kept out of the label's accessible name (the input says it is required). */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, registry, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div className="hidden">{children}</div>;
  return (
    <WrapIfAdditionalTemplate {...props}>
      {displayLabel && uiOptions.widget !== 'checkbox' && label && (
        <label htmlFor={id} className="control-label">
          {label}
          {required && (
            <span className="required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </WrapIfAdditionalTemplate>
  );
}

const fields: RegistryFieldsType = { ObjectField };
const widgets: RegistryWidgetsType = { CheckboxWidget, PageParentWidget };
const templates: Partial<TemplatesType> = {
  FieldTemplate,
  OptionalDataControlsTemplate,
  ButtonTemplates: {
    ...defaults.templates.ButtonTemplates,
    AddButton: textButton('+ Add', 'Add item', 'ed-button--add'),
    CopyButton: textButton('Copy', 'Copy item'),
    MoveUpButton: textButton('↑', 'Move item up'),
    MoveDownButton: textButton('↓', 'Move item down'),
    RemoveButton: textButton('Remove', 'Remove item', 'ed-button--danger-text'),
    ClearButton: textButton('Clear', 'Clear'),
  },
};

const behaviour = {
  emptyObjectFields: 'skipDefaults' as const,
  arrayMinItems: { populate: 'never' as const },
  constAsDefaults: 'never' as const,
};

export function SchemaForm<T>({
  schema,
  uiSchema,
  data,
  onChange,
  errors,
  idPrefix,
  context,
  readonly,
  className,
}: {
  schema: Schema;
  uiSchema?: UiSchema;
  data: T;
  onChange?: (data: T) => void;
  errors?: ErrorSchema;
  /** Ids of the inputs: `${idPrefix}_${path joined by _}` (so a JSON pointer finds its input). */
  idPrefix: string;
  context: EditorFormContext;
  readonly?: boolean;
  className?: string;
}) {
  const ui = useMemo<UiSchema>(() => {
    const merged = mergeUi(impliedUi(schema), uiSchema);
    return { ...merged, 'ui:globalOptions': { enableOptionalDataFieldForType: ['object'], ...((merged['ui:globalOptions'] as object) ?? {}) } };
  }, [schema, uiSchema]);
  return (
    <Form
      className={`ed-form${className ? ` ${className}` : ''}`}
      schema={schema}
      uiSchema={ui}
      formData={data}
      validator={validator}
      fields={fields}
      widgets={widgets}
      templates={templates}
      formContext={context}
      idPrefix={idPrefix}
      idSeparator="_"
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={errors}
      readonly={readonly}
      experimental_defaultFormStateBehavior={behaviour}
      onChange={(e) => onChange?.(e.formData as T)}
      onSubmit={() => undefined}
    >
      <Fragment />
    </Form>
  );
}
