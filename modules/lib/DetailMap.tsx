// The property's location on a map (browser only).
import { MapContainer, TileLayer, CircleMarker, Circle } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useShell } from '../../renderer/ui.tsx';

/** Radius (m) of the area shown when the address is not published. */
const AREA_RADIUS_M = 400;

export default function DetailMap({ lat, lng, approximate }: { lat: number; lng: number; approximate: boolean }) {
  const { site } = useShell();
  return (
    <MapContainer className="map map--detail" center={[lat, lng]} zoom={approximate ? 14 : 15} scrollWheelZoom={false}>
      <TileLayer url={site.map.tileUrl} attribution={site.map.attribution} maxZoom={site.map.maxZoom} />
      {approximate ? (
        <Circle center={[lat, lng]} radius={AREA_RADIUS_M} pathOptions={{ color: '#b4553a', weight: 2, fillColor: '#b4553a', fillOpacity: 0.15 }} />
      ) : (
        <CircleMarker center={[lat, lng]} radius={11} pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#b4553a', fillOpacity: 0.95 }} />
      )}
    </MapContainer>
  );
}
