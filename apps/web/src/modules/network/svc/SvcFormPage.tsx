/** /svc/create and /svc/edit/:id: a customer service (client, type, bandwidth, VLAN, IP block and gateway, the LMC that carries it, the CTO port its drop is plugged into). */
import { SVC_STATUSES, SVC_STATUS_LABELS, SVC_TYPES, SVC_TYPE_LABELS, svcCreate } from '@operacoes/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { enumOptions, FormGrid, FormNotes, FormNumber, FormSelect } from '../../../core/form';
import { FormDate } from '../../../core/form/FormDate';
import { FormMasked } from '../../../core/form/MaskedInput';
import { ResourcePage } from '../../../core/resource';
import { FormText } from '../../../core/ResourceForm';
import { Section } from '../../../core/Section';
import { fetchAsset, lmcApi, svcApi } from '../pathApi';
import { FormLmcPicker } from '../pathParts';
import { SvcCtoPort } from './SvcCtoPort';

/**
 * The customer-end router's port facing the customer: an interface of a device on the chosen LMC's
 * path, the customer end first (the MikroTik script puts the SVC's VLAN and gateway there).
 */
function DeliveryInterfaceField() {
  const lmcId = useWatch({ name: 'lmc_id' }) as number | null;
  const lmc = useQuery({ queryKey: lmcApi.keys.one(lmcId ?? 0), queryFn: () => lmcApi.get(lmcId!), enabled: !!lmcId });
  const path = lmc.data?.segments ?? [];
  const assetIds = [...new Set(path.flatMap((s) => [s.from_asset_id, s.to_asset_id]))].reverse();
  const assets = useQueries({ queries: assetIds.map((id) => ({ queryKey: ['network_asset', 'one', id], queryFn: () => fetchAsset(id) })) });
  const options = assets.flatMap((q) => (q.data ? q.data.interfaces.map((i) => ({ value: i.id, label: `${q.data.hostname} · ${i.name}` })) : []));
  const helper = !lmcId ? 'Escolha a LMC primeiro' : path.length === 0 ? 'A LMC ainda não tem segmentos' : 'A porta do roteador da ponta do cliente: o script MikroTik põe ali a VLAN e o gateway do SVC';
  return <FormSelect name="delivery_interface_id" label="Interface de entrega" options={options} emptyLabel="Nenhuma" disabled={!lmcId} helperText={helper} />;
}

/** Another LMC: the delivery interface belonged to the old path. */
function LmcField({ initial }: { initial: { id: number; code: string; name: string } | null }) {
  const { setValue } = useFormContext();
  return <FormLmcPicker name="lmc_id" label="LMC" initial={initial} onPicked={() => setValue('delivery_interface_id', null, { shouldDirty: true })} />;
}

const blank = {
  code: '',
  client_name: '',
  client_document: '',
  type: '' as never,
  bandwidth_mbps: null as never,
  vlan_id: null,
  ip_block: '',
  gateway: '',
  lmc_id: null,
  delivery_interface_id: null,
  status: 'em_ativacao' as const,
  contract: '',
  activated_on: null,
  notes: '',
};

export default function SvcFormPage() {
  return (
    <ResourcePage resource={svcApi} schema={svcCreate} blank={blank} subtitle={(s) => `${s.code} · ${s.client_name}`}>
      {(svc) => (
        <>
          <Section title="Cliente e serviço">
            <FormGrid>
              <FormText name="code" label="Código" required helperText="Único na organização (ex.: SVC-0123)" />
              <FormText name="client_name" label="Cliente" required />
              <FormMasked kind="cpfCnpj" name="client_document" label="CPF/CNPJ do cliente" required />
              <FormSelect name="type" label="Tipo" required options={enumOptions(SVC_TYPES, SVC_TYPE_LABELS)} />
              <FormNumber name="bandwidth_mbps" label="Banda (Mbps)" required />
              <FormSelect name="status" label="Situação" required options={enumOptions(SVC_STATUSES, SVC_STATUS_LABELS)} />
              <FormText name="contract" label="Contrato" />
              <FormDate name="activated_on" label="Ativado em" />
            </FormGrid>
          </Section>
          <Section title="Rede" hint="O bloco IP não pode sobrepor o de outro SVC ativo da organização.">
            <FormGrid>
              <FormNumber name="vlan_id" label="VLAN" helperText="De 1 a 4094" />
              <FormText name="ip_block" label="Bloco IP" helperText="IPv4 ou IPv6 em CIDR, no início da rede (ex.: 200.150.10.0/29)" />
              <FormText name="gateway" label="Gateway" helperText="Um endereço dentro do bloco" />
              <LmcField initial={svc?.lmc ?? null} />
              <DeliveryInterfaceField />
            </FormGrid>
          </Section>
          {svc && <SvcCtoPort svc={svc} />}
          <Section title="Observações">
            <FormGrid>
              <FormNotes />
            </FormGrid>
          </Section>
        </>
      )}
    </ResourcePage>
  );
}
