/** "The circuits that end there" on the site page: the circuits whose site A or site B is this site, with their live state. */
import { Typography } from '@mui/material';
import type { ListResult } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api';
import { LinkList } from '../../core/LinkList';
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
        <LinkList
          items={items.map((c) => ({
            key: c.id,
            to: `/circuit/edit/${c.id}`,
            text: `${c.carrier} · ${c.designation}`,
            detail: `${c.site_a?.id === siteId ? 'Ponta A' : 'Ponta B'} · ${c.bandwidth_mbps.toLocaleString('pt-BR')} Mbps`,
            end: <DownChip down={c.down} />,
          }))}
        />
      )}
    </Section>
  );
}
