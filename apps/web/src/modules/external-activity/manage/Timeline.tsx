/** The activity's timeline: what happened, who, when, and where the device was. */
import PlaceIcon from '@mui/icons-material/Place';
import { Box, Link, Stack, Typography } from '@mui/material';
import type { ActivityEvent } from '@operacoes/contract';
import { formatDateTime } from '../parts';

export function Timeline({ events }: { events: ActivityEvent[] }) {
  if (events.length === 0) return <Typography color="text.secondary">Nada registrado ainda.</Typography>;
  return (
    <Stack component="ol" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: '2px solid', borderColor: 'divider', pl: 2 }} aria-label="Linha do tempo">
      {events.map((e) => (
        <Box component="li" key={e.id} data-testid="timeline-entry">
          <Typography sx={{ fontWeight: 600 }}>{e.label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(e.at)}
            {e.user ? ` · ${e.user.name}` : ''}
          </Typography>
          {e.reason && <Typography variant="body2">Motivo: {e.reason}</Typography>}
          {e.latitude !== null && e.longitude !== null && (
            <Link variant="body2" href={`https://www.google.com/maps/search/?api=1&query=${e.latitude},${e.longitude}`} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <PlaceIcon fontSize="small" /> Localização do aparelho{e.accuracy_m ? ` (±${Math.round(e.accuracy_m)} m)` : ''}
            </Link>
          )}
        </Box>
      ))}
    </Stack>
  );
}
