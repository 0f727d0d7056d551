/**
 * Owner accounts of the portal (admins only): the list, a new account with a generated password
 * shown once, disable / enable (a disabled owner is logged out at once), a new password, and the
 * properties the owner sees (by id, and by their CRM reference).
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { Me } from '../api.ts';
import { ApiError } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';
import { isEmail } from '../../shared/formats.ts';
import { useSession } from '../store.ts';
import { inboxApi, type OwnerView } from './api.ts';
import { formatWhen, tr, useT, useUiLang } from '../i18n/index.ts';
import './inbox.css';

/** A labelled text input with its help and its error (announced with the input). */
function TextField(p: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  help?: string;
  type?: string;
  required?: boolean;
}) {
  const describedBy = [p.help ? `${p.id}-help` : '', p.error ? `${p.id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ed-inbox__filter">
      <label className="ed-label" htmlFor={p.id}>
        {p.label} {p.required && <span aria-hidden="true">*</span>}
      </label>
      <input
        id={p.id}
        className="ed-input"
        type={p.type ?? 'text'}
        autoComplete="off"
        required={p.required}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy}
      />
      {p.help && (
        <p id={`${p.id}-help`} className="ed-help">
          {p.help}
        </p>
      )}
      {p.error && (
        <p id={`${p.id}-error`} className="ed-inbox__field-error">
          {p.error}
        </p>
      )}
    </div>
  );
}

/** "12, 345 678" → [12, 345, 678]; undefined when something else was typed. */
function parseIds(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((p) => !/^[1-9]\d{0,8}$/.test(p))) return undefined;
  return [...new Set(parts.map(Number))];
}

interface FieldErrors {
  [field: string]: string | undefined;
}

/** The server names the field at fault: the message goes next to it. */
function fieldErrorOf(e: unknown): FieldErrors {
  if (e instanceof ApiError && typeof e.body.field === 'string') {
    const errors = e.body.errors as Array<{ field: string; message: string }> | undefined;
    return { [e.body.field]: errors?.find((x) => x.field === e.body.field)?.message ?? e.message };
  }
  return {};
}

function Secret({ username, password, onDone }: { username: string; password: string; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <div className="ed-alert ed-owners__secret" role="alert">
      <p>
        {t('owners.passwordOf')} <strong>{username}</strong>
        {t('common.colon')}
        <code className="ed-owners__password">{password}</code>
      </p>
      <p>{t('owners.shownOnce')}</p>
      <div className="ed-inbox__actions">
        <button
          type="button"
          className="ed-button ed-button--small"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(password);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? t('owners.copied') : t('owners.copyPassword')}
        </button>
        <button type="button" className="ed-button ed-button--small ed-button--ghost" onClick={onDone}>
          {t('owners.done')}
        </button>
      </div>
    </div>
  );
}

function EditOwner({ owner, langs, onSaved, onCancel }: { owner: OwnerView; langs: Lang[]; onSaved: (o: OwnerView) => void; onCancel: () => void }) {
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

export default function Owners({ me }: { me: Me }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const expired = useSession((s) => s.expired);
  const isAdmin = me.user.role === 'admin';
  const id = useId();
  const [owners, setOwners] = useState<OwnerView[] | null>(null);
  const [langs, setLangs] = useState<Lang[]>(me.langs);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The new account's form.
  const [username, setUsername] = useState('');
  const [lang, setLang] = useState<Lang>(me.defaultLang);
  const [ids, setIds] = useState('');
  const [ref, setRef] = useState('');
  const [addErrors, setAddErrors] = useState<FieldErrors>({});
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await inboxApi.owners();
      setOwners(r.owners);
      setLangs(r.langs);
      setError(null);
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    }
  }, [expired]);

  useEffect(() => {
    if (isAdmin) void load();
  }, [isAdmin, load]);

  if (!isAdmin) {
    return (
      <div className="ed-inbox">
        <h1 className="ed-inbox__title">{t('owners.title')}</h1>
        <p>{t('owners.adminsOnly')}</p>
      </div>
    );
  }

  const replace = (o: OwnerView) => setOwners((list) => (list ?? []).map((x) => (x.id === o.id ? o : x)));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    if (!isEmail(username.trim())) errors.username = t('owners.emailBad');
    const propertyIds = parseIds(ids);
    if (!propertyIds) errors.propertyIds = t('owners.idsBad');
    setAddErrors(errors);
    setAddError(null);
    if (Object.keys(errors).length) return;
    setAdding(true);
    try {
      const r = await inboxApi.addOwner({
        username: username.trim(),
        lang,
        ...(propertyIds!.length ? { propertyIds } : {}),
        ...(ref.trim() ? { ref: ref.trim() } : {}),
      });
      setOwners((list) => [...(list ?? []), r.owner].sort((a, b) => a.username.localeCompare(b.username)));
      setSecret({ username: r.owner.username, password: r.password });
      setStatus(t('owners.made', { name: r.owner.username }));
      setUsername('');
      setIds('');
      setRef('');
    } catch (err) {
      if (expired(err)) return;
      setAddErrors(fieldErrorOf(err));
      setAddError((err as Error).message);
    } finally {
      setAdding(false);
    }
  };

  const run = async (o: OwnerView, fn: () => Promise<{ owner: OwnerView; password?: string }>, message: (o: OwnerView) => string) => {
    setBusy(o.id);
    setError(null);
    try {
      const r = await fn();
      replace(r.owner);
      if (r.password) setSecret({ username: r.owner.username, password: r.password });
      setStatus(message(r.owner));
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="ed-inbox">
      <h1 className="ed-inbox__title">{t('owners.title')}</h1>
      <p className="ed-inbox__status" role="status" aria-live="polite">
        {status}
      </p>
      {secret && <Secret {...secret} onDone={() => setSecret(null)} />}
      {error && (
        <div className="ed-alert ed-alert--error" role="alert">
          {error}
        </div>
      )}

      {!owners && !error && <p>{t('common.loading')}</p>}
      {owners && owners.length === 0 && <p className="ed-inbox__empty">{t('owners.none')}</p>}
      {owners && owners.length > 0 && (
        <table className="ed-table ed-inbox__table">
          <caption className="ed-inbox__caption">{t('owners.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('login.email')}</th>
              <th scope="col">{t('leads.language')}</th>
              <th scope="col">{t('owners.properties')}</th>
              <th scope="col">{t('leads.status')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {owners.map((o) => (
              <tr key={o.id} className={o.disabled ? 'ed-inbox__row--handled' : undefined}>
                <td>
                  <div>{o.username}</div>
                  <div className="ed-muted">{t('owners.since', { when: formatWhen(o.createdAt, ui) })}</div>
                </td>
                <td>{o.lang.toUpperCase()}</td>
                <td>
                  {o.properties.length === 0 ? (
                    <span className="ed-muted">{t('owners.noProperties')}</span>
                  ) : (
                    <ul className="ed-owners__properties">
                      {o.properties.map((p) => (
                        <li key={p.id}>
                          {p.id}
                          {p.title ? ` — ${p.title}` : ` ${t('owners.notListed')}`}
                          {p.via === 'ref' && <span className="ed-muted"> {t('owners.viaRef')}</span>}
                        </li>
                      ))}
                    </ul>
                  )}
                  {o.ref && <div className="ed-muted">{t('owners.refIs', { ref: o.ref })}</div>}
                </td>
                <td>
                  {o.disabled ? (
                    <span className="ed-badge ed-inbox__badge--rejected">{t('owners.disabled')}</span>
                  ) : (
                    <span className="ed-badge ed-inbox__badge--done">{t('owners.active')}</span>
                  )}
                  {o.resetPending && <div className="ed-muted">{t('owners.resetAsked')}</div>}
                </td>
                <td>
                  <div className="ed-inbox__actions">
                    <button
                      type="button"
                      className="ed-button ed-button--small"
                      aria-expanded={editing === o.id}
                      onClick={() => setEditing(editing === o.id ? null : o.id)}
                    >
                      {t('common.edit')}
                      <span className="ed-visually-hidden"> {o.username}</span>
                    </button>
                    <button
                      type="button"
                      className="ed-button ed-button--small"
                      disabled={busy === o.id}
                      onClick={() =>
                        run(
                          o,
                          () => inboxApi.changeOwner(o.id, { disabled: !o.disabled }),
                          (x) => (x.disabled ? t('owners.disabledNow', { name: x.username }) : t('owners.enabledNow', { name: x.username })),
                        )
                      }
                    >
                      {o.disabled ? t('owners.enable') : t('owners.disable')}
                      <span className="ed-visually-hidden"> {o.username}</span>
                    </button>
                    <button
                      type="button"
                      className="ed-button ed-button--small ed-button--ghost"
                      disabled={busy === o.id}
                      onClick={() => {
                        if (window.confirm(t('owners.newPasswordAsk', { name: o.username }))) {
                          void run(
                            o,
                            () => inboxApi.newOwnerPassword(o.id),
                            (x) => t('owners.newPasswordDone', { name: x.username }),
                          );
                        }
                      }}
                    >
                      {t('owners.newPassword')}
                      <span className="ed-visually-hidden"> {o.username}</span>
                    </button>
                  </div>
                  {editing === o.id && (
                    <EditOwner
                      owner={o}
                      langs={langs}
                      onCancel={() => setEditing(null)}
                      onSaved={(saved) => {
                        replace(saved);
                        setEditing(null);
                        setStatus(t('owners.saved', { name: saved.username }));
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <form className="ed-owners__form ed-owners__add" onSubmit={add} aria-labelledby={`${id}-add`} noValidate>
        <h2 id={`${id}-add`} className="ed-inbox__subtitle">
          {t('owners.new')}
        </h2>
        {addError && (
          <div className="ed-alert ed-alert--error" role="alert">
            {addError}
          </div>
        )}
        <div className="ed-owners__fields">
          <TextField id={`${id}-username`} label={t('owners.email')} value={username} onChange={setUsername} error={addErrors.username} type="email" required />
          <div className="ed-inbox__filter">
            <label className="ed-label" htmlFor={`${id}-lang`}>
              {t('leads.language')}
            </label>
            <select
              id={`${id}-lang`}
              className="ed-input"
              value={lang}
              onChange={(e) => setLang(e.target.value as Lang)}
              aria-invalid={addErrors.lang ? true : undefined}
            >
              {langs.map((l) => (
                <option key={l} value={l}>
                  {l.toUpperCase()}
                </option>
              ))}
            </select>
            {addErrors.lang && <p className="ed-inbox__field-error">{addErrors.lang}</p>}
          </div>
          <TextField id={`${id}-ids`} label={t('owners.ids')} value={ids} onChange={setIds} error={addErrors.propertyIds} help={t('owners.idsOptional')} />
          <TextField id={`${id}-ref`} label={t('owners.ref')} value={ref} onChange={setRef} error={addErrors.ref} help={t('owners.refHelp')} />
        </div>
        <button type="submit" className="ed-button ed-button--primary" disabled={adding}>
          {adding ? t('owners.making') : t('owners.make')}
        </button>
      </form>
    </div>
  );
}
