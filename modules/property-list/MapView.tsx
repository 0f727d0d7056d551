// The map of search results: Leaflet through react-leaflet, loaded in the browser only.
import { MapContainer, TileLayer, CircleMarker, Popup } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useShell } from '../../renderer/ui.tsx';
import { PropertyCard } from '../lib/PropertyCard.tsx';
import type { MarkerData } from './load.server.ts';

const BRUSSELS: [number, number] = [50.8467, 4.3525];

export default function MapView({ markers }: { markers: MarkerData[] }) {
  const { site } = useShell();
  const bounds = markers.length > 1 ? (markers.map((m) => [m.lat, m.lng]) as [number, number][]) : undefined;
  return (
    <MapContainer
      className="map"
      center={markers[0] ? [markers[0].lat, markers[0].lng] : BRUSSELS}
      zoom={13}
      bounds={bounds}
      boundsOptions={{ padding: [24, 24] }}
      scrollWheelZoom={false}
    >
      <TileLayer url={site.map.tileUrl} attribution={site.map.attribution} maxZoom={site.map.maxZoom} />
      {markers.map((m) => (
        <CircleMarker
          key={m.id}
          center={[m.lat, m.lng]}
          radius={9}
          pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#b4553a', fillOpacity: 0.95 }}
          eventHandlers={{}}
        >
          <Popup minWidth={240} maxWidth={280}>
            <PropertyCard card={m.card} />
          </Popup>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
