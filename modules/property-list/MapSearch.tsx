// The map search's parts that render on the server (issue 39): the note of the area chosen on the
// map with its one-click removal (a plain link: it works without JavaScript), and the map's box,
// which loads Leaflet (MapView.tsx) in the browser only, in map view only.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useI18n } from '../../renderer/ui.tsx';
import type { MapSearchProps } from './MapView.tsx';

// Leaflet touches `window` when imported: the map is loaded in the browser only, in map view only.
const MapView = lazy(() => import('./MapView.tsx'));

/** "Only properties in the area chosen on the map", and the link that removes the area. */
export function AreaNote({ removeHref }: { removeHref: string }) {
  const { t } = useI18n();
  return (
    <p className="map-area-note">
      <span>{t('map.area')}</span>
      <Link href={removeHref} className="map-area-note__remove">
        <span aria-hidden="true">×</span> {t('map.areaRemove')}
      </Link>
    </p>
  );
}

export function MapBox(props: MapSearchProps) {
  const { t } = useI18n();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = <div className="map-placeholder">{t('map.loading')}</div>;
  return (
    <div className="map-box map-box--search">
      {mounted ? (
        <Suspense fallback={placeholder}>
          <MapView {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
