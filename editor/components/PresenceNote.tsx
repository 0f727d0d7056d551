/**
 * Beside a document's save bar (issue 38, points 2 and 5): who else has it open now — "Anna Peeters
 * is editing since 10:42", with their unsaved changes kept on the server when they have some, and
 * who left unsaved changes of it — and where this person's own unsaved changes are kept (on the
 * server automatically, or in this browser only). Times in the editor's language, Brussels time.
 */
import type { DocumentHandle } from '../useDocument.ts';
import { usePresence } from '../usePresence.ts';
import { formatWhen, useT, useUiLang, type UiLang } from '../i18n/index.ts';
import { AGENCY_TIME_ZONE } from '../../shared/constants.ts';

const locale = (lang: UiLang) => (lang === 'nl' ? 'nl-BE' : lang === 'fr' ? 'fr-BE' : 'en-GB');
const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: AGENCY_TIME_ZONE });

/** The time alone today ("10:42"), else the date and time. */
export function formatSince(iso: string | undefined, lang: UiLang): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return day(d) === day(new Date())
    ? d.toLocaleTimeString(locale(lang), { timeZone: AGENCY_TIME_ZONE, hour: '2-digit', minute: '2-digit' })
    : formatWhen(iso, lang);
}

export function PresenceNote<T>({ doc }: { doc: DocumentHandle<T> }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const people = usePresence(doc.key, !!doc.base && !doc.loadError);
  const own = doc.autosave;
  const when = (iso?: string) => formatSince(iso, ui);
  return (
    <div className="ed-presence" aria-live="polite">
      {people.length > 0 && (
        <ul className="ed-presence__people" aria-label={t('presence.label')}>
          {people.map((p, i) => (
            <li key={`${p.name}-${i}`} className={`ed-presence__person${p.away ? ' ed-presence__person--away' : ''}`}>
              <span className="ed-presence__dot" aria-hidden="true" />
              {p.self
                ? t('presence.self', { since: when(p.since) })
                : p.away
                  ? t('presence.away', { name: p.name, at: when(p.unsavedAt) })
                  : p.unsavedAt
                    ? t('presence.editingUnsaved', { name: p.name, since: when(p.since), at: when(p.unsavedAt) })
                    : t('presence.editing', { name: p.name, since: when(p.since) })}
            </li>
          ))}
        </ul>
      )}
      {doc.dirty && own.state === 'saved' && <p className="ed-presence__own ed-muted">{t('autosave.saved', { at: when(own.at) })}</p>}
      {doc.dirty && (own.state === 'failed' || own.state === 'tooLarge') && (
        <p className="ed-presence__own ed-muted">{t(own.state === 'failed' ? 'autosave.failed' : 'autosave.tooLarge')}</p>
      )}
    </div>
  );
}
