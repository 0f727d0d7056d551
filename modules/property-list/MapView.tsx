// The map search (issue 39): Leaflet through react-leaflet, loaded in the browser only, in map view
// only. The clusters and markers of the view come from GET /api/map (clustered on the server, at
// most MAX_MAP_CELLS an answer); a cluster zooms in on click, a marker opens its property's card;
// "Search this area" appears once the visitor moved the map and hands its area to the list (URL).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, ZoomControl, useMapEvents } from 'react-leaflet';
import L, { type Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { formatNumber, useI18n, useShell } from '../../renderer/ui.tsx';
import { LOCALES } from '../../shared/constants.ts';
import { clusterPx, formatBbox, MAX_ZOOM, PRICE_PILL, MERCATOR_LAT, type Bbox, type MapCells, type MapCluster, type MapMarker } from '../../shared/map-area.ts';
import { PropertyCard } from '../lib/PropertyCard.tsx';
import type { PropertyCardData } from '../lib/property-card.ts';

const BRUSSELS: [number, number] = [50.8467, 4.3525];
const [PRICE_W, PRICE_H] = [PRICE_PILL.width, PRICE_PILL.height];

export interface MapSearchProps {
  /** The list's filters as the API's query string (goal included, no area, no page). */
  filters: string;
  /** The area chosen (the list's area filter) and the zoom it was chosen at. */
  area?: Bbox;
  zoom?: number;
  extent: [number, number, number, number] | null;
  onSearchArea(area: Bbox, zoom: number): void;
}

/** Enter or Space on a focused marker: what a click does. */
const pressed = (e: Event) => {
  const key = (e as KeyboardEvent).key;
  if (key !== 'Enter' && key !== ' ') return false;
  e.preventDefault();
  return true;
};
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const toBounds = (b: Bbox): L.LatLngBoundsExpression => [
  [b.south, b.west],
  [b.north, b.east],
];
const bboxOf = (b: L.LatLngBounds): Bbox => ({
  south: Math.max(-MERCATOR_LAT, b.getSouth()),
  west: Math.max(-180, b.getWest()),
  north: Math.min(MERCATOR_LAT, b.getNorth()),
  east: Math.min(180, b.getEast()),
});

/** The clusters and markers of the map's view, asked again after each move. */
function Cells({
  filters,
  onMoved,
  onCells,
  onChoose,
  onPopup,
}: {
  filters: string;
  onMoved(): void;
  onCells(c: MapCells | null, failed: boolean): void;
  onChoose(area: Bbox, zoom: number): void;
  /** A card is open (the button steps aside: it would cover the card's close button). */
  onPopup(open: boolean): void;
}) {
  const { t, lang, formatPrice } = useI18n();
  const [cells, setCells] = useState<MapCells | null>(null);
  const cards = useRef(new Map<number, PropertyCardData | null>());
  const ignoreMove = useRef(false);
  const asked = useRef<AbortController | null>(null);
  const load = useCallback(
    (map: LeafletMap) => {
      asked.current?.abort();
      const controller = (asked.current = new AbortController());
      // A little beyond the view: clusters at its edges are whole.
      const bbox = formatBbox(bboxOf(map.getBounds().pad(0.15)));
      const zoom = Math.max(0, Math.min(MAX_ZOOM, Math.round(map.getZoom())));
      fetch(`/api/map${filters}${filters ? '&' : '?'}bbox=${bbox}&zoom=${zoom}&lang=${lang}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<MapCells>) : Promise.reject(new Error(String(r.status)))))
        .then((c) => {
          setCells(c);
          onCells(c, false);
        })
        .catch((e: unknown) => {
          if ((e as Error).name !== 'AbortError') onCells(null, true);
        });
    },
    [filters, lang, onCells],
  );
  const open = useRef<L.Popup | null>(null);
  const map = useMapEvents({
    popupopen: (e) => {
      open.current = e.popup;
      onPopup(true);
    },
    popupclose: () => {
      open.current = null;
      onPopup(false);
    },
    moveend: () => {
      load(map);
      // Only the visitor's own moves count: not a popup panning itself into view, nor the page
      // resizing the map (a phone's address bar, fonts, the layout settling).
      if (ignoreMove.current) ignoreMove.current = false;
      else if (acted.current) onMoved();
      acted.current = false;
    },
    autopanstart: () => {
      ignoreMove.current = true;
    },
  });
  useEffect(() => {
    load(map);
    return () => asked.current?.abort();
  }, [load, map]);
  // The visitor's hand on the map: a drag, a pinch, the wheel, a key, a button or a mark.
  const acted = useRef(false);
  useEffect(() => {
    const el = map.getContainer();
    const mark = () => {
      acted.current = true;
    };
    const events = ['pointerdown', 'touchstart', 'wheel', 'keydown'] as const;
    for (const e of events) el.addEventListener(e, mark, { passive: true, capture: true });
    return () => {
      for (const e of events) el.removeEventListener(e, mark, { capture: true });
    };
  }, [map]);
  const price = useMemo(
    () => new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 }),
    [lang],
  );
  const clusterIcon = useCallback(
    (c: MapCluster) => {
      const px = clusterPx(c.count);
      const size = c.count < 10 ? 's' : c.count < 100 ? 'm' : c.count < 1000 ? 'l' : 'xl';
      const n = formatNumber(c.count);
      return L.divIcon({
        className: `map-cluster map-cluster--${size}`,
        iconSize: [px, px],
        html: `<span aria-hidden="true">${esc(n)}</span><span class="visually-hidden">${esc(t('map.cluster', { count: c.count, n }))}</span>`,
      });
    },
    [t],
  );
  const markerIcon = useCallback(
    (m: MapMarker) =>
      L.divIcon({
        className: 'map-price',
        // A pill standing on the property's place.
        iconSize: [PRICE_W, PRICE_H],
        iconAnchor: [PRICE_W / 2, PRICE_H + 4],
        html: `<span aria-hidden="true">${esc(m.price === null ? t('map.onRequestShort') : price.format(m.price))}</span><span class="visually-hidden">${esc(
          t('map.marker', { price: m.price === null ? t('map.onRequest') : formatPrice(m.price) }),
        )}</span>`,
      }),
    [t, price, formatPrice],
  );
  // Icons made once per answer (a new icon is a new element: focus and hover would be lost).
  const icons = useMemo(
    () => ({ clusters: cells?.clusters.map(clusterIcon) ?? [], markers: cells?.markers.map(markerIcon) ?? [] }),
    [cells, clusterIcon, markerIcon],
  );
  // A cluster zooms in on its properties; one that cannot be split (one address, the deepest zoom) becomes the list's area.
  const zoomInto = (c: MapCluster) => {
    const [s, w, n, e] = c.bbox;
    const bounds = L.latLngBounds([s, w], [n, e]);
    const deepest = Math.min(map.getMaxZoom(), MAX_ZOOM);
    if (Math.min(map.getBoundsZoom(bounds, false, L.point(80, 80)), deepest) > map.getZoom()) map.fitBounds(bounds, { padding: [40, 40], maxZoom: deepest });
    else onChoose(bboxOf(bounds.pad(0.5).extend(L.latLngBounds([s - 5e-4, w - 5e-4], [n + 5e-4, e + 5e-4]))), Math.round(map.getZoom()));
  };
  return (
    <>
      {cells?.clusters.map((c, i) => (
        <Marker
          key={`c${c.lat},${c.lng},${c.count}`}
          position={[c.lat, c.lng]}
          icon={icons.clusters[i]}
          eventHandlers={{ click: () => zoomInto(c), keydown: (e) => pressed(e.originalEvent) && zoomInto(c) }}
        />
      ))}
      {cells?.markers.map((m, i) => (
        <Marker
          key={`m${m.id}`}
          position={[m.lat, m.lng]}
          icon={icons.markers[i]}
          eventHandlers={{ keydown: (e) => pressed(e.originalEvent) && e.target.openPopup() }}
        >
          <Popup minWidth={240} maxWidth={280} closeButton>
            <CardOf id={m.id} cards={cards.current} onShown={() => open.current?.update()} />
          </Popup>
        </Marker>
      ))}
    </>
  );
}

/** The card a marker opens, asked once per property. */
function CardOf({ id, cards, onShown }: { id: number; cards: Map<number, PropertyCardData | null>; onShown(): void }) {
  const { t, lang } = useI18n();
  const [card, setCard] = useState(cards.get(id));
  useEffect(() => {
    if (cards.has(id)) return;
    const controller = new AbortController();
    fetch(`/api/map/card?id=${id}&lang=${lang}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<PropertyCardData>) : null))
      .then((c) => {
        cards.set(id, c);
        setCard(c);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [id, lang, cards]);
  // The popup is laid out again (and panned into view) once the card and its photo have their size.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (card === undefined) return;
    onShown();
    const el = box.current;
    el?.addEventListener('load', onShown, true);
    return () => el?.removeEventListener('load', onShown, true);
  }, [card, onShown]);
  if (card === undefined) return <p className="map-card-wait">{t('map.loading')}</p>;
  if (card === null) return <p>{t('map.gone')}</p>;
  return (
    <div ref={box}>
      <PropertyCard card={card} />
    </div>
  );
}

export default function MapView({ filters, area, zoom, extent, onSearchArea }: MapSearchProps) {
  const { site } = useShell();
  const { t } = useI18n();
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [moved, setMoved] = useState(false);
  const [popup, setPopup] = useState(false);
  const [status, setStatus] = useState<{ cells: MapCells | null; failed: boolean }>({ cells: null, failed: false });
  const onCells = useCallback((cells: MapCells | null, failed: boolean) => setStatus((s) => ({ cells: cells ?? s.cells, failed })), []);
  const onMoved = useCallback(() => setMoved(true), []);
  const areaKey = area ? `${formatBbox(area)}|${zoom ?? ''}` : '';
  const shown = useRef(areaKey);
  const pendingScroll = useRef(false);
  const maxZoom = Math.min(site.map.maxZoom ?? MAX_ZOOM, MAX_ZOOM);

  // The view the page's URL asks for: the area chosen (at its zoom), else the results' extent.
  const place = useCallback(
    (m: LeafletMap) => {
      // Without animation: the view is there at once, before the clusters are asked (and no move of the visitor's is seen).
      if (area && zoom !== undefined) m.setView([(area.south + area.north) / 2, (area.west + area.east) / 2], zoom, { animate: false });
      else if (area) m.fitBounds(toBounds(area), { animate: false });
      else if (extent)
        m.fitBounds(
          [
            [extent[0], extent[1]],
            [extent[2], extent[3]],
          ],
          { padding: [24, 24], maxZoom: 15, animate: false },
        );
      else m.setView(BRUSSELS, 12, { animate: false });
    },
    [area, zoom, extent],
  );
  // Back and forward (or a link) bring another area: the map goes there, the button goes away.
  useEffect(() => {
    if (!map) return;
    if (shown.current === areaKey) {
      // The list followed the visitor's area (a new page starts at its top): the map comes back into view.
      if (pendingScroll.current) map.getContainer().scrollIntoView({ block: 'center' });
      pendingScroll.current = false;
      return;
    }
    shown.current = areaKey;
    place(map);
    setMoved(false);
  }, [map, areaKey, place]);

  const choose = useCallback(
    (bbox: Bbox, z: number) => {
      const written = formatBbox(bbox);
      const [south, west, north, east] = written.split(',').map(Number);
      shown.current = `${written}|${z}`;
      pendingScroll.current = true;
      setMoved(false);
      onSearchArea({ south, west, north, east }, z);
    },
    [onSearchArea],
  );
  const search = () => {
    if (!map) return;
    const bbox = bboxOf(map.getBounds());
    choose(bbox, Math.max(0, Math.min(MAX_ZOOM, Math.round(map.getZoom()))));
  };

  const cells = status.cells;
  return (
    <div className="map-search" role="region" aria-label={t('map.label')}>
      <MapContainer className="map" ref={setMap} center={BRUSSELS} zoom={12} maxZoom={maxZoom} scrollWheelZoom={false} zoomControl={false} keyboard>
        <Placed place={place} />
        <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
        <TileLayer url={site.map.tileUrl} attribution={site.map.attribution} maxZoom={maxZoom} />
        <Cells filters={filters} onMoved={onMoved} onCells={onCells} onChoose={choose} onPopup={setPopup} />
      </MapContainer>
      {moved && !popup && (
        <button type="button" className="button map-search__here" onClick={search}>
          {t('map.searchArea')}
        </button>
      )}
      <p className="map-search__status" aria-live="polite">
        {status.failed
          ? t('map.failed')
          : cells && (
              <>
                {t('map.inView', { count: cells.total, n: formatNumber(cells.total) })}
                {cells.unlocated > 0 && ` ${t('map.unlocated', { count: cells.unlocated, n: formatNumber(cells.unlocated) })}`}
              </>
            )}
      </p>
    </div>
  );
}

/** Puts the map at the URL's view once, before the first clusters are asked. */
function Placed({ place }: { place(m: LeafletMap): void }) {
  const map = useMapEvents({});
  const done = useRef(false);
  if (!done.current) {
    done.current = true;
    place(map);
  }
  return null;
}
