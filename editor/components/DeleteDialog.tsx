/**
 * Deleting a page or an article (issue 38, point 1): it goes to the trash (30 days). Before it goes
 * the dialog says what it touches — why the site needs it (an editor cannot delete such a page; an
 * admin reads what breaks and confirms), where it is linked, the pages that must move first — and
 * asks which page its links and old addresses should lead to.
 */
import '../content.css';
import { useEffect, useId, useMemo, useState } from 'react';
import { api, ApiError, type DocKey, type Impact, type SaveAnswer } from '../api.ts';
import { useContentLang, useIsAdmin, useSession } from '../store.ts';
import { usePages } from '../catalog.ts';
import { pageOptions } from '../page-options.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { problemMessage } from '../problem-text.ts';
import { linkPlaceText, systemRoleText } from '../trash-text.ts';
import { Dialog } from './Dialog.tsx';

export function DeleteDialog({
  docKey,
  baseRev,
  name,
  onClose,
  onDeleted,
}: {
  docKey: `page:${number}` | `article:${string}`;
  baseRev: number;
  name: string;
  onClose: () => void;
  onDeleted: (answer: SaveAnswer) => void;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const lang = useContentLang();
  const admin = useIsAdmin();
  const expired = useSession((s) => s.expired);
  const pages = usePages();
  const [impact, setImpact] = useState<Impact | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replacement, setReplacement] = useState<number | ''>('');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const pickId = useId();
  const self = docKey.startsWith('page:') ? Number(docKey.slice(5)) : undefined;
  const options = useMemo(() => pageOptions(pages ?? [], lang, self), [pages, lang, self]);

  useEffect(() => {
    api
      .impact(docKey as DocKey)
      .then(setImpact)
      .catch((e) => !expired(e) && setError((e as Error).message));
  }, [docKey, expired]);

  const system = impact?.system ?? [];
  const editorRefused = system.length > 0 && !admin;
  const blockers = (impact?.links ?? []).filter(
    (l) => (l.where === 'child' || l.where === 'template' || l.where === 'relation' || l.where === 'author') && l.byId,
  );
  const others = (impact?.links ?? []).filter((l) => !blockers.includes(l));
  const needsPick = !!impact?.needsReplacement && replacement === '';
  const ready = !!impact && !editorRefused && !blockers.length && !needsPick && (!system.length || understood) && !busy;

  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.remove(docKey, baseRev, { ...(replacement !== '' ? { replacement } : {}), ...(system.length ? { force: true } : {}) });
      onDeleted(r);
    } catch (e) {
      if (expired(e)) return;
      setError(e instanceof ApiError && e.problems.length ? e.problems.map((p) => problemMessage(p, ui)).join(' ') : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('delete.title', { name })}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </button>
          {!editorRefused && (
            <button type="button" className="ed-button ed-button--danger" disabled={!ready} onClick={() => void go()}>
              {t('delete.confirm')}
            </button>
          )}
        </>
      }
    >
      {!impact && !error && <p aria-live="polite">{t('common.loading')}</p>}
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {impact && (
        <div className="ed-delete">
          <p>{t('delete.toTrash')}</p>
          {system.length > 0 && (
            <div className={`ed-alert ${editorRefused ? 'ed-alert--error' : 'ed-alert--warning'}`} role="alert">
              <p>{editorRefused ? t('delete.systemEditor') : t('delete.systemAdmin')}</p>
              <ul>
                {system.map((r) => (
                  <li key={r.role}>{systemRoleText(r, ui)}</li>
                ))}
              </ul>
              {!editorRefused && (
                <label className="ed-check">
                  <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} /> {t('delete.understood')}
                </label>
              )}
            </div>
          )}
          {blockers.length > 0 && (
            <div className="ed-alert ed-alert--error" role="alert">
              <p>{t('delete.blocked')}</p>
              <ul>
                {blockers.map((l, i) => (
                  <li key={i}>{linkPlaceText(l, ui, lang)}</li>
                ))}
              </ul>
            </div>
          )}
          {others.length > 0 && (
            <>
              <p>{t('delete.linkedFrom')}</p>
              <ul className="ed-delete__links">
                {others.map((l, i) => (
                  <li key={i}>
                    {linkPlaceText(l, ui, lang)} <span className="ed-muted">{l.byId ? t('delete.movesToPick') : t('delete.keptByRedirect')}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {Object.keys(impact.paths).length > 0 && !editorRefused && !blockers.length && (
            <div className="ed-field">
              <label htmlFor={pickId}>{impact.needsReplacement ? t('delete.pickRequired') : t('delete.pickOptional')}</label>
              <select
                id={pickId}
                className="ed-input"
                value={replacement}
                onChange={(e) => setReplacement(e.target.value === '' ? '' : Number(e.target.value))}
              >
                <option value="">{impact.needsReplacement ? t('pick.choosePage') : t('delete.noRedirect')}</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {'\u00a0\u00a0'.repeat(o.depth)}
                    {o.label}
                  </option>
                ))}
              </select>
              <p className="ed-help">
                {t('delete.addresses', {
                  paths: Object.values(impact.paths).join(', '),
                })}
              </p>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
