/** The dashboard's circuits card (issue 11): circuits down now (live) and the month's worst five by availability. */
import CableIcon from '@mui/icons-material/Cable';
import { Box, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { CircuitRead, CircuitRealtimeMessage, ListResult, SlaReport } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { api } from '../../core/api';
import { AlarmChip, ToneChip } from '../../core/ToneChip';
import { useRealtimeEvent } from '../notification';

const month = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
const pct = (n: number) => `${n.toLocaleString('pt-BR', { minimumFractionDigits: 4, maximumFractionDigits: 4 })}%`;

export function CircuitsCard() {
  const qc = useQueryClient();
  const down = useQuery({ queryKey: ['dashboard', 'circuits', 'down'], queryFn: async () => (await api.get<ListResult<CircuitRead>>('/circuit', { params: { down: true, pageSize: 5 } })).data });
  const sla = useQuery({ queryKey: ['dashboard', 'circuits', 'sla', month()], queryFn: async () => (await api.get<SlaReport>('/circuit/sla', { params: { month: month() } })).data, staleTime: 60_000 });
  useRealtimeEvent<CircuitRealtimeMessage>('circuit', () => void qc.invalidateQueries({ queryKey: ['dashboard', 'circuits'] }));
  const worst = [...(sla.data?.items ?? [])].sort((a, b) => a.availability_percent - b.availability_percent).slice(0, 5);
  const count = down.data?.total_items ?? 0;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, gridColumn: { sm: '1 / -1', lg: 'span 2' } }} aria-label="Circuitos de operadora">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
        <CableIcon color={count ? 'error' : 'primary'} fontSize="large" aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1 }} data-testid="circuits-down-count">
            {count}
          </Typography>
          <Typography color="text.secondary">{count === 1 ? 'circuito fora do ar agora' : 'circuitos fora do ar agora'}</Typography>
        </Box>
        <Link component={RouterLink} to="/circuit?down=true">
          Ver circuitos
        </Link>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle2">Fora do ar</Typography>
          {count === 0 ? (
            <Typography color="text.secondary">Todos os circuitos no ar.</Typography>
          ) : (
            <List dense disablePadding>
              {down.data!.items.map((c) => (
                <ListItem key={c.id} disableGutters secondaryAction={<AlarmChip label="fora do ar" status="down" />}>
                  <ListItemText primary={<Link component={RouterLink} to={`/circuit/${c.id}/unavailability/`}>{`${c.carrier} · ${c.designation}`}</Link>} secondary={c.down_since ? `desde ${new Date(c.down_since).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })}` : undefined} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Box>
          <Typography variant="subtitle2">Menor disponibilidade no mês</Typography>
          {worst.length === 0 ? (
            <Typography color="text.secondary">Nenhum circuito.</Typography>
          ) : (
            <List dense disablePadding>
              {worst.map((i) => (
                <ListItem key={i.circuit_id} disableGutters secondaryAction={i.breached ? <AlarmChip label={pct(i.availability_percent)} status="breached" /> : <ToneChip color="success" label={pct(i.availability_percent)} status="ok" />}>
                  <ListItemText primary={`${i.carrier} · ${i.designation}`} secondary={`SLA ${i.sla_percent.toLocaleString('pt-BR')}%`} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
