/**
 * What a page's (or article's) row says about it besides its name: hidden, taken off the site, an
 * unpublished draft, marked for repair, and the languages it is not written in or is behind in.
 */
import '../content.css';
import type { LangState } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';
import { langName, useT, useUiLang } from '../i18n/index.ts';

export function PageBadges({
  page: p,
}: {
  page: { status?: string; offline?: boolean; draft?: boolean; repair?: boolean; langs?: Partial<Record<Lang, LangState>> };
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const missing = (Object.entries(p.langs ?? {}) as Array<[Lang, LangState]>).filter(([, s]) => s === 'missing').map(([l]) => langName(l, ui));
  const older = (Object.entries(p.langs ?? {}) as Array<[Lang, LangState]>).filter(([, s]) => s === 'older').map(([l]) => langName(l, ui));
  return (
    <>
      {p.status === 'Hidden' && <span className="ed-badge ed-badge--hidden">{t('status.hidden')}</span>}
      {p.offline && <span className="ed-badge ed-badge--offline">{t('doc.offline')}</span>}
      {p.draft && <span className="ed-badge ed-badge--draft">{t('pages.draft')}</span>}
      {p.repair && <span className="ed-badge ed-badge--error">{t('pages.repair')}</span>}
      {missing.length > 0 && <span className="ed-badge ed-badge--lang">{t('langstate.badgeMissing', { langs: missing.join(', ') })}</span>}
      {older.length > 0 && <span className="ed-badge ed-badge--lang">{t('langstate.badgeOlder', { langs: older.join(', ') })}</span>}
    </>
  );
}
