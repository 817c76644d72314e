/** Status chips of requests, shipments and received items (labels from the contract). */
import type { ChipProps } from '@mui/material';
import {
  RECEIVING_ITEM_STATUS_LABELS,
  SHIPMENT_SOLICITATION_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  type ReceivingItemStatus,
  type ShipmentSolicitationStatus,
  type ShipmentStatus,
} from '@operacoes/contract';
import { ToneChip, type ToneColor } from '../../core/ToneChip';

const SOLICITATION_COLOR: Record<ShipmentSolicitationStatus, ToneColor> = {
  pendente: 'warning',
  aprovada: 'success',
  recusada: 'error',
  cancelada: 'default',
};
const SHIPMENT_COLOR: Record<ShipmentStatus, ToneColor> = {
  preparando: 'info',
  enviado: 'primary',
  recebido: 'success',
  recebido_com_divergencia: 'warning',
  cancelado: 'default',
};
const ITEM_COLOR: Record<ReceivingItemStatus | 'pendente', ToneColor> = {
  pendente: 'default',
  recebido: 'success',
  faltando: 'error',
  danificado: 'warning',
};

export function SolicitationStatusChip({ status, size = 'small' }: { status: ShipmentSolicitationStatus; size?: ChipProps['size'] }) {
  return <ToneChip size={size} color={SOLICITATION_COLOR[status]} label={SHIPMENT_SOLICITATION_STATUS_LABELS[status]} status={status} />;
}

export function ShipmentStatusChip({ status, size = 'small' }: { status: ShipmentStatus; size?: ChipProps['size'] }) {
  return <ToneChip size={size} color={SHIPMENT_COLOR[status]} label={SHIPMENT_STATUS_LABELS[status]} status={status} />;
}

export function ItemStatusChip({ status }: { status: ReceivingItemStatus | 'pendente' }) {
  return <ToneChip color={ITEM_COLOR[status]} label={RECEIVING_ITEM_STATUS_LABELS[status]} status={status} />;
}
