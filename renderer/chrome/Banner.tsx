import { useEffect, useState } from 'react';
import { useI18n } from '../i18n.tsx';
import { Link, Price } from '../ui.tsx';
import type { BannerView } from '../page-data.ts';
import { Icon } from './Icon.tsx';

const GALLERY_INTERVAL_MS = 6000;

function Gallery({ images, slides }: { images: BannerView['images']; slides?: BannerView['slides'] }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || images.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % images.length), GALLERY_INTERVAL_MS);
    return () => clearInterval(id);
  }, [paused, images.length]);
  const go = (d: number) => setIndex((i) => (i + d + images.length) % images.length);
  return (
    <div className="banner__gallery" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} aria-roledescription="carousel">
      {images.map((img, i) => (
        <img
          key={img.url}
          className="banner__media"
          src={img.url}
          alt={img.alt}
          data-active={i === index || undefined}
          aria-hidden={i !== index || undefined}
          loading={i === 0 ? 'eager' : 'lazy'}
          {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
          width={1600}
          height={700}
        />
      ))}
      {slides?.[index] && (
        <p className="banner__slide">
          <Link href={slides[index].path}>{slides[index].title}</Link>
          <Price price={slides[index].price} goal={slides[index].goal} from={slides[index].priceFrom} viager={slides[index].viager} />
        </p>
      )}
      {images.length > 1 && (
        <div className="banner__controls">
          <button type="button" className="icon-button" onClick={() => go(-1)} aria-label={t('banner.previous')}>
            <Icon name="chevron" className="rotate-90" />
          </button>
          <button type="button" className="icon-button" onClick={() => go(1)} aria-label={t('banner.next')}>
            <Icon name="chevron" className="rotate-270" />
          </button>
        </div>
      )}
    </div>
  );
}

export function Banner({ banner, isHome }: { banner: BannerView; isHome: boolean }) {
  const Title = isHome ? 'h1' : 'p';
  return (
    <div
      className={`banner banner--${banner.type}${isHome ? ' banner--home' : ''}`}
      data-transparent={banner.transparent || undefined}
      style={banner.color ? { background: banner.color } : undefined}
    >
      {banner.type === 'image' && banner.images[0] && (
        <img className="banner__media" src={banner.images[0].url} alt={banner.images[0].alt} width={1600} height={700} fetchPriority="high" />
      )}
      {banner.type === 'gallery' && <Gallery images={banner.images} slides={banner.slides} />}
      {banner.type === 'video' && banner.video && (
        <video className="banner__media" autoPlay muted loop playsInline poster={banner.video.poster} preload="metadata">
          {banner.video.mobileUrl && <source src={banner.video.mobileUrl} media="(max-width: 766px)" type={banner.video.type} />}
          <source src={banner.video.url} type={banner.video.type} />
        </video>
      )}
      {(banner.title || banner.description) && (
        <div className="banner__text container">
          {banner.title && <Title className="banner__title">{banner.title}</Title>}
          {banner.description && <p className="banner__description">{banner.description}</p>}
        </div>
      )}
    </div>
  );
}
