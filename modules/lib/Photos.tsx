import { lazy, Suspense, useEffect, useRef, useState, type PointerEvent, type TouchEvent } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import type { ImageSet } from './property-card.ts';
import './photos.css';

export type PhotoSet = ImageSet & { thumb: string; large: string };

const loadGallery = () => import('./Gallery.tsx');
const Gallery = lazy(loadGallery);

export function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * The photos of a listing: the first one at once (the page's largest picture, so it stays the same
 * element through hydration), the Splide slideshow when the visitor reaches for it (pointer, touch,
 * focus or a thumbnail). A first swipe on the still photo already turns to the next one.
 */
export function Photos({ photos }: { photos: PhotoSet[] }) {
  const { t } = useI18n();
  const mounted = useMounted();
  const [index, setIndex] = useState(0);
  const [slider, setSlider] = useState(false);
  const touchX = useRef<number | null>(null);
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
    <div
      className="gallery"
      // A mouse coming to the photo (a finger is a pointer too, handled by the touch events below).
      onPointerEnter={(e: PointerEvent) => e.pointerType === 'mouse' && setSlider(true)}
      onFocus={() => setSlider(true)}
      // The still photo stays the same element through a gesture (a node replaced under a finger
      // would take the rest of the gesture with it): the slideshow comes when the finger lifts.
      onTouchStart={(e: TouchEvent) => {
        touchX.current = slider ? null : e.touches[0].clientX;
        if (!slider) void loadGallery();
      }}
      onTouchEnd={(e: TouchEvent) => {
        if (touchX.current === null) return;
        // The swipe that woke the slideshow up turns the photo all the same.
        const dx = e.changedTouches[0].clientX - touchX.current;
        touchX.current = null;
        if (Math.abs(dx) > 40) setIndex((i) => (i + (dx < 0 ? 1 : photos.length - 1)) % photos.length);
        setSlider(true);
      }}
    >
      <div className="gallery__main">
        {mounted && slider ? (
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
