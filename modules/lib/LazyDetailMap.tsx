import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import './map.css';

// Leaflet is loaded in the browser only, and only once the map is about to scroll into view.
const DetailMap = lazy(() => import('./DetailMap.tsx'));

export function LazyDetailMap({ lat, lng, approximate }: { lat: number; lng: number; approximate: boolean }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    if (!('IntersectionObserver' in window)) return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '300px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  const placeholder = <div className="map-placeholder">{t('map.loading')}</div>;
  return (
    <div className="map-box map-box--detail" ref={box}>
      {near ? (
        <Suspense fallback={placeholder}>
          <DetailMap lat={lat} lng={lng} approximate={approximate} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
