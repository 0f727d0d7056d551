/**
 * The site's banner — the home page's, and every page's that shows the site banner — for every
 * staff member (issue 14, point 9): its kind, pictures, title and text, previewed on the home page.
 */
import { useT } from '../i18n/index.ts';
import { SettingsDocument } from './Settings.tsx';

export default function Banner() {
  const t = useT();
  return (
    <div className="ed-settings-screen">
      <div className="ed-screen-head">
        <h1>{t('nav.banner')}</h1>
        <p className="ed-help">{t('banner.screenHelp')}</p>
      </div>
      <SettingsDocument docKey="banner" />
    </div>
  );
}
