/** Small pieces the network pages share: status chips and the site picker. */
import { ASSET_STATUS_LABELS, SITE_STATUS_LABELS, type AssetStatus, type SiteRef, type SiteStatus } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { AsyncPicker, useBoundField } from '../../core/form';
import { useFormReadOnly } from '../../core/readOnly';
import { ToneChip, type ToneColor } from '../../core/ToneChip';
import { searchSites, siteApi } from './api';

const SITE_COLOR: Record<SiteStatus, ToneColor> = { ativo: 'success', em_implantacao: 'warning', desativado: 'default' };
const ASSET_COLOR: Record<AssetStatus, ToneColor> = { ativo: 'success', em_estoque: 'info', manutencao: 'warning', desativado: 'default' };

export const SiteStatusChip = ({ status }: { status: SiteStatus }) => <ToneChip color={SITE_COLOR[status]} label={SITE_STATUS_LABELS[status]} status={status} />;
export const AssetStatusChip = ({ status }: { status: AssetStatus }) => <ToneChip color={ASSET_COLOR[status]} label={ASSET_STATUS_LABELS[status]} status={status} />;

export const siteLabel = (s: SiteRef) => `${s.code} — ${s.name}`;

/** A site picked by search (code, name or city), bound to a numeric form field. */
export function FormSitePicker({ name, label = 'Site', initial, required }: { name: string; label?: string; initial?: SiteRef | null; required?: boolean }) {
  const f = useBoundField<number | null>(name, 'Pesquise pelo código, nome ou cidade');
  const readOnly = useFormReadOnly();
  const known = initial && initial.id === f.value ? initial : null;
  const q = useQuery({ queryKey: siteApi.keys.one(f.value ?? 0), queryFn: () => siteApi.get(f.value!), enabled: !!f.value && !known });
  const value = known ?? (q.data ? { id: q.data.id, code: q.data.code, name: q.data.name } : null);
  return (
    <AsyncPicker<SiteRef>
      name={name}
      queryKey={['site', 'picker']}
      fetch={async (term) => (await searchSites(term)).map((s) => ({ id: s.id, code: s.code, name: s.name }))}
      value={value}
      onChange={(s) => f.onChange(s?.id ?? null)}
      getLabel={siteLabel}
      label={label}
      required={required}
      disabled={readOnly}
      error={f.error}
      helperText={f.helperText}
    />
  );
}
