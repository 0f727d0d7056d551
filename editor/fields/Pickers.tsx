/**
 * Pages chosen by their title, never by an id (issue 14): `PageRefWidget` for a page reference
 * (a footer link, the detail page of a listing, the valuation request page), `LinkWidget` for a
 * link that is a page of the site (`page:12`, followed when the page moves) or another address.
 * Pages in the menu come first, in menu order; the others are listed apart.
 */
import type { WidgetProps } from '@rjsf/utils';
import { tr } from '../i18n/index.ts';
import { fieldName } from '../inbox/lead-text.ts';
import { FORM_FIELDS, isFormKind } from '../../shared/forms.ts';
import type { EditorFormContext, PageOption } from './SchemaForm.tsx';

function PageOptions({ pages, ui }: { pages: PageOption[]; ui: EditorFormContext['ui'] }) {
  const inMenu = pages.filter((p) => !p.hidden);
  const apart = pages.filter((p) => p.hidden);
  const row = (p: PageOption) => (
    <option key={p.id} value={p.id}>
      {'\u00a0\u00a0'.repeat(p.depth)}
      {p.label}
    </option>
  );
  return (
    <>
      <optgroup label={tr('pick.inMenu', undefined, ui)}>{inMenu.map(row)}</optgroup>
      {apart.length > 0 && <optgroup label={tr('pick.notInMenu', undefined, ui)}>{apart.map(row)}</optgroup>}
    </>
  );
}

export function PageRefWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as EditorFormContext;
  const pages = ctx.pages ?? [];
  const known = props.value === undefined || props.value === null || pages.some((p) => p.id === props.value);
  return (
    <select
      id={props.id}
      name={props.id}
      className="ed-input"
      value={props.value === null || props.value === undefined ? '' : String(props.value)}
      disabled={props.disabled || props.readonly}
      aria-invalid={props.rawErrors?.length ? true : undefined}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
    >
      <option value="">{tr('pick.choosePage', undefined, ctx.ui)}</option>
      {!known && <option value={String(props.value)}>{tr('pick.missingPage', { id: String(props.value) }, ctx.ui)}</option>}
      <PageOptions pages={pages} ui={ctx.ui} />
    </select>
  );
}

const PAGE_LINK = /^page:(\d+)$/;

export function LinkWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as EditorFormContext;
  const value = typeof props.value === 'string' ? props.value : '';
  const m = PAGE_LINK.exec(value);
  const mode = value === '' || m ? 'page' : 'address';
  const locked = props.disabled || props.readonly;
  return (
    <div className="ed-link-field" id={props.id}>
      <select
        className="ed-input ed-link-field__mode"
        aria-label={tr('pick.linkKind', { field: props.label }, ctx.ui)}
        value={mode}
        disabled={locked}
        onChange={(e) => props.onChange(e.target.value === 'page' ? undefined : value && !m ? value : 'https://')}
      >
        <option value="page">{tr('pick.linkPage', undefined, ctx.ui)}</option>
        <option value="address">{tr('pick.linkAddress', undefined, ctx.ui)}</option>
      </select>
      {mode === 'page' ? (
        <select
          id={`${props.id}_page`}
          className="ed-input"
          aria-label={props.label}
          value={m ? m[1] : ''}
          disabled={locked}
          onChange={(e) => props.onChange(e.target.value ? `page:${e.target.value}` : undefined)}
        >
          <option value="">{tr('pick.choosePage', undefined, ctx.ui)}</option>
          <PageOptions pages={ctx.pages ?? []} ui={ctx.ui} />
        </select>
      ) : (
        <input
          id={`${props.id}_address`}
          className="ed-input"
          type="text"
          inputMode="url"
          aria-label={props.label}
          placeholder="https://…, mailto:…, tel:…"
          value={value}
          disabled={locked}
          onChange={(e) => props.onChange(e.target.value || undefined)}
        />
      )}
    </div>
  );
}

/**
 * A choice among named values (a string field): a value no longer among them is kept and shown as it
 * is, so that opening a form never changes it.
 */
function ChoiceSelect({ props, none, choices }: { props: WidgetProps; none: string; choices: Array<{ value: string; label: string }> }) {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <select
      id={props.id}
      name={props.id}
      className="ed-input"
      value={value}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    >
      <option value="">{none}</option>
      {value && !choices.some((c) => c.value === value) && <option value={value}>{value}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** The author of an article: a member of the team, by name. */
export function TeamMemberWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as EditorFormContext;
  const team = (ctx.articles ?? []).filter((a) => a.category === 'team');
  return (
    <ChoiceSelect
      props={props}
      none={tr('pick.noAuthor', undefined, ctx.ui)}
      choices={team.map((a) => ({ value: a.id, label: a.title[ctx.defaultLang] ?? a.title.en ?? a.id }))}
    />
  );
}

/** A field of a contact module's form kind (its field settings and their conditions), by its name in the editor's language. */
export function FormFieldWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as EditorFormContext;
  const kind = ctx.record?.form;
  const names = isFormKind(kind) ? FORM_FIELDS[kind].map((f) => f.name) : [];
  return <ChoiceSelect props={props} none="–" choices={names.map((n) => ({ value: n, label: fieldName(n, ctx.ui ?? 'en') }))} />;
}
