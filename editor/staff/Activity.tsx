/** The recent activity on staff accounts, newest first: when, and who did what to whom, in words. */
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { AUDIT_MAX_ENTRIES, AUDIT_SHOWN } from '../../shared/constants.ts';
import type { AuditEntry } from './api.ts';
import { activityText } from './staff-words.ts';

export function Activity({ entries, names }: { entries: AuditEntry[]; names: Record<string, string> }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  return (
    <section className="ed-staff__activity" aria-labelledby="ed-staff-activity">
      <h2 id="ed-staff-activity" className="ed-inbox__subtitle">
        {t('staff.activity.title')}
      </h2>
      <p className="ed-help">{t('staff.activity.help', { n: AUDIT_SHOWN, max: AUDIT_MAX_ENTRIES.toLocaleString(ui) })}</p>
      {entries.length === 0 ? (
        <p className="ed-inbox__empty">{t('staff.activity.none')}</p>
      ) : (
        <ol className="ed-staff__log">
          {entries.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at} className="ed-muted">
                {formatWhen(e.at, ui)}
              </time>{' '}
              <span>{activityText(t, ui, e, names)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
