/**
 * The one RJSF form of the editor: the registry's schema in, the document part out. The form
 * validates nothing itself: the screen validates the whole document (schema + localized-required
 * rule + ICU placeholders + the server's problems) and hands the errors in as `extraErrors`, so
 * that they show at the fields whether or not a form is open. Custom fields are chosen by the
 * schema markers, never by field names: `x-localized` → LocalizedField, `x-richtext` →
 * RichTextField (its editor loads only where used), `x-media` → MediaField, `x-relation` →
 * RelationField (an article or a category by title), `x-page-ref` → a page by title, `x-link` → a
 * page by title or an address, an object keyed by language → LangMapField. Labels, choices and
 * buttons speak the editor's language; technical fields are grouped under "Advanced" for admins
 * and not shown to editors (issue 14, point 6).
 */
import { Fragment, lazy, Suspense, useMemo } from 'react';
import Form from '@rjsf/core';
import { getDefaultRegistry } from '@rjsf/core';
import { getTemplate, getUiOptions, descriptionId, titleId } from '@rjsf/utils';
import type {
  ErrorSchema,
  FieldProps,
  FieldTemplateProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  OptionalDataControlsTemplateProps,
  RegistryFieldsType,
  RegistryWidgetsType,
  TemplatesType,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import type { Lang } from '../../shared/constants.ts';
import type { ArticleSummary } from '../api.ts';
import {
  impliedUi,
  isLangMapSchema,
  isLocalizedSchema,
  isMediaSchema,
  isRelationSchema,
  isRichTextSchema,
  mergeUi,
  type Schema,
  type UiContext,
} from '../schema.ts';
import { tr, useUiLang, type UiLang } from '../i18n/index.ts';
import { validatorFor } from '../validation.ts';
import LangMapField from './LangMapField.tsx';
import LocalizedField from './LocalizedField.tsx';
import MediaField from './MediaField.tsx';
import RelationField from './RelationField.tsx';
import { FormFieldWidget, LinkWidget, PageRefWidget, TeamMemberWidget } from './Pickers.tsx';
import { AttributionWidget, ClockTimeWidget, PercentWidget, WeekdaysWidget } from './SettingWidgets.tsx';
import { rjsfStrings } from './rjsf-strings.ts';

const RichTextField = lazy(() => import('./RichTextField.tsx'));

export interface PageOption {
  id: number;
  label: string;
  depth: number;
  /** Not in the menu, or hidden: shown apart in the pickers. */
  hidden?: boolean;
  /** The pages above it, by title ("Thank you"). */
  place?: string;
}

export interface EditorFormContext {
  langs: Lang[];
  defaultLang: Lang;
  /** For the page pickers (parent page, links, footer links). */
  pages?: PageOption[];
  /** For the pickers of what a module shows. */
  articles?: ArticleSummary[];
  /** The editor's language (labels of the custom fields). */
  ui?: UiLang;
  /** The record the form edits (a contact module's fields are those of its form's kind). */
  record?: Record<string, unknown>;
  /** Administrators see the technical fields (under "Advanced"); others do not. */
  admin?: boolean;
}

const defaults = getDefaultRegistry();
const DefaultObjectField = defaults.fields.ObjectField;
const DefaultCheckbox = defaults.widgets.CheckboxWidget;

/** Objects go to the field their marker asks for. */
function ObjectField(props: FieldProps) {
  const s = props.schema as Schema;
  if (isLocalizedSchema(s)) return <LocalizedField {...props} />;
  if (isRichTextSchema(s))
    return (
      <Suspense
        fallback={
          <fieldset className="ed-richtext" id={props.fieldPathId.$id}>
            <legend className="ed-localized__legend">{String(s.title ?? props.name)}</legend>
            <p className="ed-loading">{tr('common.loading', undefined, (props.registry.formContext as EditorFormContext).ui)}</p>
          </fieldset>
        }
      >
        <RichTextField {...props} />
      </Suspense>
    );
  if (isMediaSchema(s)) return <MediaField {...props} />;
  if (isRelationSchema(s)) return <RelationField {...props} />;
  if (isLangMapSchema(s)) return <LangMapField {...props} />;
  return <DefaultObjectField {...props} />;
}

/** A value the editor keeps but does not show (technical fields for editors, identity fields). */
function HiddenField() {
  return null;
}

/** A checkbox shows the schema's default while the document does not set the value; its help reads after it, not above. */
function CheckboxWidget(props: WidgetProps) {
  const fallback = typeof props.schema.default === 'boolean' ? props.schema.default : false;
  const help = props.options.description ?? props.schema.description;
  return (
    <>
      <DefaultCheckbox
        {...props}
        schema={{ ...props.schema, description: undefined }}
        options={{ ...props.options, description: undefined }}
        value={props.value ?? fallback}
      />
      {help && !props.hideLabel && (
        <p className="ed-help ed-help--after" id={descriptionId(props.id)}>
          {help}
        </p>
      )}
    </>
  );
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
      <option value="">{tr('field.topLevel', undefined, ctx.ui)}</option>
      {(ctx.pages ?? []).map((p) => (
        <option key={p.id} value={p.id}>
          {'\u00a0\u00a0'.repeat(p.depth)}
          {p.label}
        </option>
      ))}
    </select>
  );
}

function textButton(text: string, fallbackLabel: string, extra = '') {
  return function TextButton({ icon: _icon, iconType: _iconType, uiSchema: _ui, registry: _r, className, title, ...rest }: IconButtonProps) {
    return (
      <button
        type="button"
        className={`ed-button ed-button--small ${extra} ${className ?? ''}`}
        aria-label={title ?? fallbackLabel}
        title={title ?? fallbackLabel}
        {...rest}
      >
        {text}
      </button>
    );
  };
}

/** "Add" / "Remove" for an optional object (RJSF draws an icon font we do not load). */
function OptionalDataControlsTemplate({ id, label, onAddClick, onRemoveClick, registry }: OptionalDataControlsTemplateProps) {
  const ui = (registry.formContext as EditorFormContext).ui;
  if (onAddClick)
    return (
      <button type="button" id={id} className="ed-button ed-button--small ed-button--add" aria-label={label} title={label} onClick={onAddClick}>
        {tr('form.add', undefined, ui)}
      </button>
    );
  if (onRemoveClick)
    return (
      <button type="button" id={id} className="ed-button ed-button--small ed-button--danger-text" aria-label={label} title={label} onClick={onRemoveClick}>
        {tr('form.remove', undefined, ui)}
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
  const { id, label, children, errors, help, description, hidden, required, displayLabel, registry, uiSchema, schema } = props;
  // A number's unit in words after its input ("hours", "days", "€").
  const unit = typeof (schema as Schema)['x-unit'] === 'string' ? String((schema as Schema)['x-unit']) : undefined;
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
      {unit ? (
        <span className="ed-unit-row">
          {children}
          <span className="ed-unit">{unit}</span>
        </span>
      ) : (
        children
      )}
      {errors}
      {help}
    </WrapIfAdditionalTemplate>
  );
}

/** An object's fields, its technical ones (for admins) folded under "Advanced". */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { className, description, disabled, fieldPathId, optionalDataControl, properties, readonly, registry, required, schema, title, uiSchema, errorSchema } =
    props;
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  const isAdvanced = (name: string) =>
    !!(uiSchema?.[name] as UiSchema | undefined)?.['ui:options'] && !!((uiSchema?.[name] as UiSchema)['ui:options'] as { advanced?: boolean }).advanced;
  const main = properties.filter((p) => !isAdvanced(p.name));
  // Technical fields are an administrator's: for others they are not drawn (their values are kept).
  const advanced = (registry.formContext as EditorFormContext).admin === false ? [] : properties.filter((p) => isAdvanced(p.name) && !p.hidden);
  const advancedErrors = advanced.some((p) => !!(errorSchema as Record<string, unknown> | undefined)?.[p.name]);
  const ui = (registry.formContext as EditorFormContext).ui;
  const showControl = !readonly && !disabled;
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      {title && (
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={showControl ? optionalDataControl : undefined}
        />
      )}
      {description && (
        <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      {!showControl ? optionalDataControl : undefined}
      {main.map((p) => p.content)}
      {advanced.length > 0 && (
        <details className="ed-advanced" open={advancedErrors || undefined}>
          <summary>{tr('form.advanced', undefined, ui)}</summary>
          <p className="ed-help">{tr('form.advancedHelp', undefined, ui)}</p>
          {advanced.map((p) => p.content)}
        </details>
      )}
    </fieldset>
  );
}

const fields: RegistryFieldsType = { ObjectField, HiddenField };
const widgets: RegistryWidgetsType = {
  CheckboxWidget,
  PageParentWidget,
  PageRefWidget,
  LinkWidget,
  TeamMemberWidget,
  FormFieldWidget,
  WeekdaysWidget,
  PercentWidget,
  ClockTimeWidget,
  AttributionWidget,
};

const templatesByLang = new Map<string, Partial<TemplatesType>>();
function templatesFor(ui: UiLang): Partial<TemplatesType> {
  let t = templatesByLang.get(ui);
  if (!t) {
    const say = (k: Parameters<typeof tr>[0]) => tr(k, undefined, ui);
    t = {
      FieldTemplate,
      ObjectFieldTemplate,
      OptionalDataControlsTemplate,
      ButtonTemplates: {
        ...defaults.templates.ButtonTemplates,
        AddButton: textButton(say('form.add'), say('form.addItem'), 'ed-button--add'),
        CopyButton: textButton(say('form.copy'), say('form.copyItem')),
        MoveUpButton: textButton('↑', say('form.moveUp')),
        MoveDownButton: textButton('↓', say('form.moveDown')),
        RemoveButton: textButton(say('form.remove'), say('form.removeItem'), 'ed-button--danger-text'),
        ClearButton: textButton(say('form.clear'), say('form.clear')),
      },
    };
    templatesByLang.set(ui, t);
  }
  return t;
}

const translators = new Map<UiLang, ReturnType<typeof rjsfStrings>>();
const translatorFor = (ui: UiLang) => translators.get(ui) ?? translators.set(ui, rjsfStrings(ui)).get(ui)!;

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
  kind,
  admin,
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
  /** What the form edits (which fields are managed by the editor, which technical). */
  kind?: UiContext['kind'];
  /** Administrators see the technical fields, under "Advanced". */
  admin?: boolean;
}) {
  const ui = useUiLang((s) => s.lang);
  const uiSchemaFull = useMemo<UiSchema>(() => {
    const merged = mergeUi(impliedUi(schema, { lang: ui, kind, admin }), uiSchema);
    return { ...merged, 'ui:globalOptions': { enableOptionalDataFieldForType: ['object'], ...((merged['ui:globalOptions'] as object) ?? {}) } };
  }, [schema, uiSchema, ui, kind, admin]);
  const formContext = useMemo(() => ({ ...context, ui, admin: !!admin }), [context, ui, admin]);
  return (
    <Form
      className={`ed-form${className ? ` ${className}` : ''}`}
      schema={schema}
      uiSchema={uiSchemaFull}
      formData={data}
      validator={validatorFor(ui)}
      fields={fields}
      widgets={widgets}
      templates={templatesFor(ui)}
      formContext={formContext}
      translateString={translatorFor(ui)}
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
