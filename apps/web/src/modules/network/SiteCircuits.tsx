/** "The circuits that end there" on the site page: the circuits whose site A or site B is this site, with their live state. */
import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ListResult } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { api } from '../../core/api';
import { useCan } from '../../core/permissions';
import { Section } from '../../core/Section';
import type { CircuitRead } from './circuitApi';
import { DownChip, useLiveCircuits } from './CircuitParts';

export function SiteCircuits({ siteId }: { siteId: number }) {
  const { can } = useCan();
  const allowed = can(['OPERATOR_CIRCUIT', 'OPERATOR_CIRCUIT.INDEX']);
  useLiveCircuits();
  const q = useQuery({
    queryKey: ['list', `/circuit?site=${siteId}`],
    queryFn: async () => (await api.get<ListResult<CircuitRead>>('/circuit', { params: { site: siteId, pageSize: 100 } })).data,
    enabled: allowed,
  });
  if (!allowed) return null;
  const items = q.data?.items ?? [];
  return (
    <Section title="Circuitos de operadora">
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum circuito de operadora termina neste site.
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((c) => (
            <ListItem key={c.id} disableGutters secondaryAction={<DownChip down={c.down} />}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/circuit/edit/${c.id}`}>
                    {`${c.carrier} · ${c.designation}`}
                  </Link>
                }
                secondary={`${c.site_a?.id === siteId ? 'Ponta A' : 'Ponta B'} · ${c.bandwidth_mbps.toLocaleString('pt-BR')} Mbps`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
