/**
 * The site map (Leaflet), loaded only by the site list's "Mapa" view. Markers are vector circles
 * (no marker images to fetch), so with no tile network the map still shows them on a blank layer,
 * with its scale, and says that the tiles could not load. A marker opens its site; a click on the
 * map offers to create a site at that point.
 */
import { Button, Typography } from '@mui/material';
import { SITE_STATUS_LABELS, SITE_TYPE_LABELS, type SiteMarker, type SiteStatus } from '@operacoes/contract';
import { latLngBounds, type LatLngExpression } from 'leaflet';
import { useEffect, useState } from 'react';
import { CircleMarker, Popup, Tooltip, useMap, useMapEvents } from '../../core/map/leaflet';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDecimal } from '../../core/number';
import { MapFrame } from '../../core/MapFrame';

const BRAZIL: LatLngExpression = [-14.24, -51.93];
const COLOR: Record<SiteStatus, string> = { ativo: '#2e7d32', em_implantacao: '#ed6c02', desativado: '#757575' };

/** Fits the view to the markers whenever the set of markers changes. */
function FitToMarkers({ markers }: { markers: SiteMarker[] }) {
  const map = useMap();
  const key = markers.map((m) => m.id).join(',');
  useEffect(() => {
    if (markers.length === 0) return;
    if (markers.length === 1) map.setView([markers[0].latitude, markers[0].longitude], 13);
    else map.fitBounds(latLngBounds(markers.map((m) => [m.latitude, m.longitude] as [number, number])), { padding: [32, 32], maxZoom: 15 });
  }, [key, map]); // refit only when the set of markers changes
  return null;
}

/** A click on the map (not on a marker): "Novo site aqui". */
function CreateHere({ canCreate }: { canCreate: boolean }) {
  const [point, setPoint] = useState<[number, number] | null>(null);
  useMapEvents({ click: (e) => canCreate && setPoint([e.latlng.lat, e.latlng.lng]) });
  if (!point) return null;
  const [lat, lng] = point.map((v) => Math.round(v * 1e6) / 1e6);
  return (
    <Popup position={point} eventHandlers={{ remove: () => setPoint(null) }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {formatDecimal(lat)}, {formatDecimal(lng)}
      </Typography>
      <Button size="small" variant="contained" component={RouterLink} to={`/site/create?lat=${lat}&lng=${lng}`}>
        Novo site aqui
      </Button>
    </Popup>
  );
}

export default function SiteMap({ markers, tileUrl, canCreate, height = 520 }: { markers: SiteMarker[]; tileUrl: string; canCreate: boolean; height?: number | string }) {
  const navigate = useNavigate();
  return (
    <MapFrame label="Mapa de sites" testId="site-map" marked="Os sites" tileUrl={tileUrl} height={height} minHeight={320} center={BRAZIL} zoom={4} scrollWheelZoom>
      <FitToMarkers markers={markers} />
      <CreateHere canCreate={canCreate} />
      {markers.map((m) => (
        <CircleMarker
          key={m.id}
          center={[m.latitude, m.longitude]}
          radius={8}
          className={`site-marker site-marker-${m.id}`}
          pathOptions={{ color: '#fff', weight: 2, fillColor: COLOR[m.status], fillOpacity: 0.95 }}
          bubblingMouseEvents={false}
          eventHandlers={{ click: () => navigate(`/site/edit/${m.id}`) }}
        >
          <Tooltip direction="top" offset={[0, -6]}>
            <strong>{m.code}</strong> — {m.name}
            <br />
            {SITE_TYPE_LABELS[m.type]} · {SITE_STATUS_LABELS[m.status]}
            {m.city ? ` · ${m.city}` : ''}
          </Tooltip>
        </CircleMarker>
      ))}
    </MapFrame>
  );
}
