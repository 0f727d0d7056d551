/**
 * "Add a module": every registered module type, grouped by category, with its icon, title and
 * description (in English, the editor's language). Whatever modules/ registers shows here.
 */
import { useMemo, useState } from 'react';
import { localize } from '../../shared/localize.ts';
import type { PreparedModule } from '../store.ts';
import { Dialog } from './Dialog.tsx';
import { Icon } from './Icon.tsx';
import { humanize } from '../schema.ts';

export function ModulePicker({ types, onPick, onClose }: { types: PreparedModule[]; onPick: (t: PreparedModule) => void; onClose: () => void }) {
  const [q, setQ] = useState('');
  const groups = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const shown = types.filter((t) => !needle || [localize(t.title, 'en'), localize(t.description, 'en'), t.view, t.category].join(' ').toLowerCase().includes(needle));
    const by = new Map<string, PreparedModule[]>();
    for (const t of shown) by.set(t.category, [...(by.get(t.category) ?? []), t]);
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [types, q]);
  return (
    <Dialog title="Add a module" onClose={onClose} wide className="ed-picker">
      <label className="ed-label" htmlFor="ed-picker-search">
        Search module types
      </label>
      <input id="ed-picker-search" className="ed-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      {groups.length === 0 && <p>No module type matches.</p>}
      {groups.map(([category, list]) => (
        <section key={category} className="ed-picker__group" aria-labelledby={`ed-picker-cat-${category}`}>
          <h3 id={`ed-picker-cat-${category}`} className="ed-picker__category">
            {humanize(category)}
          </h3>
          <ul className="ed-picker__list">
            {list.map((t) => (
              <li key={t.view}>
                <button type="button" className="ed-picker__item" data-view={t.view} onClick={() => onPick(t)}>
                  <Icon name={t.icon} size={28} />
                  <span className="ed-picker__text">
                    <span className="ed-picker__name">{localize(t.title, 'en') || t.view}</span>
                    {t.description && <span className="ed-picker__desc">{localize(t.description, 'en')}</span>}
                    <span className="ed-picker__meta ed-muted">
                      {t.view} · icon: {t.icon}
                    </span>
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
