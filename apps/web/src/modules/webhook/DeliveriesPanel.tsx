/** The deliveries of a webhook, newest first: status, attempts, HTTP status, duration, and "Reenviar". */
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Chip, TableCell, Typography } from '@mui/material';
import { WEBHOOK_DELIVERY_STATUS_LABELS } from '@operacoes/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatDuration } from '../../core/format';
import { ExpandableRow } from '../../core/ExpandableRow';
import { SmallTable } from '../../core/SmallTable';
import { toast } from '../../core/toast';
import { fetchDeliveries, redeliver, whKeys, type WebhookDelivery } from './api';
import { DELIVERY_COLORS } from './WebhookListPage';
import { EmptyPanel, PanelLoading } from '../../core/PanelStates';
import { PanelPagination } from '../../core/PanelPagination';

export function DeliveriesPanel({ webhookId, canWrite, active }: { webhookId: number; canWrite: boolean; active: boolean }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const q = useQuery({ queryKey: whKeys.deliveries(webhookId, page, pageSize), queryFn: () => fetchDeliveries(webhookId, page + 1, pageSize), placeholderData: keepPreviousData, refetchInterval: 10_000 });

  const resend = async (d: WebhookDelivery) => {
    setBusy(d.id);
    try {
      await redeliver(webhookId, d.id);
      toast.success('Entrega colocada na fila para reenvio.');
      await qc.invalidateQueries({ queryKey: whKeys.allDeliveries(webhookId) });
    } finally {
      setBusy(null);
    }
  };

  if (q.isLoading) return <PanelLoading />;
  if (q.isError) return <Alert severity="error">Não foi possível carregar as entregas.</Alert>;
  const items = q.data?.items ?? [];
  if (items.length === 0)
    return <EmptyPanel>Nenhuma entrega ainda. Elas aparecem aqui quando um evento assinado acontece.</EmptyPanel>;
  return (
    <>
      <SmallTable
        label="Entregas do webhook"
        head={
          <>
            <TableCell sx={{ width: 48 }} />
            <TableCell>Data</TableCell>
            <TableCell>Evento</TableCell>
            <TableCell>Situação</TableCell>
            <TableCell align="right">Tentativas</TableCell>
            <TableCell align="right">HTTP</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              Duração
            </TableCell>
            <TableCell />
          </>
        }
      >
        {items.map((d) => (
          <ExpandableRow
            key={d.id}
            open={open === d.id}
            onToggle={() => setOpen(open === d.id ? null : d.id)}
            columns={8}
            cells={
              <>
                <TableCell>{formatDateTime(d.created_at)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{d.event}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={DELIVERY_COLORS[d.status]} label={WEBHOOK_DELIVERY_STATUS_LABELS[d.status]} />
                </TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                <TableCell align="right">{d.last_status_code ?? '—'}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatDuration(d.last_duration_ms)}
                </TableCell>
                <TableCell align="right">
                  {canWrite && (
                    <Button size="small" startIcon={<ReplayIcon />} disabled={!active || busy === d.id} onClick={() => void resend(d)}>
                      Reenviar
                    </Button>
                  )}
                </TableCell>
              </>
            }
          >
            <Box sx={{ display: 'grid', gap: 1 }}>
              {d.next_attempt_at && d.status === 'pendente' && <Typography variant="body2">Próxima tentativa: {formatDateTime(d.next_attempt_at)}</Typography>}
              {d.last_error && <Alert severity="error">{d.last_error}</Alert>}
              {d.last_response && (
                <Typography variant="body2" component="div">
                  Resposta (primeiros 1 KB):
                  <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, fontSize: 12 }}>
                    {d.last_response}
                  </Box>
                </Typography>
              )}
              <Typography variant="body2" component="div">
                Conteúdo enviado:
                <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, fontSize: 12, maxHeight: 300, overflow: 'auto' }}>
                  {JSON.stringify(d.payload, null, 2)}
                </Box>
              </Typography>
            </Box>
          </ExpandableRow>
        ))}
      </SmallTable>
      <PanelPagination count={q.data?.total_items ?? 0} page={page} pageSize={pageSize} sizes={[10, 20, 50]} onPage={setPage} onPageSize={setPageSize} />
    </>
  );
}
