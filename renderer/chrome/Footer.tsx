import { Html, Link, useShell } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import { Icon } from './Icon.tsx';

/** Names of the social networks, as their owners write them (not translated). */
const BRANDS: Record<string, string> = { facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', youtube: 'YouTube' };

export function Footer() {
  const { footer, site } = useShell();
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {footer.columns.map((c, i) => (
          <div key={i} className="footer-col" style={{ '--sm': c.sm, '--md': c.md, '--lg': c.lg } as React.CSSProperties}>
            {c.title && <h2 className="footer-col__title">{c.title}</h2>}
            {c.intro && <p className="footer-col__intro">{c.intro}</p>}
            {c.html && <Html html={c.html} />}
            {c.images.length > 0 && (
              <div className="footer-col__images">
                {c.images.map((img) => (
                  <img key={img.url} src={img.url} alt={img.alt} loading="lazy" height={48} />
                ))}
              </div>
            )}
            {c.links.length > 0 && (
              <ul className="footer-col__links">
                {c.links.map((l) => (
                  <li key={l.href}>
                    <Link href={l.href}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom__inner">
          <p className="footer-bottom__copyright">{footer.copyright}</p>
          <ul className="footer-bottom__legal">
            {footer.legal.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
            <li>
              <a href="?setcookies">{t('footer.cookieSettings')}</a>
            </li>
          </ul>
          {site.social.length > 0 && (
            <ul className="footer-bottom__social">
              {site.social.map((s) => (
                <li key={s.url}>
                  <Link href={s.url} aria-label={BRANDS[s.icon] ?? s.icon}>
                    <Icon name={s.icon} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="footer-bottom__credits">
            {[
              site.ipiNumber && t('footer.ipi', { number: site.ipiNumber }),
              site.companyNumber && t('footer.company', { number: site.companyNumber }),
              site.credits.design && t('footer.design', { name: site.credits.design }),
              site.credits.implementation && t('footer.implementation', { name: site.credits.implementation }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
    </footer>
  );
}
