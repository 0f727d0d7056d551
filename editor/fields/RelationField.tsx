/**
 * What a module shows (a ModuleRelation, `x-relation`): an article, chosen by its title among the
 * articles grouped by category, or the articles of a category, chosen by name (issue 14: "modules
 * that point at articles or pages get a picker by title, never an id").
 */
import type { FieldProps } from '@rjsf/utils';
import { localize } from '../../shared/localize.ts';
import { tr } from '../i18n/index.ts';
import { enumLabel } from '../i18n/fields.ts';
import type { EditorFormContext } from './SchemaForm.tsx';

type Relation = { type?: string; id?: string | number };
const CATEGORIES = ['blog', 'services', 'team', 'general'];

export default function RelationField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, readonly, disabled, registry } = props;
  const ctx = registry.formContext as EditorFormContext;
  const ui = ctx.ui ?? 'en';
  const value: Relation = formData && typeof formData === 'object' ? formData : {};
  const id = fieldPathId.$id;
  const locked = readonly || disabled;
  const errs = [
    ...((errorSchema as { id?: { __errors?: string[] } } | undefined)?.id?.__errors ?? []),
    ...((errorSchema as { type?: { __errors?: string[] } } | undefined)?.type?.__errors ?? []),
  ];
  const emit = (next: Relation) => onChange(next, fieldPathId.path);
  const articles = ctx.articles ?? [];
  const titleOf = (t: Record<string, string>) => localize(t, ctx.defaultLang) || localize(t, 'en');
  const kind = value.type === 'category' ? 'category' : value.type === 'article' || !value.type ? 'article' : value.type;
  return (
    <div className="ed-relation" id={id}>
      <select
        id={`${id}_type`}
        className="ed-input ed-relation__type"
        aria-label={tr('relation.kind', undefined, ui)}
        value={kind}
        disabled={locked}
        onChange={(e) => emit({ type: e.target.value, id: undefined })}
      >
        <option value="article">{tr('relation.article', undefined, ui)}</option>
        <option value="category">{tr('relation.category', undefined, ui)}</option>
        {kind !== 'article' && kind !== 'category' && <option value={kind}>{kind}</option>}
      </select>
      {kind === 'article' && (
        <select
          id={`${id}_id`}
          className="ed-input"
          aria-label={tr('relation.whichArticle', undefined, ui)}
          value={value.id === undefined ? '' : String(value.id)}
          disabled={locked}
          aria-invalid={errs.length ? true : undefined}
          onChange={(e) => emit({ type: 'article', id: e.target.value || undefined })}
        >
          <option value="">{tr('relation.chooseArticle', undefined, ui)}</option>
          {value.id !== undefined && !articles.some((a) => a.id === value.id) && (
            <option value={String(value.id)}>{articles.length ? tr('relation.missing', { id: String(value.id) }, ui) : String(value.id)}</option>
          )}
          {CATEGORIES.map((c) => {
            const list = articles.filter((a) => a.category === c);
            return list.length ? (
              <optgroup key={c} label={enumLabel('category', c, ui)}>
                {list.map((a) => (
                  <option key={a.id} value={a.id}>
                    {titleOf(a.title) || a.id}
                    {a.status === 'Hidden' ? ` (${enumLabel('status', 'Hidden', ui)})` : ''}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </select>
      )}
      {kind === 'category' && (
        <select
          id={`${id}_id`}
          className="ed-input"
          aria-label={tr('relation.whichCategory', undefined, ui)}
          value={value.id === undefined ? '' : String(value.id)}
          disabled={locked}
          onChange={(e) => emit({ type: 'category', id: e.target.value || undefined })}
        >
          <option value="">{tr('relation.chooseCategory', undefined, ui)}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {enumLabel('category', c, ui)}
            </option>
          ))}
        </select>
      )}
      {kind !== 'article' && kind !== 'category' && (
        <input
          id={`${id}_id`}
          className="ed-input"
          type="text"
          value={value.id === undefined ? '' : String(value.id)}
          disabled={locked}
          onChange={(e) => emit({ type: kind, id: /^\d+$/.test(e.target.value) ? Number(e.target.value) : e.target.value })}
        />
      )}
      {errs.length > 0 && (
        <ul className="ed-field-errors">
          {errs.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
