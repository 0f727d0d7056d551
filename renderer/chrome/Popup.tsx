import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useI18n } from '../i18n.tsx';
import { Link, useShell } from '../ui.tsx';
import { useSettings } from '../store.ts';
import { useFocusTrap } from './focus.ts';
import { Icon } from './Icon.tsx';

/** Closed once, closed for the rest of the visit (this tab's session). */
export const POPUP_CLOSED_KEY = 'vitrine_popup_closed';
/** A URL containing this closes the popup by itself (SPEC §4). */
const AUTO_CLOSE_MARK = 'modal-clicked';

/**
 * The agency's popup (SPEC §2, §4): after its delay, never together with the consent dialog
 * (which comes first), closed by its button, the overlay or Escape.
 */
export function Popup() {
  const { popup } = useShell();
  const { t } = useI18n();
  const [location] = useLocation();
  const search = useSearch();
  const consentOpen = useSettings((s) => s.consentOpen);
  const consentRead = useSettings((s) => s.consent !== undefined);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(POPUP_CLOSED_KEY, '1');
    } catch {
      /* private mode: closed for this page only */
    }
  };
  useFocusTrap(ref, open, close);

  const url = `${location}?${search}`;
  const autoClose =
    !!popup && (url.includes(AUTO_CLOSE_MARK) || (!!popup.formAction && url.includes(popup.formAction)) || !!popup.closedOn?.includes(location));
  useEffect(() => {
    if (open && autoClose) close();
  }, [autoClose, open]);

  useEffect(() => {
    if (!popup || !consentRead || consentOpen || open || autoClose) return;
    try {
      if (sessionStorage.getItem(POPUP_CLOSED_KEY)) return;
    } catch {
      /* no storage: show it */
    }
    const id = setTimeout(() => setOpen(true), popup.delay * 1000);
    return () => clearTimeout(id);
  }, [popup, consentRead, consentOpen, open, autoClose]);

  if (!popup || !open || consentOpen) return null;
  return (
    // A click on the backdrop closes: a mouse shortcut for Escape and the close button.
    <div className="popup" role="presentation" onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="popup__panel" role="dialog" aria-modal="true" aria-labelledby="popup-title" ref={ref}>
        <button type="button" className="icon-button popup__close" onClick={close} aria-label={t('popup.close')}>
          <Icon name="close" />
        </button>
        {popup.image && <img className="popup__image" src={popup.image} alt="" width={800} height={450} />}
        <h2 id="popup-title">{popup.title}</h2>
        <p>{popup.description}</p>
        {popup.link && (
          <p>
            <Link href={popup.link.href} className="button" onClick={close}>
              {popup.link.label}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
