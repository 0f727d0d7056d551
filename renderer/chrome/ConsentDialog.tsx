import { useRef, useState } from 'react';
import { useI18n } from '../i18n.tsx';
import { Link, useShell } from '../ui.tsx';
import { settings, useSettings } from '../store.ts';
import { consentReducer, type Choices, type ConsentAction, ONLY_NECESSARY } from '../consent/consent.ts';
import { writeConsent } from '../consent/tags.ts';
import { useFocusTrap } from './focus.ts';

type Decision = { type: 'acceptAll' } | { type: 'decline' } | { type: 'save'; choices: Partial<Choices> };

/** Records the visitor's choice (cookie + store); the app then applies it to the tags. */
export function decideConsent(version: number, d: Decision): void {
  const next = consentReducer(settings.getState().consent ?? null, { ...d, version, date: new Date().toISOString().slice(0, 10) } as ConsentAction);
  if (next) writeConsent(next);
  settings.setState({ consent: next, consentOpen: false });
}

/**
 * The cookie consent dialog (SPEC §4): accept all, decline (only strictly necessary), or choose
 * per category. Fixed at the bottom of the screen, so it never moves the page.
 */
export function ConsentDialog() {
  const { consent } = useShell();
  const { t } = useI18n();
  const open = useSettings((s) => s.consentOpen);
  const [details, setDetails] = useState(false);
  const [choices, setChoices] = useState<Choices>({ ...ONLY_NECESSARY });
  const ref = useRef<HTMLDivElement>(null);
  // Escape goes back from the settings; on the first screen it declines (only what is necessary).
  useFocusTrap(ref, open, () => (details ? setDetails(false) : decideConsent(consent.version, { type: 'decline' })), {
    lockScroll: false,
    afterPaint: true,
  });
  if (!open) return null;
  return (
    <div className="consent" role="dialog" aria-modal="true" aria-labelledby="consent-title" aria-describedby="consent-text" ref={ref}>
      <div className="consent__panel">
        <h2 id="consent-title" className="consent__title">
          {consent.title}
        </h2>
        <p id="consent-text" className="consent__text">
          {consent.description} {consent.policyPath && <Link href={consent.policyPath}>{t('consent.policy')}</Link>}
        </p>
        {details && (
          <fieldset className="consent__categories">
            <legend className="visually-hidden">{t('consent.categories')}</legend>
            {consent.categories.map((c) => (
              <label key={c.key} className="consent__category">
                <input
                  type="checkbox"
                  name={c.key}
                  checked={c.key === 'necessary' ? true : choices[c.key as keyof Choices]}
                  disabled={c.key === 'necessary'}
                  onChange={(e) => setChoices((x) => ({ ...x, [c.key]: e.target.checked }))}
                />
                <span>
                  <strong>{c.title}</strong>
                  {c.key === 'necessary' && <em> ({t('consent.alwaysOn')})</em>}
                  <br />
                  <small>{c.description}</small>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="consent__actions">
          {details ? (
            <button type="button" className="button" onClick={() => decideConsent(consent.version, { type: 'save', choices })} data-autofocus>
              {t('consent.save')}
            </button>
          ) : (
            <button type="button" className="button" onClick={() => decideConsent(consent.version, { type: 'acceptAll' })} data-autofocus>
              {t('consent.acceptAll')}
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={() => decideConsent(consent.version, { type: 'decline' })}>
            {t('consent.decline')}
          </button>
          {!details && (
            <button type="button" className="link-button" onClick={() => setDetails(true)} aria-expanded={details}>
              {t('consent.settings')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
