/** Small pieces the network pages share: status chips and the site picker. */
import { ASSET_STATUS_LABELS, SITE_STATUS_LABELS, type AssetStatus, type SiteRef, type SiteStatus } from '@operacoes/contract';
import { FormRecordPicker } from '../../core/form';
import { ToneChip, type ToneColor } from '../../core/ToneChip';
import { searchSites, siteApi } from './api';

const SITE_COLOR: Record<SiteStatus, ToneColor> = { ativo: 'success', em_implantacao: 'warning', desativado: 'default' };
const ASSET_COLOR: Record<AssetStatus, ToneColor> = { ativo: 'success', em_estoque: 'info', manutencao: 'warning', desativado: 'default' };

export const SiteStatusChip = ({ status }: { status: SiteStatus }) => <ToneChip color={SITE_COLOR[status]} label={SITE_STATUS_LABELS[status]} status={status} />;
export const AssetStatusChip = ({ status }: { status: AssetStatus }) => <ToneChip color={ASSET_COLOR[status]} label={ASSET_STATUS_LABELS[status]} status={status} />;

export { FormRecordPicker };

export const siteLabel = (s: SiteRef) => `${s.code} — ${s.name}`;

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
