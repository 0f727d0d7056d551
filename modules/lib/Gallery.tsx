// The photo slideshow (Splide), loaded in the browser after the first photo has been shown.
import { useEffect, useRef } from 'react';
import { Splide, SplideSlide } from '@splidejs/react-splide';
import '@splidejs/react-splide/css/core';
import { useI18n } from '../../renderer/ui.tsx';
import type { PhotoSet } from './Photos.tsx';

export default function Gallery({ photos, start, onMove }: { photos: PhotoSet[]; start: number; onMove: (i: number) => void }) {
  const { t } = useI18n();
  const ref = useRef<Splide>(null);
  // The photo chosen outside the slideshow (a thumbnail, the swipe that woke it up) is the one it shows.
  useEffect(() => {
    const splide = ref.current?.splide;
    if (splide && splide.index !== start) splide.go(start);
  }, [start]);
  return (
    <Splide
      ref={ref}
      aria-label={t('detail.photos')}
      className="gallery__splide"
      options={{
        start,
        perPage: 1,
        arrows: true,
        pagination: false,
        rewind: true,
        speed: 350,
        keyboard: 'focused',
        i18n: { prev: t('banner.previous'), next: t('banner.next'), slideX: t('detail.photoN', { n: '%s', total: photos.length }) },
      }}
      onMove={(_s: unknown, index: number) => onMove(index)}
    >
      {photos.map((p, i) => (
        <SplideSlide key={p.src}>
          <img
            src={p.src}
            srcSet={p.srcSet}
            sizes="(min-width: 1280px) 800px, 100vw"
            alt={p.alt}
            width={1360}
            height={907}
            loading={i === start ? 'eager' : 'lazy'}
            decoding="async"
          />
        </SplideSlide>
      ))}
    </Splide>
  );
}
