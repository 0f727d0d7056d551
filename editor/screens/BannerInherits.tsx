/** What the page's banner shows: nothing, its own, or the site's banner (as it is now, with a link to change it). */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { api } from '../api.ts';
import { localize } from '../../shared/localize.ts';
import { useContentLang } from '../store.ts';
import { useT } from '../i18n/index.ts';
import type { PageDoc } from './page-doc.ts';

export function BannerInherits({ page }: { page: PageDoc }) {
  const t = useT();
  const shown = useContentLang();
  const [site, setSite] = useState<{
    type?: string;
    image?: { url?: string };
    gallery?: { images?: Array<{ url: string }> };
    title?: { value?: Record<string, string> };
  } | null>(null);
  const fromSite = !page.bannerType || page.bannerType === 'site';
  useEffect(() => {
    if (!page.showPageBanner || !fromSite || site) return;
    api
      .doc<NonNullable<typeof site>>('banner')
      .then((d) => setSite(d.data))
      .catch(() => undefined);
  }, [page.showPageBanner, fromSite, site]);
  if (!page.showPageBanner) return <p className="ed-help">{t('banner.none')}</p>;
  if (!fromSite) return <p className="ed-help">{t('banner.own')}</p>;
  const pictures = site?.type === 'gallery' ? (site.gallery?.images ?? []).map((i) => i.url) : site?.image?.url ? [site.image.url] : [];
  const ownTitle = localize((page.bannerTitle as { value?: Record<string, string> } | undefined)?.value, shown);
  return (
    <div className="ed-inherits" data-inherits="site">
      <p>
        {t('banner.inherits', { type: site?.type ? t(`banner.type.${site.type}` as never) : '…' })} <Link href="/banner">{t('banner.editSite')}</Link>
      </p>
      {pictures.length > 0 && (
        <ul className="ed-inherits__pictures">
          {pictures.slice(0, 4).map((u) => (
            <li key={u}>
              <img src={u} alt="" />
            </li>
          ))}
        </ul>
      )}
      <p className="ed-muted">
        {ownTitle ? t('banner.ownTitle', { title: ownTitle }) : t('banner.siteTitle', { title: localize(site?.title?.value, shown) || '—' })}
      </p>
    </div>
  );
}
