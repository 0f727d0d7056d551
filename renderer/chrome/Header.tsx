import { useEffect, useRef, useState } from 'react';
import { useFocusTrap } from './focus.ts';
import { useLocation } from 'wouter';
import { Link, displayPhone, telHref, useShell } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import { settings, useSettings } from '../store.ts';
import type { LinkView, MenuItem, PageData } from '../page-data.ts';
import { Icon } from './Icon.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { menuBarFrom } from '../../shared/menu-fit.ts';
import { BREAKPOINT_DESKTOP } from '../../shared/constants.ts';

function isActive(item: MenuItem, location: string, homePath: string): boolean {
  if (item.external) return false;
  if (item.path === homePath) return location === homePath;
  return location.startsWith(item.path) || item.children.some((c) => isActive(c, location, homePath));
}

function TopBarLinks({ links, side }: { links: LinkView[]; side: string }) {
  return (
    <ul className={`top-bar__links top-bar__links--${side}`}>
      {links.map((l, i) => (
        <li key={i}>
          <Link href={l.href} style={l.color ? { color: l.color } : undefined}>
            {l.icon && <Icon name={l.icon} size={16} />}
            <span className={l.icon ? 'top-bar__label' : undefined}>{l.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TopBar() {
  const { header } = useShell();
  if (!header.topBar) return null;
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <TopBarLinks links={header.topBar.left} side="left" />
        <TopBarLinks links={header.topBar.right} side="right" />
      </div>
    </div>
  );
}

function MenuLink({ item }: { item: MenuItem }) {
  const { t } = useI18n();
  return (
    <Link href={item.path} newTab={item.external}>
      {item.label}
      {item.external && (
        <>
          <Icon name="external" size={14} />
          <span className="visually-hidden"> {t('nav.newTab')}</span>
        </>
      )}
    </Link>
  );
}

/** The menu tree; the desktop bar and the drawer differ only in their classes. */
function MenuList({ className, itemClass, subClass }: { className: string; itemClass?: string; subClass?: string }) {
  const { menu, homePath } = useShell();
  const [location] = useLocation();
  return (
    <ul className={className}>
      {menu.map((item) => (
        <li
          key={item.id}
          className={itemClass && (item.children.length ? `${itemClass} has-children` : itemClass)}
          data-active={isActive(item, location, homePath) || undefined}
        >
          <MenuLink item={item} />
          {item.children.length > 0 && (
            <ul className={subClass}>
              {item.children.map((c) => (
                <li key={c.id} data-active={isActive(c, location, homePath) || undefined}>
                  <MenuLink item={c} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function DesktopMenu({ navRef }: { navRef: React.RefObject<HTMLElement | null> }) {
  const { t } = useI18n();
  return (
    <nav className="main-nav" aria-label={t('nav.main')} ref={navRef}>
      <MenuList className="main-nav__list" itemClass="main-nav__item" subClass="main-nav__sub" />
    </nav>
  );
}

function Drawer({ page }: { page: PageData }) {
  const { site } = useShell();
  const { t } = useI18n();
  const open = useSettings((s) => s.drawerOpen);
  const [location] = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const close = () => settings.getState().setDrawer(false);

  useFocusTrap(panel, open, close);

  // Navigating (location change) closes the drawer.
  useEffect(() => close(), [location]);

  return (
    <div className="drawer" data-open={open || undefined} hidden={!open}>
      {/* The backdrop's click is a mouse shortcut: Escape and the close button do the same by keyboard. */}
      <div className="drawer__overlay" role="presentation" onClick={close} />
      <div className="drawer__panel" ref={panel} role="dialog" aria-modal="true" aria-label={t('nav.menu')} id="drawer">
        <div className="drawer__head">
          <span className="drawer__title">{t('nav.menu')}</span>
          <button type="button" className="icon-button" onClick={close} aria-label={t('nav.close')}>
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label={t('nav.main')}>
          <MenuList className="drawer__list" />
        </nav>
        <LanguageSwitcher page={page} variant="drawer" />
        <div className="drawer__contact">
          <Link href={telHref(site.phone)}>
            <Icon name="phone" size={16} /> {displayPhone(site.phone)}
          </Link>
          <Link href={`mailto:${site.email}`}>
            <Icon name="mail" size={16} /> {site.email}
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * Whether the menu bar, shown from `from` px (the server's estimate), really fits: measured in the
 * browser, at the current width; a bar that does not fit gives way to the drawer button, so that
 * the logo keeps its size with any number of menu items (issue 14). Re-measured when the window
 * grows past the width at which it did not fit.
 */
function useMenuOverflow(nav: React.RefObject<HTMLElement | null>, from: number | null, key: string): boolean {
  const [tooNarrowAt, setTooNarrowAt] = useState<number | null>(null);
  useEffect(() => {
    const check = () => {
      const width = window.innerWidth;
      if (tooNarrowAt !== null) {
        if (width > tooNarrowAt) setTooNarrowAt(null);
        return;
      }
      const el = nav.current;
      const list = el?.firstElementChild as HTMLElement | null;
      if (!el || !list || from === null || width < Math.max(from, BREAKPOINT_DESKTOP) || getComputedStyle(el).display === 'none') return;
      if (list.scrollWidth > el.clientWidth + 1) setTooNarrowAt(width);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [nav, from, key, tooNarrowAt]);
  return tooNarrowAt !== null;
}

export function Header({ page }: { page: PageData }) {
  const { header, site, homePath, menu, languages } = useShell();
  const { t, lang } = useI18n();
  const scrolled = useSettings((s) => s.headerScrolled);
  const open = useSettings((s) => s.drawerOpen);
  const fixed = (header.fixedOnScroll || page.page.showFixedMenu) && scrolled;
  const small = header.shrinkLogoOnScroll && scrolled;
  const from = menuBarFrom(menu, languages.length);
  const nav = useRef<HTMLElement>(null);
  const overflow = useMenuOverflow(nav, from, `${lang}:${menu.length}`);
  return (
    <div className="header-slot">
      <header
        className="site-header"
        data-fixed={fixed || undefined}
        data-small={small || undefined}
        data-transparent={(header.transparentOnTop && !scrolled) || undefined}
        data-menu-from={overflow || from === null ? 'never' : from}
      >
        <div className="container site-header__inner">
          <Link href={homePath} className="site-header__logo">
            <img src={site.logoUrl} alt={t('nav.homeOf', { name: site.name })} width={220} height={56} />
          </Link>
          <DesktopMenu navRef={nav} />
          <HeaderSearch />
          <LanguageSwitcher page={page} variant="header" />
          <button
            type="button"
            className="icon-button menu-button"
            aria-expanded={open}
            aria-controls="drawer"
            onClick={() => settings.getState().setDrawer(!open)}
          >
            <Icon name="menu" />
            <span className="menu-button__label">{t('nav.menu')}</span>
          </button>
        </div>
      </header>
      <Drawer page={page} />
    </div>
  );
}
