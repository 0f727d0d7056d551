/**
 * One module's form on the page editor: the form its type's schema and uiSchema describe (a module
 * of a type no longer registered says so instead). Choosing an image makes it the module's
 * background; removing it takes the image background away.
 */
import { useMemo } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import { localize } from '../../shared/localize.ts';
import type { ModuleRecordLike } from '../components/ModuleList.tsx';
import { SchemaForm, type EditorFormContext } from '../fields/SchemaForm.tsx';
import type { PreparedModule } from '../store.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { modulePrefix } from './page-doc.ts';

export function ModuleForm({
  module,
  type,
  errors,
  context,
  admin,
  onChange,
}: {
  module: ModuleRecordLike;
  type: PreparedModule | undefined;
  errors: ErrorSchema | undefined;
  context: EditorFormContext;
  admin: boolean;
  onChange: (m: ModuleRecordLike) => void;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  // The module's image is its background: choosing one shows it (issue 14: "a module's image field does what its label says").
  const uiSchema = useMemo(
    () => ({ ...(type?.uiSchema ?? {}), image: { 'ui:title': t('field.backgroundImage'), ...((type?.uiSchema?.image as object) ?? {}) } }),
    [type, t],
  );
  // A contact module's field pickers list the fields of the form kind chosen in it.
  const formContext = useMemo(() => ({ ...context, record: module as Record<string, unknown> }), [context, module]);
  if (!type) return <p className="ed-alert ed-alert--error">{t('module.unregistered', { view: module.view })}</p>;
  return (
    <>
      {type.description && <p className="ed-help">{localize(type.description, ui)}</p>}
      <SchemaForm
        schema={type.form}
        uiSchema={uiSchema}
        data={module}
        idPrefix={modulePrefix(module.id)}
        context={formContext}
        errors={errors}
        kind="module"
        admin={admin}
        onChange={(next) => {
          const m: Record<string, unknown> & ModuleRecordLike = { ...(next as ModuleRecordLike), id: module.id, view: module.view };
          const image = (m.image as { url?: string } | undefined)?.url;
          if (image && image !== (module.image as { url?: string } | undefined)?.url && m.backgroundType !== 'image') m.backgroundType = 'image';
          if (!image && (module.image as { url?: string } | undefined)?.url && m.backgroundType === 'image') delete m.backgroundType;
          onChange(m);
        }}
      />
    </>
  );
}
