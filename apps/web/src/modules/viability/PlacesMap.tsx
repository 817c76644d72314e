/**
 * The geocoder's places on a map (Leaflet, lazy): one numbered marker per place, the same number as
 * in the list beside it. Each marker is a real button (reached with Tab, chosen with Enter or Space,
 * or tapped), named by its address; the chosen one is red and pressed. Without the tile server the
 * markers still show on a blank layer.
 */
import { divIcon, latLngBounds, marker } from 'leaflet';
import { Box } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMap } from '../../core/map/leaflet';
import { MapFrame } from '../../core/MapFrame';

export type Place = { latitude: number; longitude: number; label: string };

/** Shows every place (one alone at street zoom). */
function Fit({ places }: { places: Place[] }) {
  const map = useMap();
  const key = places.map((p) => `${p.latitude},${p.longitude}`).join(';');
  useEffect(() => {
    if (places.length === 1) map.setView([places[0].latitude, places[0].longitude], 16);
    else if (places.length > 1) map.fitBounds(latLngBounds(places.map((p) => [p.latitude, p.longitude])), { padding: [48, 48], maxZoom: 16 });
  }, [key, map]); // refit when the places change
  return null;
}

function PlaceMarker({ place, n, picked, onPick }: { place: Place; n: number; picked: boolean; onPick: () => void }) {
  const map = useMap();
  const pick = useRef(onPick);
  useLayoutEffect(() => {
    pick.current = onPick;
  });
  // The marker's face is a <button>: focusable, Enter and Space click it, and its text is text (never HTML).
  const [button] = useState(() => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = String(n);
    return b;
  });
  useEffect(() => {
    const m = marker([place.latitude, place.longitude], { icon: divIcon({ html: button, className: 'places-map-marker', iconSize: [32, 32], iconAnchor: [16, 16] }), keyboard: false, riseOnHover: true }).addTo(map);
    m.on('click', () => pick.current());
    return () => {
      m.remove();
    };
  }, [map, button, place.latitude, place.longitude]);
  useEffect(() => {
    button.setAttribute('aria-label', `${n}. ${place.label}${picked ? ' (escolhido)' : ''}`);
    button.setAttribute('aria-pressed', String(picked));
    button.title = place.label;
  }, [button, n, place.label, picked]);
  return null;
}

export default function PlacesMap({ places, picked, onPick, tileUrl }: { places: Place[]; picked: Place | null; onPick: (p: Place) => void; tileUrl: string }) {
  const first: [number, number] = [places[0].latitude, places[0].longitude];
  return (
    <Box
      sx={{
        mt: 1,
        '& .places-map-marker': { background: 'none', border: 0 },
        '& .places-map-marker button': {
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: '2px solid #fff',
          bgcolor: '#1565c0',
          color: '#fff',
          font: 'inherit',
          fontSize: 14,
          fontWeight: 700,
          lineHeight: 1,
          cursor: 'pointer',
          boxShadow: '0 1px 4px rgba(0,0,0,.45)',
          p: 0,
        },
        '& .places-map-marker button[aria-pressed="true"]': { bgcolor: '#c62828' },
        '& .places-map-marker button:focus-visible': { outline: '3px solid #ffb300', outlineOffset: 2 },
      }}
    >
      <MapFrame label="Mapa dos endereços encontrados" testId="places-map" marked="Os endereços" tileUrl={tileUrl} height={260} center={first} zoom={15} scrollWheelZoom={false}>
        <Fit places={places} />
        {places.map((p, i) => (
          <PlaceMarker key={`${p.latitude},${p.longitude},${p.label}`} place={p} n={i + 1} picked={picked === p} onPick={() => onPick(p)} />
        ))}
      </MapFrame>
    </Box>
  );
}
