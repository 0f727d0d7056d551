import { startTransition, useEffect, useState } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import type { FormKind } from '../../shared/forms.ts';
import { formatDate, formatWeekday } from '../../shared/format.ts';

export type Slots = { state: 'loading' } | { state: 'ready'; slots: string[] } | { state: 'full' } | { state: 'failed' };

/** Free appointment slots, asked for in the browser (they change with every booking). */
export function useSlots(active: boolean): [Slots, () => void] {
  const [slots, setSlots] = useState<Slots>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!active) return;
    let gone = false;
    fetch('/api/appointments', { headers: { accept: 'application/json' } })
      .then((r) => r.json())
      // A transition: the picker renders in slices, not as one task while the page is still starting.
      .then(
        (b: { full: boolean; slots: string[] }) => !gone && startTransition(() => setSlots(b.full ? { state: 'full' } : { state: 'ready', slots: b.slots })),
      )
      .catch(() => !gone && setSlots({ state: 'failed' }));
    return () => {
      gone = true;
    };
  }, [active, round]);
  return [slots, () => setRound((n) => n + 1)];
}

/** The free appointment slots: a day, then a time of that day. */
export function SlotPicker({ kind, slots, error }: { kind: FormKind; slots: string[]; error?: string }) {
  const { t, lang } = useI18n();
  const days = [...new Set(slots.map((s) => s.slice(0, 10)))];
  const [day, setDay] = useState(days[0]);
  const current = days.includes(day) ? day : days[0];
  return (
    <fieldset className="form-field form-field--wide slot-picker" data-invalid={error ? true : undefined}>
      <legend>{t('form.slot')} *</legend>
      <label className="slot-picker__day">
        <span>{t('form.slotDay')}</span>
        <select value={current} onChange={(e) => setDay(e.target.value)} name="slotDay">
          {days.map((d) => (
            <option key={d} value={d}>
              {formatWeekday(d, lang)} {formatDate(d)}
            </option>
          ))}
        </select>
      </label>
      <div className="chips" role="radiogroup" aria-label={t('form.slotTime')} aria-invalid={error ? true : undefined}>
        {slots
          .filter((s) => s.startsWith(current))
          .map((s) => (
            <label key={s} className="chip">
              <input type="radio" name="slot" value={s} aria-describedby={error ? `e-${kind}-slot` : undefined} />
              <span>{s.slice(11)}</span>
            </label>
          ))}
      </div>
      {error && (
        <p className="form-error" id={`e-${kind}-slot`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
