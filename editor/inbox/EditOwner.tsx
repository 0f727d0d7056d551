import { useId, useState, type FormEvent } from 'react';
import type { Lang } from '../../shared/constants.ts';
import { useSession } from '../store.ts';
import { inboxApi, type OwnerView } from './api.ts';
import { tr, useT } from '../i18n/index.ts';
import { fieldErrorOf, parseIds, TextField, type FieldErrors } from './OwnerFormParts.tsx';

/** An owner's properties (by id, and by their CRM reference) and language, changed in place in the list. */
export function EditOwner({ owner, langs, onSaved, onCancel }: { owner: OwnerView; langs: Lang[]; onSaved: (o: OwnerView) => void; onCancel: () => void }) {
  const t = useT();
  const expired = useSession((s) => s.expired);
  const id = useId();
  const [ids, setIds] = useState(owner.propertyIds.join(', '));
  const [ref, setRef] = useState(owner.ref ?? '');
  const [lang, setLang] = useState<Lang>(owner.lang);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const propertyIds = parseIds(ids);
    if (!propertyIds) {
      setErrors({ propertyIds: tr('owners.idsBad') });
      return;
    }
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      const { owner: saved } = await inboxApi.changeOwner(owner.id, { propertyIds, ref: ref.trim() || null, lang });
      onSaved(saved);
    } catch (err) {
      if (expired(err)) return;
      setErrors(fieldErrorOf(err));
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ed-owners__form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="ed-inbox__subtitle">
        {t('owners.edit', { name: owner.username })}
      </h3>
      {error && (
        <div className="ed-alert ed-alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="ed-owners__fields">
        <TextField id={`${id}-ids`} label={t('owners.ids')} value={ids} onChange={setIds} error={errors.propertyIds} help={t('owners.idsHelp')} />
        <TextField id={`${id}-ref`} label={t('owners.ref')} value={ref} onChange={setRef} error={errors.ref} />
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={`${id}-lang`}>
            {t('leads.language')}
          </label>
          <select id={`${id}-lang`} className="ed-input" value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
            {langs.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="ed-inbox__actions">
        <button type="submit" className="ed-button ed-button--primary" disabled={busy}>
          {t('doc.save')}
        </button>
        <button type="button" className="ed-button ed-button--ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
