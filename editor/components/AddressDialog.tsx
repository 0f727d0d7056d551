/**
 * A page whose address changes (issue 38, point 1): before it is published, where the old address
 * is linked (the menu, texts and buttons of pages and articles, the footer) and whether visitors of
 * the old address are sent to the new one (301; recommended, and what the site does unless told
 * otherwise) — links in texts keep working through it.
 */
import '../content.css';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { DocumentHandle } from '../document-handle.ts';
import { api, type DocKey, type Impact } from '../api.ts';
import { useContentLang } from '../store.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { linkPlaceText } from '../trash-text.ts';
import { Dialog } from './Dialog.tsx';

export function AddressDialog({ docKey, onAnswer }: { docKey: DocKey; onAnswer: (answer: false | { keepOldAddresses: boolean }) => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const lang = useContentLang();
  const [impact, setImpact] = useState<Impact | null>(null);
  const [keep, setKeep] = useState(true);
  useEffect(() => {
    api
      .impact(docKey)
      .then(setImpact)
      .catch(() => setImpact({ key: docKey, system: [], links: [], paths: {}, needsReplacement: false, blocked: false }));
  }, [docKey]);
  const links = (impact?.links ?? []).filter((l) => !l.byId || l.where === 'menu');
  return (
    <Dialog
      title={t('address.title')}
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button type="button" className="ed-button" onClick={() => onAnswer(false)}>
            {t('common.cancel')}
          </button>
          <button type="button" className="ed-button ed-button--primary" disabled={!impact} onClick={() => onAnswer({ keepOldAddresses: keep })} data-autofocus>
            {t('doc.save')}
          </button>
        </>
      }
    >
      {!impact && <p aria-live="polite">{t('common.loading')}</p>}
      {impact && (
        <div className="ed-delete">
          <p>{t('address.intro', { paths: Object.values(impact.paths).join(', ') })}</p>
          {links.length > 0 && (
            <>
              <p>{t('delete.linkedFrom')}</p>
              <ul>
                {links.map((l, i) => (
                  <li key={i}>{linkPlaceText(l, ui, lang)}</li>
                ))}
              </ul>
            </>
          )}
          <fieldset className="ed-address__choice">
            <legend>{t('address.question')}</legend>
            <label className="ed-check">
              <input type="radio" name="ed-address-keep" checked={keep} onChange={() => setKeep(true)} /> {t('address.keep')}
            </label>
            <label className="ed-check">
              <input type="radio" name="ed-address-keep" checked={!keep} onChange={() => setKeep(false)} /> {t('address.drop')}
            </label>
          </fieldset>
        </div>
      )}
    </Dialog>
  );
}

/**
 * A page editor's check before it publishes: when the stored version is live and the draft's
 * address (its segments or its parent) differs, the dialog above asks first.
 */
export function useAddressCheck<T extends { localizedPath?: unknown; parentId?: number | null }>(
  doc: DocumentHandle<T>,
): {
  confirmPublish: () => Promise<false | { keepOldAddresses?: boolean }>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<((a: false | { keepOldAddresses: boolean }) => void) | null>(null);
  const confirmPublish = useCallback(async (): Promise<false | { keepOldAddresses?: boolean }> => {
    const stored = doc.base?.data;
    const now = doc.draft;
    if (!stored || !now || doc.base?.isNew || doc.base?.offline) return {};
    if (JSON.stringify(stored.localizedPath ?? {}) === JSON.stringify(now.localizedPath ?? {}) && stored.parentId === now.parentId) return {};
    return new Promise((resolve) => setAsking(() => resolve));
  }, [doc.base, doc.draft]);
  const dialog = asking ? (
    <AddressDialog
      docKey={doc.key}
      onAnswer={(a) => {
        asking(a);
        setAsking(null);
      }}
    />
  ) : null;
  return { confirmPublish, dialog };
}
