/** Chips of field service: status, priority, the type's colour and the SLA countdown. */
import { Box, Chip } from '@mui/material';
import { ACTIVITY_PRIORITY_LABELS, ACTIVITY_STATUS_LABELS, type ActivityPriority, type ActivityStatus, type ExternalActivityRead } from '@operacoes/contract';
import { useEffect, useState } from 'react';
import { formatDateTime as coreFormatDateTime } from '../../core/format';
import { AlarmChip, ToneChip, type ToneColor } from '../../core/ToneChip';

const STATUS_TONE: Record<ActivityStatus, ToneColor> = { aberta: 'default', agendada: 'info', em_deslocamento: 'warning', em_execucao: 'primary', concluida: 'success', cancelada: 'default' };
const PRIORITY_TONE: Record<ActivityPriority, ToneColor> = { baixa: 'default', media: 'info', alta: 'warning', urgente: 'error' };

export const ActivityStatusChip = ({ status }: { status: ActivityStatus }) => <ToneChip color={STATUS_TONE[status]} label={ACTIVITY_STATUS_LABELS[status]} status={status} />;
/** The status a step waiting on the phone leads to: an order concluded without signal reads "Concluída", pending send. */
const STEP_LEADS_TO: Partial<Record<string, ActivityStatus>> = { depart: 'em_deslocamento', start: 'em_execucao', finish: 'concluida' };
export function statusOnPhone(a: { id: number; status: ActivityStatus }, records: { activityId: number; kind: string; url: string; state: string }[]): { status: ActivityStatus; pending: boolean } {
  const step = records.filter((r) => r.activityId === a.id && r.kind === 'step' && r.state === 'pending').at(-1);
  const next = step ? STEP_LEADS_TO[step.url.split('/').pop() ?? ''] : undefined;
  return next ? { status: next, pending: true } : { status: a.status, pending: false };
}
/** The order's status as the phone knows it, "envio pendente" while its step waits to be sent. */
export function PhoneStatusChip({ activity, records }: { activity: { id: number; status: ActivityStatus }; records: Parameters<typeof statusOnPhone>[1] }) {
  const shown = statusOnPhone(activity, records);
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }} data-testid="phone-status">
      <ActivityStatusChip status={shown.status} />
      {shown.pending && <ToneChip color="warning" label="Envio pendente" status="pendente" />}
    </Box>
  );
}
export const PriorityChip = ({ priority }: { priority: ActivityPriority }) => <ToneChip color={PRIORITY_TONE[priority]} label={ACTIVITY_PRIORITY_LABELS[priority]} status={priority} />;

export function TypeChip({ type }: { type: { name: string; color: string } }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={type.name}
      icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: type.color, ml: '8px !important' }} />}
      sx={{ maxWidth: '100%' }}
    />
  );
}

/** "2 h 15 min", "3 d 4 h", "12 min". */
export function spanText(ms: number): string {
  const minutes = Math.max(0, Math.round(Math.abs(ms) / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d) return h ? `${d} d ${h} h` : `${d} d`;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}

/** The time left as a label and tone: null for a cancelled activity. */
export function slaOf(a: Pick<ExternalActivityRead, 'status' | 'due_at' | 'finished_at'>, now: number): { label: string; tone: 'ok' | 'soon' | 'late' } | null {
  const due = Date.parse(a.due_at);
  if (a.status === 'cancelada') return null;
  if (a.status === 'concluida') {
    const late = !!a.finished_at && Date.parse(a.finished_at) > due;
    return { label: late ? 'Concluída fora do prazo' : 'Concluída no prazo', tone: late ? 'late' : 'ok' };
  }
  const left = due - now;
  if (left < 0) return { label: `Estourado há ${spanText(left)}`, tone: 'late' };
  return { label: `Vence em ${spanText(left)}`, tone: left <= 3600_000 ? 'soon' : 'ok' };
}

/** Now, every 30 s (countdowns). */
export function useNow(every = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

export function SlaChip({ activity, now }: { activity: Pick<ExternalActivityRead, 'status' | 'due_at' | 'finished_at'>; now: number }) {
  const sla = slaOf(activity, now);
  if (!sla) return <>—</>;
  if (sla.tone === 'late') return <AlarmChip label={sla.label} status="estourado" />;
  return <ToneChip color={sla.tone === 'soon' ? 'warning' : 'success'} label={sla.label} status={sla.tone} />;
}

/** "24/11/2026 14:00", or "—" when there is none. */
export const formatDateTime = (iso: string | null | undefined) => coreFormatDateTime(iso) || '—';
