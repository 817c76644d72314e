/** Chips of the viability pages: the verdict (green / orange / red), the study's status and the client's answer; the tables' figure cell. */
import {
  CLIENT_DECISION_LABELS,
  VIABILITY_STATUS_LABELS,
  VIABILITY_VERDICT_LABELS,
  type ClientDecision,
  type ViabilityStatus,
  type ViabilityVerdict,
} from '@operacoes/contract';
import { TableCell } from '@mui/material';
import type { ReactNode } from 'react';
import { ToneChip, type ToneColor } from '../../core/ToneChip';

export const VERDICT_COLOR: Record<ViabilityVerdict, 'success' | 'warning' | 'error'> = { viavel: 'success', viavel_com_custo: 'warning', inviavel: 'error' };
const STATUS_COLOR: Record<ViabilityStatus, ToneColor> = { aberta: 'info', em_analise: 'warning', concluida: 'success', cancelada: 'default' };

export const VerdictChip = ({ verdict, size }: { verdict: ViabilityVerdict; size?: 'small' | 'medium' }) => (
  <ToneChip color={VERDICT_COLOR[verdict]} label={VIABILITY_VERDICT_LABELS[verdict]} status={verdict} size={size} />
);

export const ViabilityStatusChip = ({ status }: { status: ViabilityStatus }) => <ToneChip color={STATUS_COLOR[status]} label={VIABILITY_STATUS_LABELS[status]} status={status} />;

export const DecisionChip = ({ kind }: { kind: ClientDecision }) => <ToneChip color={kind === 'aceita' ? 'success' : 'error'} label={CLIENT_DECISION_LABELS[kind]} status={kind} />;

/** A table cell holding a figure (money, a bandwidth, a term): right-aligned, on one line. */
export const FigureCell = ({ children }: { children: ReactNode }) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </TableCell>
);
