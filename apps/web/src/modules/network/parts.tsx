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

type Picked = { id: number };

/**
 * A record picked by search, bound to a numeric form field: `initial` names the current record
 * without a request; otherwise it is read by id (`get`).
 */
export function FormRecordPicker<T extends Picked>(props: {
  name: string;
  label: string;
  queryKey: readonly unknown[];
  search: (term: string) => Promise<T[]>;
  get: (id: number) => Promise<T>;
  getLabel: (r: T) => string;
  initial?: T | null;
  required?: boolean;
  hint?: string;
  onPicked?: (r: T | null) => void;
}) {
  const f = useBoundField<number | null>(props.name, props.hint);
  const readOnly = useFormReadOnly();
  const known = props.initial && props.initial.id === f.value ? props.initial : null;
  const q = useQuery({ queryKey: [...props.queryKey, 'one', f.value], queryFn: () => props.get(f.value!), enabled: !!f.value && !known });
  return (
    <AsyncPicker<T>
      name={props.name}
      queryKey={[...props.queryKey, 'picker']}
      fetch={props.search}
      value={known ?? q.data ?? null}
      onChange={(r) => {
        f.onChange(r?.id ?? null);
        props.onPicked?.(r);
      }}
      getLabel={props.getLabel}
      label={props.label}
      required={props.required}
      disabled={readOnly}
      error={f.error}
      helperText={f.helperText}
    />
  );
}

/** A site picked by search (code, name or city), bound to a numeric form field. */
export function FormSitePicker({ name, label = 'Site', initial, required }: { name: string; label?: string; initial?: SiteRef | null; required?: boolean }) {
  return (
    <FormRecordPicker<SiteRef>
      name={name}
      label={label}
      queryKey={['site']}
      search={async (term) => (await searchSites(term)).map((s) => ({ id: s.id, code: s.code, name: s.name }))}
      get={async (id) => {
        const s = await siteApi.get(id);
        return { id: s.id, code: s.code, name: s.name };
      }}
      getLabel={siteLabel}
      initial={initial}
      required={required}
      hint="Pesquise pelo código, nome ou cidade"
    />
  );
}
