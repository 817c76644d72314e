/** /site/create and /site/edit/:id: a site, with what stands on it (assets, circuits) and its history. */
import AddIcon from '@mui/icons-material/Add';
import { Button, Typography } from '@mui/material';
import { SITE_STATUS_LABELS, SITE_STATUSES, SITE_TYPE_LABELS, SITE_TYPES, siteCreate } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormCity } from '../../core/CityAutocomplete';
import { enumOptions, FormAddress, FormCoordinates, FormGrid, FormSelect, NotesSection, Wide } from '../../core/form';
import { LinkList } from '../../core/LinkList';
import { useCan } from '../../core/permissions';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { FormUnitSelect } from '../unit-organizational';
import { CtoFields, CtoPorts } from '../viability';
import { assetApi, fetchAssetsOf, netKeys, siteApi, type SiteRead } from './api';
import { AssetStatusChip } from './parts';
import { SiteCircuits } from './SiteCircuits';
import { SitePaths } from './SitePaths';

const coordinate = (v: string | null) => (v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** The assets standing on the site, each a link to its page. */
function SiteAssets({ site }: { site: SiteRead }) {
  const { user } = useCan();
  const q = useQuery({ queryKey: netKeys.assetsOf(site.id), queryFn: () => fetchAssetsOf(site.id), enabled: assetApi.canRead(user) });
  if (!assetApi.canRead(user)) {
    return (
      <Section title="Ativos de rede">
        <Typography variant="body2" color="text.secondary">
          {site.asset_count === 0 ? 'Nenhum ativo de rede neste site.' : `${site.asset_count} ativo(s) de rede neste site.`}
        </Typography>
      </Section>
    );
  }
  const items = q.data?.items ?? [];
  return (
    <Section
      title={`Ativos de rede (${q.data?.total_items ?? site.asset_count})`}
      actions={
        assetApi.canCreate(user) ? (
          <Button size="small" startIcon={<AddIcon />} component={RouterLink} to={`/asset/create?site=${site.id}`}>
            Novo ativo aqui
          </Button>
        ) : undefined
      }
    >
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {q.isLoading ? 'Carregando…' : 'Nenhum ativo de rede neste site.'}
        </Typography>
      ) : (
        <LinkList
          label="Ativos de rede do site"
          items={items.map((a) => ({
            key: a.id,
            to: `/asset/edit/${a.id}`,
            text: a.hostname,
            detail: [a.model, a.management_ip, `${a.interfaces.length} interface(s)`].filter(Boolean).join(' · '),
            end: <AssetStatusChip status={a.status} />,
          }))}
        />
      )}
    </Section>
  );
}

export default function SiteFormPage() {
  const [params] = useSearchParams();
  const blank = {
    code: '',
    name: '',
    type: 'pop' as const,
    status: 'ativo' as const,
    unit_organizational_id: null,
    address: '',
    city_id: null,
    // "Novo site aqui" on the map brings the point.
    latitude: coordinate(params.get('lat')),
    longitude: coordinate(params.get('lng')),
    notes: '',
    splitter_ratio: null,
    port_count: null,
  };
  return (
    <ResourcePage resource={siteApi} schema={siteCreate} blank={blank} subtitle={(s) => `${s.code} · ${s.name}`} invalidates={() => [['site', 'map']]}>
      {(site) => (
        <>
          <Section title="Identificação">
            <FormGrid columns="1fr 2fr">
              <FormText name="code" label="Código" required placeholder="POP-CWB-01" autoFocus={!site} />
              <FormText name="name" label="Nome" required />
              <FormSelect name="type" label="Tipo" required options={enumOptions(SITE_TYPES, SITE_TYPE_LABELS)} />
              <FormSelect name="status" label="Situação" required options={enumOptions(SITE_STATUSES, SITE_STATUS_LABELS)} />
              <Wide>
                <FormUnitSelect helperText="Opcional: a unidade responsável" />
              </Wide>
            </FormGrid>
          </Section>
          <Section title="Localização">
            <FormGrid>
              <FormAddress />
              <Wide>
                <FormCity name="city_id" label="Cidade" initialCity={site?.city ?? null} />
              </Wide>
              <FormCoordinates />
            </FormGrid>
          </Section>
          <CtoFields />
          <NotesSection />
          {site?.type === 'cto' && <CtoPorts siteId={site.id} />}
          {site && <SiteAssets site={site} />}
          {site && <SiteCircuits siteId={site.id} />}
          {site && <SitePaths siteId={site.id} />}
        </>
      )}
    </ResourcePage>
  );
}
