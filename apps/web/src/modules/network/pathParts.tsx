/** Pieces the path pages share: status chips, the Mbps format, and the LMC, asset and circuit pickers. */
import { LMC_STATUS_LABELS, SVC_STATUS_LABELS, type AssetRead, type CircuitRead, type LmcStatus, type SvcStatus } from '@operacoes/contract';
import { AlarmChip, ToneChip, type ToneColor } from '../../core/ToneChip';
import { assetApi } from './api';
import { circuitApi } from './circuitApi';
import { FormRecordPicker } from './parts';
import { lmcApi, searchAssets, searchCircuits, searchLmcs, type LmcRead } from './pathApi';

const SVC_COLOR: Record<SvcStatus, ToneColor> = { em_ativacao: 'info', ativo: 'success', suspenso: 'warning', cancelado: 'default' };
const LMC_COLOR: Record<LmcStatus, ToneColor> = { planejado: 'info', ativo: 'success', desativado: 'default' };
export const SvcStatusChip = ({ status }: { status: SvcStatus }) => <ToneChip color={SVC_COLOR[status]} label={SVC_STATUS_LABELS[status]} status={status} />;
export const LmcStatusChip = ({ status }: { status: LmcStatus }) => <ToneChip color={LMC_COLOR[status]} label={LMC_STATUS_LABELS[status]} status={status} />;

/** A union's state: degraded when a member is down. */
export const UnionStateChip = ({ degraded }: { degraded: boolean }) => (degraded ? <AlarmChip label="degradada" status="degraded" /> : <ToneChip color="success" label="operando" status="up" />);

export const mbps = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n.toLocaleString('pt-BR')} Mbps`);

type PickerProps<T> = { name: string; label: string; initial?: T | null; required?: boolean; onPicked?: (r: T | null) => void };
type LmcOption = Pick<LmcRead, 'id' | 'code' | 'name'>;

export const FormLmcPicker = (p: PickerProps<LmcOption>) => (
  <FormRecordPicker<LmcOption> {...p} queryKey={['lmc']} search={searchLmcs} get={lmcApi.get} getLabel={(l) => `${l.code} · ${l.name}`} hint="Pesquise pelo código ou nome da LMC" />
);
export const FormAssetPicker = (p: PickerProps<AssetRead>) => (
  <FormRecordPicker<AssetRead> {...p} queryKey={['network_asset']} search={searchAssets} get={assetApi.get} getLabel={(a) => (a.site ? `${a.hostname} · ${a.site.code}` : a.hostname)} hint="Pesquise pelo hostname, modelo ou IP" />
);
export const FormCircuitPicker = (p: PickerProps<CircuitRead>) => (
  <FormRecordPicker<CircuitRead> {...p} queryKey={['circuit']} search={searchCircuits} get={circuitApi.get} getLabel={(c) => `${c.carrier} · ${c.designation}`} hint="Pesquise pela operadora ou designação" />
);
