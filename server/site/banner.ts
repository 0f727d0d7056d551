/** Page banners: an image, a gallery, a video, a colour, or the newest properties as slides. */
import type { Content, PageRecord } from '../../renderer/content.ts';
import type { BannerView } from '../../renderer/page-data.ts';
import { IMAGE_WIDTH, type Lang } from '../../shared/constants.ts';
import type { Media } from '../../schemas/types.gen.ts';
import type { ListingSource } from '../../renderer/listing-types.ts';
import type { PropertyCardData } from '../../modules/lib/property-card.ts';
import type { Site } from './site.ts';
import { mediaView, publicText } from './shell.ts';

/** How many properties a properties-slideshow banner shows. */
const BANNER_SLIDES = 6;

/** What a banner needs of the site. */
export type BannerSite = Pick<Site, 'propertyCard' | 'listingPhotoUrl'> & { content: Content; listings: ListingSource };

/** The newest available properties with a photo, as banner slides. */
function propertySlides(site: BannerSite, lang: Lang, title?: string, description?: string): BannerView | null {
  const cards = site.listings
    .featured(lang, undefined, BANNER_SLIDES)
    .map((id) => site.propertyCard(id, lang))
    .filter((c): c is PropertyCardData => !!c && !!c.image);
  if (!cards.length) return null;
  return {
    type: 'gallery',
    title,
    description,
    images: cards.map((c) => ({ url: site.listingPhotoUrl('property', site.listings.property(c.id, lang)!, IMAGE_WIDTH.large)!, alt: c.title })),
    slides: cards.map((c) => ({ title: c.title, path: c.path, price: c.price, goal: c.goal, priceFrom: c.priceFrom, viager: c.viager })),
  };
}

/** A page's banner in `lang`: its own, or the site's (image, gallery, video, colour, properties). */
export function pageBanner(site: BannerSite, page: PageRecord, lang: Lang): BannerView | null {
  if (!page.showPageBanner) return null;
  const banner = site.content.banner;
  if (page.bannerType === 'properties' || ((!page.bannerType || page.bannerType === 'site') && banner.type === 'properties')) {
    return propertySlides(
      site,
      lang,
      publicText(page.bannerTitle, lang) ?? publicText(banner.title, lang),
      publicText(page.bannerDescription, lang) ?? publicText(banner.description, lang),
    );
  }
  const fromSite = !page.bannerType || page.bannerType === 'site';
  const type = fromSite ? banner.type : page.bannerType;
  const title = publicText(page.bannerTitle, lang) ?? (fromSite ? publicText(banner.title, lang) : undefined);
  const description = publicText(page.bannerDescription, lang) ?? (fromSite ? publicText(banner.description, lang) : undefined);
  const base = { title, description, transparent: page.bannerTransparent };
  const img = (m: Media | undefined) => mediaView(m, lang);
  switch (type) {
    case 'image': {
      const image = img(fromSite ? banner.image : page.bannerImage);
      return image ? { ...base, type, images: [image] } : null;
    }
    case 'gallery': {
      const images = (fromSite ? (banner.gallery?.images ?? []) : (page.bannerImages ?? [])).map((m) => img(m)!);
      return images.length ? { ...base, type, images } : null;
    }
    case 'video': {
      const video = fromSite
        ? banner.video
        : page.bannerVideo
          ? { url: page.bannerVideo, poster: page.bannerVideoPoster, mobileUrl: page.bannerVideoMobile, mobilePoster: page.bannerVideoMobilePoster }
          : undefined;
      return video ? { ...base, type, images: [], video } : null;
    }
    case 'color':
      return { ...base, type, images: [], color: fromSite ? banner.color : page.bannerColor };
    default:
      return null;
  }
}
