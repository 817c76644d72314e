/** Status chips of requests, shipments and received items (labels from the contract). */
import { Chip, type ChipProps } from '@mui/material';
import { alpha, darken, useTheme, type Theme } from '@mui/material/styles';
import {
  RECEIVING_ITEM_STATUS_LABELS,
  SHIPMENT_SOLICITATION_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  type ReceivingItemStatus,
  type ShipmentSolicitationStatus,
  type ShipmentStatus,
} from '@operacoes/contract';

type Color = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error';

/**
 * A tinted chip whose text passes WCAG AA contrast in both themes (MUI's filled and outlined
 * colours fall short for small text on the dark paper, e.g. red #f44336).
 */
function tone(theme: Theme, color: Color) {
  if (color === 'default') return { color: 'text.secondary', borderColor: 'divider' };
  const p = theme.palette[color];
  const dark = theme.palette.mode === 'dark';
  return {
    color: dark ? p.light : darken(p.dark, 0.25),
    bgcolor: alpha(p.main, dark ? 0.16 : 0.1),
    borderColor: alpha(p.main, 0.6),
  };
}

function ToneChip({ color, label, size = 'small', status }: { color: Color; label: string; size?: ChipProps['size']; status: string }) {
  const theme = useTheme();
  return <Chip size={size} variant="outlined" label={label} data-status={status} sx={{ ...tone(theme, color), fontWeight: 500 }} />;
}

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
  return <ToneChip size={size} color={SOLICITATION_COLOR[status]} label={SHIPMENT_SOLICITATION_STATUS_LABELS[status]} status={status} />;
}

export function ShipmentStatusChip({ status, size = 'small' }: { status: ShipmentStatus; size?: ChipProps['size'] }) {
  return <ToneChip size={size} color={SHIPMENT_COLOR[status]} label={SHIPMENT_STATUS_LABELS[status]} status={status} />;
}

export function ItemStatusChip({ status }: { status: ReceivingItemStatus | 'pendente' }) {
  return <ToneChip color={ITEM_COLOR[status]} label={RECEIVING_ITEM_STATUS_LABELS[status]} status={status} />;
}
