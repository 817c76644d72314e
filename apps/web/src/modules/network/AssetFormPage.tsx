/** /asset/create and /asset/edit/:id: a network asset with its interfaces, its site and its patrimony item. */
import { Alert, Link, Stack } from '@mui/material';
import { ASSET_ROLE_LABELS, ASSET_ROLES, ASSET_STATUS_LABELS, ASSET_STATUSES, ASSET_VENDOR_LABELS, ASSET_VENDORS, ROUTEROS_VERSIONS, assetCreate } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AsyncPicker, enumOptions, FormGrid, FormSelect, NotesSection, Wide } from '../../core/form';
import { useFormReadOnly } from '../../core/readOnly';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { assetApi, searchPatrimony, siteApi, type AssetRead, type PatrimonyOption } from './api';
import { InterfacesTable } from './InterfacesTable';
import { FormSitePicker } from './parts';

const patrimonyLabel = (p: PatrimonyOption) => `${p.tag}${p.serial ? ` · série ${p.serial}` : ''}${p.product ? ` · ${p.product.name}` : ''}`;

/** The warehouse item this asset is (optional), picked by tag, serial or product. */
function PatrimonyPicker({ asset }: { asset: AssetRead | null }) {
  const { field, fieldState } = useController({ name: 'patrimony_id' });
  const readOnly = useFormReadOnly();
  const known = asset?.patrimony && asset.patrimony.id === field.value ? { id: asset.patrimony.id, tag: asset.patrimony.tag, serial: asset.patrimony.serial, product: asset.patrimony.product ? { name: asset.patrimony.product } : null } : null;
  const q = useQuery({ queryKey: ['patrimony', field.value], queryFn: async () => (await searchPatrimony('')).find((p) => p.id === field.value) ?? null, enabled: !!field.value && !known });
  return (
    <AsyncPicker<PatrimonyOption>
      name="patrimony_id"
      queryKey={['patrimony', 'picker']}
      fetch={searchPatrimony}
      value={known ?? q.data ?? null}
      onChange={(p) => field.onChange(p?.id ?? null)}
      getLabel={patrimonyLabel}
      label="Patrimônio (almoxarifado)"
      disabled={readOnly}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? 'Opcional: o item de patrimônio que é este equipamento'}
    />
  );
}

/** The interface the device is managed through: one of the interfaces listed below (by name). */
function ManagementInterfaceField() {
  const interfaces = (useWatch({ name: 'interfaces' }) as { name?: string }[] | undefined) ?? [];
  const names = [...new Set(interfaces.map((i) => i.name?.trim()).filter((n): n is string => !!n))];
  return (
    <FormSelect
      name="management_interface"
      label="Interface de gerência"
      options={names.map((n) => ({ value: n, label: n }))}
      emptyLabel="Nenhuma"
      helperText={names.length ? 'Onde os scripts MikroTik põem a VLAN e o endereço de gerência' : 'Cadastre as interfaces abaixo para escolher uma'}
    />
  );
}

/** RouterOS versions are for MikroTik only. */
function RouterOsField() {
  const vendor = useWatch({ name: 'vendor' });
  if (vendor !== 'mikrotik') return null;
  return <FormSelect name="routeros_version" label="Versão do RouterOS" options={[{ value: '', label: 'Não informada' }, ...ROUTEROS_VERSIONS.map((v) => ({ value: v, label: `RouterOS ${v}` }))]} helperText="Usada pelo gerador de scripts" />;
}

export default function AssetFormPage() {
  const [params] = useSearchParams();
  const siteParam = Number(params.get('site')) || null;
  const blank = {
    hostname: '',
    role: 'roteador' as const,
    vendor: 'mikrotik' as const,
    model: '',
    serial: '',
    management_ip: '',
    routeros_version: null,
    site_id: siteParam,
    status: 'ativo' as const,
    patrimony_id: null,
    notes: '',
    interfaces: [],
    management_interface: null,
  };
  return (
    <ResourcePage
      resource={assetApi}
      schema={assetCreate}
      blank={blank}
      subtitle={(a) => [a.hostname, a.site ? `${a.site.code} — ${a.site.name}` : null].filter(Boolean).join(' · ')}
      toForm={(a) => ({ interfaces: a.interfaces.map((i) => ({ ...i, mac: i.mac ?? '', description: i.description ?? '' })) })}
      invalidates={(a) => (a.site_id ? [siteApi.keys.one(a.site_id), ['network_asset', 'site', a.site_id]] : [])}
    >
      {(asset) => (
        <>
          {asset && asset.warnings.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {asset.warnings.map((w) => (
                <div key={w}>{w}</div>
              ))}
            </Alert>
          )}
          <Section title="Identificação">
            <FormGrid>
              <FormText name="hostname" label="Hostname" required autoFocus={!asset} placeholder="rt-borda-cwb-01" />
              <FormSelect name="status" label="Situação" required options={enumOptions(ASSET_STATUSES, ASSET_STATUS_LABELS)} />
              <FormSelect name="role" label="Função" required options={enumOptions(ASSET_ROLES, ASSET_ROLE_LABELS)} />
              <FormSelect name="vendor" label="Fabricante" required options={enumOptions(ASSET_VENDORS, ASSET_VENDOR_LABELS)} />
              <FormText name="model" label="Modelo" placeholder="CCR2004-16G-2S+" />
              <FormText name="serial" label="Número de série" />
              <FormText name="management_ip" label="IP de gerência" placeholder="10.0.0.1 ou 2001:db8::1" helperText="IPv4 ou IPv6" />
              <RouterOsField />
              <ManagementInterfaceField />
            </FormGrid>
          </Section>
          <Section title="Local e patrimônio">
            <FormGrid>
              <FormSitePicker name="site_id" label="Site" initial={asset?.site ?? null} />
              <PatrimonyPicker asset={asset} />
              {(asset?.site || asset?.patrimony) && (
                <Wide>
                  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {asset.site && (
                      <Link component={RouterLink} to={`/site/edit/${asset.site.id}`}>
                        Abrir o site {asset.site.code}
                      </Link>
                    )}
                    {asset.patrimony && (
                      <Link component={RouterLink} to={`/patrimony/edit/${asset.patrimony.id}`}>
                        Abrir o patrimônio {asset.patrimony.tag}
                      </Link>
                    )}
                  </Stack>
                </Wide>
              )}
            </FormGrid>
          </Section>
          <InterfacesTable />
          <NotesSection />
        </>
      )}
    </ResourcePage>
  );
}
