import { lazy, Suspense, useEffect, useState } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import type { ImageSet } from './property-card.ts';
import './photos.css';

export type PhotoSet = ImageSet & { thumb: string; large: string };

const Gallery = lazy(() => import('./Gallery.tsx'));

export function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** The photos of a listing: the first one at once, the Splide slideshow once the page is live. */
export function Photos({ photos }: { photos: PhotoSet[] }) {
  const { t } = useI18n();
  const mounted = useMounted();
  const [index, setIndex] = useState(0);
  const [slider, setSlider] = useState(false);
  if (!photos.length) return <p className="gallery gallery--empty">{t('detail.noPhoto')}</p>;
  const first = photos[index];
  const still = (
    <img
      className="gallery__still"
      src={first.src}
      srcSet={first.srcSet}
      sizes="(min-width: 1280px) 800px, 100vw"
      alt={first.alt}
      width={1360}
      height={907}
      fetchPriority="high"
    />
  );
  return (
    <div className="gallery" onPointerEnter={() => setSlider(true)} onTouchStart={() => setSlider(true)} onFocus={() => setSlider(true)}>
      <div className="gallery__main">
        {mounted && (slider || photos.length > 1) ? (
          <Suspense fallback={still}>
            <Gallery photos={photos} start={index} onMove={setIndex} />
          </Suspense>
        ) : (
          still
        )}
        <p className="gallery__count" aria-live="polite">
          {t('detail.photoN', { n: index + 1, total: photos.length })}
        </p>
      </div>
      <ul className="gallery__thumbs" aria-label={t('detail.photos')}>
        {photos.map((p, i) => (
          <li key={p.thumb}>
            <a
              href={p.large}
              aria-current={i === index || undefined}
              onClick={(e) => {
                e.preventDefault();
                setIndex(i);
                setSlider(true);
              }}
              target="_blank"
              rel="noopener"
            >
              <img src={p.thumb} alt={t('detail.photoN', { n: i + 1, total: photos.length })} width={200} height={133} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
