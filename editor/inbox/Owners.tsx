/**
 * Owner accounts of the portal (admins only): the list, a new account with a generated password
 * shown once, disable / enable (a disabled owner is logged out at once), a new password, and the
 * properties the owner sees (by id, and by their CRM reference).
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { Me } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';
import { isEmail } from '../../shared/formats.ts';
import { useSession } from '../store.ts';
import { inboxApi, type OwnerView } from './api.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { EditOwner } from './EditOwner.tsx';
import { fieldErrorOf, parseIds, TextField, type FieldErrors } from './OwnerFormParts.tsx';
import './inbox.css';

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
                <td data-label={t('leads.language')} data-label-inline>
                  {o.lang.toUpperCase()}
                </td>
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
