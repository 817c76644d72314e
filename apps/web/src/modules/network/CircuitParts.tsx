/** Small pieces of the circuit pages: the "fora do ar" chip, the status chip and the live refresh. */
import { CIRCUIT_STATUS_LABELS, type CircuitRealtimeMessage, type CircuitStatus } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AlarmChip, ToneChip, type ToneColor } from '../../core/ToneChip';
import { useRealtimeEvent } from '../notification';
import { refreshCircuits } from './circuitApi';

const STATUS_COLOR: Record<CircuitStatus, ToneColor> = { em_ativacao: 'warning', ativo: 'success', cancelado: 'default' };

export const CircuitStatusChip = ({ status }: { status: CircuitStatus }) => <ToneChip color={STATUS_COLOR[status]} label={CIRCUIT_STATUS_LABELS[status]} status={status} />;

/** "fora do ar" (filled, the alarm) while an unavailability period is open; "no ar" otherwise. */
export const DownChip = ({ down }: { down: boolean }) =>
  down ? <AlarmChip label="fora do ar" status="down" /> : <ToneChip color="success" label="no ar" status="up" />;

/** Refetches the circuit views when the realtime hub says a circuit went down or came back. */
export function useLiveCircuits() {
  const qc = useQueryClient();
  useRealtimeEvent<CircuitRealtimeMessage>('circuit', () => void refreshCircuits(qc));
}
