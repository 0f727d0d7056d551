/**
 * "Add a module": every registered module type, grouped by category, with its icon, title and
 * description (in English, the editor's language). Whatever modules/ registers shows here.
 */
import { useMemo, useState } from 'react';
import { localize } from '../../shared/localize.ts';
import type { PreparedModule } from '../store.ts';
import { Dialog } from './Dialog.tsx';
import { Icon } from './Icon.tsx';
import { useT, useUiLang } from '../i18n/index.ts';

export function ModulePicker({ types, onPick, onClose }: { types: PreparedModule[]; onPick: (t: PreparedModule) => void; onClose: () => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const [q, setQ] = useState('');
  const groups = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const shown = types.filter(
      (m) =>
        !needle || [localize(m.title, ui), localize(m.description, ui), localize(m.title, 'en'), m.view, m.category].join(' ').toLowerCase().includes(needle),
    );
    const by = new Map<string, PreparedModule[]>();
    for (const m of shown) by.set(m.category, [...(by.get(m.category) ?? []), m]);
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [types, q, ui]);
  return (
    <Dialog title={t('picker.title')} onClose={onClose} wide className="ed-picker">
      <label className="ed-label" htmlFor="ed-picker-search">
        {t('picker.search')}
      </label>
      <input id="ed-picker-search" className="ed-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      {groups.length === 0 && <p>{t('picker.none')}</p>}
      {groups.map(([category, list]) => (
        <section key={category} className="ed-picker__group" aria-labelledby={`ed-picker-cat-${category}`}>
          <h3 id={`ed-picker-cat-${category}`} className="ed-picker__category">
            {t(`category.${category}` as never) || category}
          </h3>
          <ul className="ed-picker__list">
            {list.map((m) => (
              <li key={m.view}>
                <button type="button" className="ed-picker__item" data-view={m.view} onClick={() => onPick(m)}>
                  <Icon name={m.icon} size={28} />
                  <span className="ed-picker__text">
                    <span className="ed-picker__name">{localize(m.title, ui) || m.view}</span>
                    {m.description && <span className="ed-picker__desc">{localize(m.description, ui)}</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
