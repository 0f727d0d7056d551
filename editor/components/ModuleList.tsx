/**
 * The modules of a page, in the order they are drawn: type (icon + title), the module's own title
 * in the default language, and its errors. Reordered by drag and drop (HTML5 drag events: dropping
 * on a module puts the dragged one in its place), by keyboard (Alt+↑ / Alt+↓ on a focused row)
 * and by the Move up / Move down buttons. Each module's form opens below its row.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../../shared/constants.ts';
import { localize } from '../../shared/localize.ts';
import type { PreparedModule } from '../store.ts';
import { Icon } from './Icon.tsx';
import { tr, useT, useUiLang, type UiLang } from '../i18n/index.ts';

export interface ModuleRecordLike {
  id: number;
  view: string;
  title?: Record<string, string>;
  [key: string]: unknown;
}

export function moduleTypeTitle(type: PreparedModule | undefined, view: string, ui: UiLang = 'en'): string {
  return type ? localize(type.title, ui) || type.view : tr('module.unknownType', { view }, ui);
}

/** A module by its name: its own title, else its type and place on the page ("Article, 2nd module"). */
/** A module's title in `lang`, else in any language it has one (a module written in Dutch only still has a name). */
export function moduleTitle(m: ModuleRecordLike, lang: Lang): string {
  return localize(m.title, lang) || Object.values(m.title ?? {}).find((v) => typeof v === 'string' && v.trim()) || '';
}

export function moduleName(m: ModuleRecordLike, index: number, type: PreparedModule | undefined, defaultLang: Lang, ui: UiLang): string {
  const kind = moduleTypeTitle(type, m.view, ui);
  const own = moduleTitle(m, defaultLang);
  return own ? tr('module.named', { type: kind, title: own }, ui) : tr('module.unnamed', { type: kind, n: index + 1 }, ui);
}

export function ModuleList({
  modules,
  types,
  defaultLang,
  open,
  errorCounts,
  onToggle,
  onMove,
  onRemove,
  renderEditor,
  shows,
}: {
  modules: ModuleRecordLike[];
  types: Map<string, PreparedModule>;
  defaultLang: Lang;
  open: Set<number>;
  errorCounts: Map<number, number>;
  onToggle: (id: number) => void;
  /** Moves the module at `from` to index `to`. */
  onMove: (from: number, to: number) => void;
  onRemove: (id: number) => void;
  renderEditor: (m: ModuleRecordLike, index: number) => ReactNode;
  /** What a module without a title of its own shows (an article by its title…), for its row. */
  shows?: (m: ModuleRecordLike) => string | undefined;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const dragging = useRef<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const rows = useRef(new Map<number, HTMLDivElement>());

  // After a keyboard or button move, the moved row keeps the focus.
  useEffect(() => {
    if (focusId === null) return;
    rows.current.get(focusId)?.focus();
    setFocusId(null);
  }, [focusId, modules]);

  const label = (m: ModuleRecordLike) => moduleName(m, modules.indexOf(m), types.get(m.view), defaultLang, ui);
  const move = (from: number, to: number, viaKeyboard: boolean) => {
    if (to < 0 || to >= modules.length || from === to) return;
    const m = modules[from];
    onMove(from, to);
    setAnnouncement(t('modules.moved', { name: label(m), n: to + 1, total: modules.length }));
    if (viaKeyboard) setFocusId(m.id);
  };
  const endDrag = () => {
    dragging.current = null;
    setDragId(null);
    setOverIndex(null);
  };

  return (
    <div className="ed-modules">
      <p id="ed-modules-help" className="ed-help">
        {t('modules.help')}
      </p>
      <ol className="ed-modules__list" aria-label={t('modules.list')} aria-describedby="ed-modules-help">
        {modules.map((m, index) => {
          const type = types.get(m.view);
          const own = moduleTitle(m, defaultLang);
          const errors = errorCounts.get(m.id) ?? 0;
          const isOpen = open.has(m.id);
          const from = dragId === null ? -1 : modules.findIndex((x) => x.id === dragId);
          const dropSide = overIndex === index && from !== -1 && from !== index ? (from > index ? 'before' : 'after') : undefined;
          return (
            <li
              key={m.id}
              className={`ed-module${dragId === m.id ? ' is-dragging' : ''}${dropSide ? ` is-drop-${dropSide}` : ''}${errors ? ' has-errors' : ''}`}
              data-module-id={m.id}
              data-view={m.view}
              onDragOver={(e) => {
                if (dragging.current === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (overIndex !== index) setOverIndex(index);
              }}
              onDrop={(e) => {
                e.preventDefault();
                const id = dragging.current ?? Number(e.dataTransfer.getData('text/plain'));
                const fromIndex = modules.findIndex((x) => x.id === id);
                endDrag();
                if (fromIndex >= 0) move(fromIndex, index, false);
              }}
            >
              {/* The row is the sortable item: it holds its own buttons, so no widget role fits; it is named, described and takes its keys. */}
              {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above */}
              <div
                className="ed-module__row"
                draggable
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
                tabIndex={0}
                ref={(el) => {
                  if (el) rows.current.set(m.id, el);
                  else rows.current.delete(m.id);
                }}
                aria-label={t('modules.row', { name: label(m), n: index + 1, total: modules.length })}
                aria-roledescription={t('modules.sortable')}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Enter"
                onDragStart={(e) => {
                  dragging.current = m.id;
                  setDragId(m.id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(m.id));
                }}
                onDragEnd={endDrag}
                onKeyDown={(e) => {
                  if (e.target !== e.currentTarget) return;
                  if (e.altKey && e.key === 'ArrowUp') {
                    e.preventDefault();
                    move(index, index - 1, true);
                  } else if (e.altKey && e.key === 'ArrowDown') {
                    e.preventDefault();
                    move(index, index + 1, true);
                  } else if (e.key === 'Enter') {
                    e.preventDefault();
                    onToggle(m.id);
                  }
                }}
              >
                <span className="ed-module__handle" aria-hidden="true">
                  ⋮⋮
                </span>
                <Icon name={type?.icon ?? 'unknown'} />
                <span className="ed-module__text">
                  <span className="ed-module__type">{moduleTypeTitle(type, m.view, ui)}</span>
                  <span className="ed-module__title">
                    {own || (shows?.(m) ? <span className="ed-muted">{shows(m)}</span> : <span className="ed-muted">{t('modules.noTitle')}</span>)}
                  </span>
                </span>
                {errors > 0 && <span className="ed-badge ed-badge--error">{t('common.errors', { n: errors })}</span>}
                <span className="ed-module__buttons">
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-label={t('modules.moveUp', { name: label(m) })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, true)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-label={t('modules.moveDown', { name: label(m) })}
                    disabled={index === modules.length - 1}
                    onClick={() => move(index, index + 1, true)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-expanded={isOpen}
                    aria-controls={`ed-module-form-${m.id}`}
                    onClick={() => onToggle(m.id)}
                  >
                    {isOpen ? t('common.close') : t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small ed-button--danger-text"
                    aria-label={t('modules.remove', { name: label(m) })}
                    onClick={() => onRemove(m.id)}
                  >
                    {t('form.remove')}
                  </button>
                </span>
              </div>
              {isOpen && (
                <div className="ed-module__form" id={`ed-module-form-${m.id}`} role="group" aria-label={t('modules.settingsOf', { name: label(m) })}>
                  {renderEditor(m, index)}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {modules.length === 0 && <p className="ed-empty">{t('modules.none')}</p>}
      <p className="ed-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
