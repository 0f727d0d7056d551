/**
 * The editor's own language (issue 14, point 6), chosen by each staff member: Nederlands, Français,
 * English. Remembered in this browser; every screen redraws in it at once.
 */
import { useId } from 'react';
import { UI_LANG_NAMES, UI_LANGS, useT, useUiLang, type UiLang } from '../i18n/index.ts';

export function LanguageChoice({ compact }: { compact?: boolean }) {
  const t = useT();
  const { lang, setLang } = useUiLang();
  const id = useId();
  return (
    <div className={`ed-uilang${compact ? ' ed-uilang--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'ed-visually-hidden' : 'ed-label'}>
        {t('ui.language')}
      </label>
      <select id={id} className="ed-input ed-input--small" value={lang} onChange={(e) => setLang(e.target.value as UiLang)}>
        {UI_LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {UI_LANG_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
