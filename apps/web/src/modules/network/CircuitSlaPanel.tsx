/** The "SLA" tab of /circuit: a month's availability per circuit, totals per carrier, exports and the carriers' letters. */
import DescriptionIcon from '@mui/icons-material/Description';
import { Alert, Box, Button, CircularProgress, MenuItem, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { percentText } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { downloadFile } from '../../core/download';
import { ExportButtons } from '../../core/ExportButtons';
import { formatBRL } from '../../core/format';
import { circuitKeys, fetchCarriers, fetchSla, thisMonth, type SlaItem } from './circuitApi';
import { ToneChip } from '../../core/ToneChip';
import { SmallTable } from '../../core/SmallTable';

const minutes = (n: number | null) => (n === null ? '—' : n.toLocaleString('pt-BR', { maximumFractionDigits: 1 }));

export default function CircuitSlaPanel() {
  const [month, setMonth] = useState(thisMonth());
  const [carrier, setCarrier] = useState('');
  const carriers = useQuery({ queryKey: circuitKeys.carriers, queryFn: fetchCarriers, staleTime: 60_000 });
  const valid = /^\d{4}-\d{2}$/.test(month);
  const q = useQuery({ queryKey: circuitKeys.sla(month, carrier), queryFn: () => fetchSla(month, carrier), enabled: valid });
  const byCarrier = new Map<string, SlaItem[]>();
  for (const i of q.data?.items ?? []) byCarrier.set(i.carrier, [...(byCarrier.get(i.carrier) ?? []), i]);
  const params = { month, carrier: carrier || undefined };
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <TextField type="month" label="Mês" value={month} onChange={(e) => setMonth(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 180 }} />
        <TextField select label="Operadora" value={carrier} onChange={(e) => setCarrier(e.target.value)} size="small" sx={{ minWidth: 180 }}>
          <MenuItem value="">Todas</MenuItem>
          {(carriers.data ?? []).map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <ExportButtons path="/circuit/sla" fileName={`sla-operadoras-${month}`} params={params} what="do SLA do mês" disabled={!valid} variant="text" />
      </Box>
      {q.isLoading && <CircularProgress aria-label="Carregando o relatório" />}
      {q.data && q.data.items.length === 0 && <Alert severity="info">Nenhum circuito para este filtro.</Alert>}
      {q.data && q.data.items.length > 0 && (
        <SmallTable
          label={`SLA das operadoras em ${month}`}
          head={
            <>
              <TableCell>Designação</TableCell>
              <TableCell align="right">Indisponível (min)</TableCell>
              <TableCell align="right">Disponibilidade</TableCell>
              <TableCell align="right">SLA</TableCell>
              <TableCell align="right">Incidentes</TableCell>
              <TableCell align="right">MTTR (min)</TableCell>
              <TableCell align="right">Custo mensal</TableCell>
              <TableCell align="right">Crédito</TableCell>
            </>
          }
        >
          {[...byCarrier].map(([name, items]) => {
            const total = q.data.carriers.find((c) => c.carrier === name);
            return (
              <Fragment key={name}>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell colSpan={8}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
                      <Box sx={{ flex: 1 }} />
                      {/* The letter asks for credits: only a carrier with a breach in the month has any to ask for. */}
                      {items.some((i) => i.breached) ? (
                        <Button size="small" startIcon={<DescriptionIcon />} onClick={() => void downloadFile('/circuit/sla/letter', `pedido-de-desconto-${month}.pdf`, { month, carrier: name })}>
                          Carta de pedido de desconto
                        </Button>
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          Sem violação de SLA no mês
                        </Typography>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
                {items.map((i) => (
                  <TableRow key={i.circuit_id}>
                    <TableCell>
                      {i.designation} {i.breached && <ToneChip color="error" label="SLA violado" status="breached" />}
                    </TableCell>
                    <TableCell align="right">{minutes(i.downtime_minutes)}</TableCell>
                    <TableCell align="right">{percentText(i.availability_percent)}</TableCell>
                    <TableCell align="right">{percentText(i.sla_percent)}</TableCell>
                    <TableCell align="right">{i.incidents}</TableCell>
                    <TableCell align="right">{minutes(i.mttr_minutes)}</TableCell>
                    <TableCell align="right">{formatBRL(i.monthly_cost)}</TableCell>
                    <TableCell align="right">{formatBRL(i.credit)}</TableCell>
                  </TableRow>
                ))}
                {total && (
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>
                      Total {name} ({total.circuits} circuito{total.circuits === 1 ? '' : 's'})
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {minutes(total.downtime_minutes)}
                    </TableCell>
                    <TableCell colSpan={5} />
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {formatBRL(total.credit)}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </SmallTable>
      )}
    </Box>
  );
}
