/** An item's upcoming reservations on the schedule (on the patrimony item's page). */
import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../core/format';
import { Section } from '../../core/Section';
import { fetchReservations, reservationsKey } from './api';

export function UpcomingReservations({ patrimonyId }: { patrimonyId: number }) {
  const q = useQuery({ queryKey: reservationsKey(patrimonyId), queryFn: () => fetchReservations(patrimonyId) });
  return (
    <Section title="Reservas na agenda" hint="Enquanto reservado, o item não sai por solicitação de retirada.">
      {q.isLoading ? (
        <Typography color="text.secondary">Carregando…</Typography>
      ) : q.data?.length ? (
        <List dense disablePadding data-testid="upcoming-reservations">
          {q.data.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/schedule/${r.event_id}`}>
                    {r.event_title}
                  </Link>
                }
                secondary={`${formatDateTime(r.starts_at)} – ${formatDateTime(r.ends_at)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">Nenhuma reserva futura.</Typography>
      )}
    </Section>
  );
}
