/**
 * The editor's header (issue 38, point 10): the brand, the navigation in three groups (content,
 * agency, site; admin-only entries for admins) and the person logged in (language, name, role, log
 * out). On a wide screen the navigation is a sidebar and the person sits in the header; below that
 * (shell.css holds the one breakpoint) a "Menu" button opens both as a panel over the page, which
 * closes on navigation, Escape, a click outside it or the focus leaving it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Me } from '../api.ts';
import { useT, type MessageKey } from '../i18n/index.ts';
import { LanguageChoice } from './LanguageChoice.tsx';

interface NavItem {
  href: string;
  label: MessageKey;
  admin?: boolean;
}
interface NavGroup {
  label: MessageKey;
  items: NavItem[];
}
/** The navigation, by what staff go there for. */
export const NAV: NavGroup[] = [
  {
    label: 'nav.group.content',
    items: [
      { href: '/pages', label: 'nav.pages' },
      { href: '/articles', label: 'nav.articles' },
      { href: '/banner', label: 'nav.banner' },
      { href: '/dictionaries', label: 'nav.dictionaries' },
      { href: '/missing', label: 'nav.missing' },
      { href: '/scheduled', label: 'nav.scheduled' },
      { href: '/media', label: 'nav.media' },
      { href: '/trash', label: 'nav.trash' },
      { href: '/redirects', label: 'redirects.title' },
    ],
  },
  {
    label: 'nav.group.agency',
    items: [
      { href: '/leads', label: 'nav.leads' },
      { href: '/owners', label: 'nav.owners', admin: true },
      { href: '/listings', label: 'nav.listings', admin: true },
    ],
  },
  {
    label: 'nav.group.site',
    items: [
      { href: '/settings', label: 'nav.settings', admin: true },
      { href: '/staff', label: 'nav.staff', admin: true },
    ],
  },
];

export function ShellHeader({ me, onLogout }: { me: Me; onLogout: () => void }) {
  const t = useT();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** The screen a link of the navigation was clicked for (it may ask first about unsaved edits). */
  const going = useRef<string | null>(null);
  const isAdmin = me.user.role === 'admin';
  const groups = NAV.map((g) => ({ ...g, items: g.items.filter((n) => !n.admin || isAdmin) })).filter((g) => g.items.length > 0);

  // A new screen: the panel closes; reached from the navigation, the new screen opens at its top with the focus.
  useEffect(() => {
    if (going.current === location) {
      window.scrollTo(0, 0);
      document.getElementById('ed-main')?.focus({ preventScroll: true });
    }
    going.current = null;
    setOpen(false);
  }, [location]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A dialog over the page (leave or stay?) answers its own Escape.
      if (e.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="ed-header">
      <Link href="/pages" className="ed-brand">
        Vitrine <span>{t('app.editor')}</span>
      </Link>
      <button ref={button} type="button" className="ed-menu-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <span className="ed-menu-button__icon" aria-hidden="true" />
        {t('nav.menu')}
      </button>
      <div
        id={panelId}
        ref={panel}
        className={`ed-panel${open ? ' is-open' : ''}`}
        onBlur={(e) => {
          // The focus went elsewhere on the page (not to the menu button): the panel closes.
          const to = e.relatedTarget as Node | null;
          if (open && to && !panel.current?.contains(to) && to !== button.current) setOpen(false);
        }}
      >
        <nav className="ed-nav" aria-label={t('nav.label')}>
          {groups.map((g) => (
            <NavGroupList key={g.label} label={t(g.label)}>
              {g.items.map((n) => (
                <li key={n.href}>
                  <Link
                    href={n.href}
                    className="ed-nav__link"
                    aria-current={location === n.href || location.startsWith(`${n.href}/`) ? 'page' : undefined}
                    onClick={() => {
                      going.current = n.href;
                      setOpen(false);
                    }}
                  >
                    {t(n.label)}
                  </Link>
                </li>
              ))}
            </NavGroupList>
          ))}
        </nav>
        <div className="ed-user">
          <LanguageChoice compact />
          <span className="ed-user__who">
            <span className="ed-user__name">{me.user.name ?? me.user.username}</span>
            <span className="ed-badge">{t(me.user.role === 'admin' ? 'role.admin' : 'role.editor')}</span>
          </span>
          <button type="button" className="ed-button ed-button--ghost" onClick={onLogout}>
            {t('app.logout')}
          </button>
        </div>
      </div>
      {open && <div className="ed-panel__backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
    </header>
  );
}

function NavGroupList({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="ed-nav__group">
      <p id={id} className="ed-nav__heading">
        {label}
      </p>
      <ul aria-labelledby={id}>{children}</ul>
    </div>
  );
}
