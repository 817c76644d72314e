/** The life of a shipment: created (approved request) → dispatched → received; or cancelled. */
import { Step, StepLabel, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { SHIPMENT_STATUS_LABELS } from '@operacoes/contract';
import { formatDateTime } from '../../core/format';
import type { ShipmentRead } from './api';

type Entry = { label: string; when: string | null; detail?: string; error?: boolean; warning?: boolean };

export function timelineOf(s: ShipmentRead): Entry[] {
  const entries: Entry[] = [
    { label: 'Criado', when: s.created_at, detail: s.solicitation_id ? `Solicitação #${s.solicitation_id} aprovada` : undefined },
    { label: 'Despachado', when: s.dispatched_at, detail: s.carrier ? [s.carrier, s.tracking_code].filter(Boolean).join(' · ') : undefined },
  ];
  if (s.status === 'cancelado') {
    entries.push({ label: 'Cancelado', when: s.cancelled_at, error: true, detail: s.dispatched_at ? 'Itens devolvidos à origem' : 'Reservas liberadas' });
    return entries.filter((e, i) => i === 0 || e.when || e.label === 'Cancelado');
  }
  const received = s.status === 'recebido' || s.status === 'recebido_com_divergencia';
  entries.push({
    label: received ? SHIPMENT_STATUS_LABELS[s.status] : 'Recebido',
    when: s.received_at,
    detail: s.receiver_name ? `por ${s.receiver_name}` : undefined,
    warning: s.status === 'recebido_com_divergencia',
  });
  return entries;
}

export function ShipmentTimeline({ shipment }: { shipment: ShipmentRead }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const entries = timelineOf(shipment);
  const active = entries.findIndex((e) => !e.when);
  return (
    <Stepper
      activeStep={active === -1 ? entries.length : active}
      orientation={narrow ? 'vertical' : 'horizontal'}
      alternativeLabel={!narrow}
      aria-label="Linha do tempo do envio"
    >
      {entries.map((e) => (
        <Step key={e.label} completed={!!e.when}>
          <StepLabel
            error={e.error}
            optional={
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {e.when ? formatDateTime(e.when) : 'Pendente'}
                {e.detail ? ` · ${e.detail}` : ''}
              </Typography>
            }
            sx={e.warning ? { '& .MuiStepIcon-root.Mui-completed': { color: 'warning.main' } } : undefined}
          >
            {e.label}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
