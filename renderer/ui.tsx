/**
 * The renderer's public API for modules: links, sanitised HTML, headings, images, i18n.
 * Modules import from here (and module-api.ts), nothing deeper.
 */
import { createContext, useContext, type ReactNode, type AnchorHTMLAttributes } from 'react';
import type { ShellData } from './page-data.ts';
import { displayPhone, internationalPhone } from '../shared/phone.ts';
import { useI18n } from './i18n.tsx';

export { displayPhone };

export { useI18n } from './i18n.tsx';
export { localize } from '../shared/localize.ts';
export { formatDate, formatNumber, formatPrice } from '../shared/format.ts';
export { MODULE_LIMITS } from '../shared/constants.ts';

export const ShellContext = createContext<ShellData | null>(null);
export function useShell(): ShellData {
  const s = useContext(ShellContext);
  if (!s) throw new Error('useShell outside the app');
  return s;
}

/** A tel: link for a phone number, in international form (+32 2 640 12 34 → tel:+3226401234, 0475 12 34 56 → tel:+32475123456). */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; children: ReactNode; newTab?: boolean };

/**
 * A link: internal paths navigate client-side, external ones open in a new tab.
 * An internal link is a plain anchor: the page's one click handler (App.tsx) routes it. A router
 * link per anchor cost a component and a location subscription each, about a tenth of a list
 * page's render on the server (menus, footer, two dozen cards).
 */
export function Link({ href, children, newTab, ...rest }: LinkProps) {
  const web = /^(https?:)?\/\//.test(href);
  return (
    <a href={href} {...(web || newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}

/**
 * HTML that the server sanitised when it loaded the content (its images load lazily). With
 * `eagerFirstImage`, the first image loads at once: it is on the first screen (an article's page
 * without a photo above its text).
 */
export function Html({ html, className, eagerFirstImage }: { html: string; className?: string; eagerFirstImage?: boolean }) {
  const shown = eagerFirstImage ? html.replace(' loading="lazy" decoding="async"', ' loading="eager" decoding="async"') : html;
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: shown }} />;
}

export function Heading({ level, children, className, id }: { level: string | undefined; children: ReactNode; className?: string; id?: string }) {
  const Tag = (/^h[1-6]$/.test(level ?? '') ? level : 'h2') as 'h2';
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}

export function Img({
  src,
  alt,
  width,
  height,
  className,
  eager,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

/** What an annuity sale (viager) asks: a sum at the deed (bouquet) and a monthly rent for life. */
export interface Viager {
  bouquet: number | null;
  rent: number | null;
}

/**
 * A listing's price as a visitor reads it: € 350.000, from …, … per month, an annuity's bouquet and
 * rent, or price on demand (cards, a property's page, the banner's slides).
 */
export function Price({
  price,
  goal,
  from,
  viager,
  className,
}: {
  price: number | null;
  goal: 'sale' | 'rent';
  from?: boolean;
  viager?: Viager | null;
  className?: string;
}) {
  const { t, formatPrice } = useI18n();
  if (viager && (viager.bouquet !== null || viager.rent !== null)) {
    const parts = [
      viager.bouquet !== null ? t('price.viagerBouquet', { price: formatPrice(viager.bouquet) }) : null,
      viager.rent !== null ? t('price.viagerRent', { price: formatPrice(viager.rent) }) : null,
    ].filter(Boolean);
    return <span className={className}>{parts.join(' + ')}</span>;
  }
  if (price === null) return <span className={className}>{t('price.onDemand')}</span>;
  const amount = formatPrice(price);
  const text = goal === 'rent' ? t('unit.perMonth', { price: amount }) : amount;
  return <span className={className}>{from ? t('price.from', { price: text }) : text}</span>;
}
