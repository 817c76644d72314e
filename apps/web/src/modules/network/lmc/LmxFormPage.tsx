/**
 * /lmx/create/:lmcId and /lmx/edit/:id: one segment of an LMC's path — from an asset's interface to
 * another's, over own fibre, radio or an operator circuit, with VLAN, capacity and an optional
 * point-to-point subnet (its two addresses shown as typed). A new segment starts where the path ends.
 */
import { Alert } from '@mui/material';
import { LMX_MEDIA, LMX_MEDIUM_LABELS, lmxCreate, pointToPointEnds, type LmcRead, type LmxRead } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { enumOptions, FormGrid, FormNotes, FormNumber, FormSelect, Wide } from '../../../core/form';
import { RecordPage } from '../../../core/RecordPage';
import { ResourcePage } from '../../../core/resource';
import { FormText } from '../../../core/ResourceForm';
import { Section } from '../../../core/Section';
import { lmcApi, lmcTrail, lmxApi, fetchAsset } from '../pathApi';
import { FormAssetPicker, FormCircuitPicker } from '../pathParts';
import { Crumbs } from '../../../core/Crumbs';

/** An asset picker and the select of that asset's interfaces (cleared when the asset changes). */
function End({ side, label, initial }: { side: 'from' | 'to'; label: string; initial: LmxRead['from_asset'] | null }) {
  const { setValue } = useFormContext();
  const assetId = useWatch({ name: `${side}_asset_id` }) as number | null;
  const asset = useQuery({ queryKey: ['network_asset', assetId], queryFn: () => fetchAsset(assetId!), enabled: !!assetId });
  const options = (asset.data?.interfaces ?? []).map((i) => ({ value: i.id, label: i.description ? `${i.name} — ${i.description}` : i.name }));
  return (
    <>
      <FormAssetPicker name={`${side}_asset_id`} label={`Ativo de ${label}`} required initial={initial && asset.data?.id === initial.id ? asset.data : null} onPicked={() => setValue(`${side}_interface_id`, null as never, { shouldDirty: true })} />
      <FormSelect name={`${side}_interface_id`} label={`Interface de ${label}`} required options={options} helperText={assetId ? undefined : 'Escolha o ativo primeiro'} disabled={!assetId} />
    </>
  );
}

function SubnetPreview() {
  const subnet = useWatch({ name: 'subnet' }) as string | null;
  const ends = subnet ? pointToPointEnds(subnet) : null;
  if (!ends) return null;
  return (
    <Wide>
      <Alert severity="info" icon={false}>
        Origem: {ends.from} · Destino: {ends.to}
      </Alert>
    </Wide>
  );
}

function Fields({ segment, lmc }: { segment: LmxRead | null; lmc: Pick<LmcRead, 'id' | 'code' | 'name'> }) {
  const medium = useWatch({ name: 'medium' });
  return (
    <>
      <Crumbs trail={lmcTrail(lmc)} current={segment ? `Segmento ${segment.position}` : 'Novo segmento'} sx={{ mb: 2 }} />
      <Section title="Pontas" hint="Cada segmento começa no ativo em que o anterior termina.">
        <FormGrid>
          <End side="from" label="origem" initial={segment?.from_asset ?? null} />
          <End side="to" label="destino" initial={segment?.to_asset ?? null} />
        </FormGrid>
      </Section>
      <Section title="Meio e endereçamento">
        <FormGrid>
          <FormSelect name="medium" label="Meio" required options={enumOptions(LMX_MEDIA, LMX_MEDIUM_LABELS)} />
          {medium === 'circuito_operadora' && <FormCircuitPicker name="circuit_id" label="Circuito de operadora" required />}
          <FormNumber name="vlan_id" label="VLAN" helperText="De 1 a 4094" />
          <FormNumber name="capacity_mbps" label="Capacidade (Mbps)" required />
          <FormText name="subnet" label="Sub-rede ponto a ponto" helperText="IPv4 /30 ou /31, ou IPv6 /127 (ex.: 10.255.0.0/30)" />
          <FormNumber name="position" label="Posição" helperText={segment ? undefined : 'Vazio: no fim do caminho'} />
          <SubnetPreview />
          <FormNotes />
        </FormGrid>
      </Section>
    </>
  );
}

function SegmentForm({ lmc, segment }: { lmc: LmcRead; segment: LmxRead | null }) {
  const last = lmc.segments[lmc.segments.length - 1];
  const blank = {
    lmc_id: lmc.id,
    position: null as never,
    from_asset_id: (last?.to_asset_id ?? null) as never,
    from_interface_id: null as never,
    to_asset_id: null as never,
    to_interface_id: null as never,
    medium: 'fibra_propria' as const,
    circuit_id: null,
    vlan_id: null,
    capacity_mbps: null as never,
    subnet: '',
    notes: '',
  };
  return (
    <ResourcePage
      resource={lmxApi}
      schema={lmxCreate}
      blank={blank}
      recordId={segment?.id ?? null}
      savedTo={() => `/lmc/edit/${lmc.id}`}
      cancelTo={() => `/lmc/edit/${lmc.id}`}
      invalidates={() => [lmcApi.keys.all]}
      subtitle={(s) => `${s.lmc.code} · segmento ${s.position}`}
    >
      {(s) => <Fields segment={s} lmc={lmc} />}
    </ResourcePage>
  );
}

export default function LmxFormPage() {
  const { id } = useParams();
  const creating = useLocation().pathname.startsWith('/lmx/create/');
  const segment = useQuery({ queryKey: lmxApi.keys.one(Number(id)), queryFn: () => lmxApi.get(Number(id)), enabled: !creating });
  const lmcId = creating ? Number(id) : segment.data?.lmc_id;
  const lmc = useQuery({ queryKey: lmcApi.keys.one(lmcId ?? 0), queryFn: () => lmcApi.get(lmcId!), enabled: !!lmcId });
  if (!creating && !segment.data) return <RecordPage query={segment} what="Segmento LMX" gender="m" backTo="/lmc">{() => null}</RecordPage>;
  return (
    <RecordPage query={lmc} what="LMC" gender="f" backTo="/lmc">
      {(l) => <SegmentForm lmc={l} segment={creating ? null : segment.data!} />}
    </RecordPage>
  );
}
