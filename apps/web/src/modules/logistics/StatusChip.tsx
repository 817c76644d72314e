/** Status chips of requests, shipments and received items (labels from the contract). */
import { Chip, type ChipProps } from '@mui/material';
import {
  RECEIVING_ITEM_STATUS_LABELS,
  SHIPMENT_SOLICITATION_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  type ReceivingItemStatus,
  type ShipmentSolicitationStatus,
  type ShipmentStatus,
} from '@operacoes/contract';

type Color = ChipProps['color'];

const SOLICITATION_COLOR: Record<ShipmentSolicitationStatus, Color> = {
  pendente: 'warning',
  aprovada: 'success',
  recusada: 'error',
  cancelada: 'default',
};
const SHIPMENT_COLOR: Record<ShipmentStatus, Color> = {
  preparando: 'info',
  enviado: 'primary',
  recebido: 'success',
  recebido_com_divergencia: 'warning',
  cancelado: 'default',
};
const ITEM_COLOR: Record<ReceivingItemStatus | 'pendente', Color> = {
  pendente: 'default',
  recebido: 'success',
  faltando: 'error',
  danificado: 'warning',
};

export function SolicitationStatusChip({ status, size = 'small' }: { status: ShipmentSolicitationStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} variant="outlined" color={SOLICITATION_COLOR[status]} label={SHIPMENT_SOLICITATION_STATUS_LABELS[status]} data-status={status} />;
}

export function ShipmentStatusChip({ status, size = 'small' }: { status: ShipmentStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} variant="outlined" color={SHIPMENT_COLOR[status]} label={SHIPMENT_STATUS_LABELS[status]} data-status={status} />;
}

export function ItemStatusChip({ status }: { status: ReceivingItemStatus | 'pendente' }) {
  return <Chip size="small" variant={status === 'pendente' ? 'outlined' : 'filled'} color={ITEM_COLOR[status]} label={RECEIVING_ITEM_STATUS_LABELS[status]} />;
}
