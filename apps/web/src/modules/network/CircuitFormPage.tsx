/** /circuit/create and /circuit/edit/:id: a carrier's circuit (ends, contract, cost, SLA, support contacts), its contract PDF and history. */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Autocomplete, Box, Button, IconButton, Link, TextField, Typography } from '@mui/material';
import { CIRCUIT_STATUSES, CIRCUIT_STATUS_LABELS, CIRCUIT_TYPES, CIRCUIT_TYPE_LABELS, circuitCreate, type ListResult, type SiteRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { api } from '../../core/api';
import { AsyncPicker, enumOptions, FormGrid, FormNumber, FormSelect, NotesSection, useBoundField, Wide } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { useCan } from '../../core/permissions';
import { useFormReadOnly } from '../../core/readOnly';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { toast } from '../../core/toast';
import { circuitApi, circuitKeys, fetchCarriers, uploadContract, type CircuitRead } from './circuitApi';
import { DownChip } from './CircuitParts';

type SiteOption = { id: number; code: string; name: string };
const searchSites = async (term: string) => (await api.get<ListResult<SiteRead>>('/site', { params: { search: term || undefined, pageSize: 20 } })).data.items.map((s) => ({ id: s.id, code: s.code, name: s.name }));

/** A site picked by search (code, name, city), bound to a numeric form field. */
function FormSitePicker({ name, label, initial, required }: { name: string; label: string; initial: SiteOption | null; required?: boolean }) {
  const f = useBoundField<number | null | undefined>(name);
  const readOnly = useFormReadOnly();
  const [picked, setPicked] = useState<SiteOption | null>(initial);
  const value = f.value ? (picked && picked.id === f.value ? picked : { id: f.value, code: `#${f.value}`, name: '' }) : null;
  return (
    <AsyncPicker<SiteOption>
      queryKey={['circuit', 'site-picker']}
      fetch={searchSites}
      value={value}
      onChange={(v) => {
        setPicked(v);
        f.onChange(v?.id ?? null);
      }}
      getLabel={(s) => (s.name ? `${s.code} · ${s.name}` : s.code)}
      label={label}
      name={name}
      required={required}
      disabled={readOnly}
      error={f.error}
      helperText={f.helperText}
      noOptionsText="Nenhum site encontrado"
    />
  );
}

/** Free text with the organization's carriers so far as suggestions. */
function FormCarrier() {
  const f = useBoundField<string>('carrier');
  const readOnly = useFormReadOnly();
  const carriers = useQuery({ queryKey: circuitKeys.carriers, queryFn: fetchCarriers, staleTime: 60_000 });
  return (
    <Autocomplete
      freeSolo
      options={carriers.data ?? []}
      value={f.value ?? ''}
      inputValue={f.value ?? ''}
      onInputChange={(_e, v) => f.onChange(v)}
      disabled={readOnly}
      renderInput={(params) => <TextField {...params} name={f.name} label="Operadora" required error={f.error} helperText={f.helperText ?? 'Ex.: Vivo, Claro, Embratel, Oi, TIM'} inputRef={f.inputRef} onBlur={f.onBlur} />}
    />
  );
}

function Contacts() {
  const { control } = useFormContext();
  const readOnly = useFormReadOnly();
  const { fields, append, remove } = useFieldArray({ control, name: 'support_contacts' });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.length === 0 && <Typography color="text.secondary">Nenhum contato de suporte.</Typography>}
      {fields.map((c, i) => (
        <Box key={c.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1.2fr 1fr 1.2fr auto' }, alignItems: 'start' }}>
          <FormText name={`support_contacts.${i}.name`} label="Nome / setor" required size="small" />
          <FormText name={`support_contacts.${i}.phone`} label="Telefone" size="small" />
          <FormText name={`support_contacts.${i}.email`} label="E-mail" size="small" />
          {!readOnly && (
            <IconButton aria-label={`Remover o contato ${i + 1}`} onClick={() => remove(i)}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {!readOnly && (
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => append({ name: '', phone: '', email: null })}>
            Adicionar contato
          </Button>
        </Box>
      )}
    </Box>
  );
}

function ContractFile({ circuit }: { circuit: CircuitRead }) {
  const qc = useQueryClient();
  const { can } = useCan();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const saved = await uploadContract(circuit.id, file);
      toast.success('Contrato enviado!');
      void circuitApi.invalidate(qc, saved);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {circuit.contract_file ? (
        <Link href={circuit.contract_file} target="_blank" rel="noopener">
          Abrir o contrato (PDF)
        </Link>
      ) : (
        <Typography color="text.secondary">Nenhum contrato enviado.</Typography>
      )}
      {can(['OPERATOR_CIRCUIT']) && (
        <>
          <input ref={input} type="file" accept="application/pdf" hidden aria-label="Arquivo do contrato (PDF)" onChange={(e) => void send(e.target.files?.[0])} />
          <Button startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
            {circuit.contract_file ? 'Substituir contrato' : 'Enviar contrato (PDF)'}
          </Button>
        </>
      )}
    </Box>
  );
}

const blank = {
  carrier: '',
  designation: '',
  type: '' as never,
  bandwidth_mbps: null as never,
  site_a_id: null as never,
  site_b_id: null,
  monthly_cost: '' as never,
  installed_on: null,
  contract_ends_on: null,
  sla_percent: 99.5,
  credit_factor: 1,
  status: 'ativo' as const,
  support_contacts: [],
  notes: '',
};

export default function CircuitFormPage() {
  return (
    <ResourcePage
      resource={circuitApi}
      schema={circuitCreate}
      blank={blank}
      toForm={(c) => ({ monthly_cost: c.monthly_cost.replace('.', ',') as never })}
      subtitle={(c) => `${c.carrier} · ${c.designation}`}
      invalidates={() => [circuitKeys.carriers]}
    >
      {(circuit) => (
        <>
          {circuit && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
              <DownChip down={circuit.down} />
              <Button component={RouterLink} to={`/circuit/${circuit.id}/unavailability/`} startIcon={<EventBusyIcon />} size="small">
                Indisponibilidades
              </Button>
            </Box>
          )}
          <Section title="Circuito">
            <FormGrid>
              <FormCarrier />
              <FormText name="designation" label="Designação" required helperText="O identificador do circuito na operadora" />
              <FormSelect name="type" label="Tipo" required options={enumOptions(CIRCUIT_TYPES, CIRCUIT_TYPE_LABELS)} />
              <FormNumber name="bandwidth_mbps" label="Banda (Mbps)" required />
              <FormSitePicker name="site_a_id" label="Ponta A (site)" required initial={circuit?.site_a ?? null} />
              <FormSitePicker name="site_b_id" label="Ponta B (site, opcional)" initial={circuit?.site_b ?? null} />
              <FormSelect name="status" label="Situação" required options={enumOptions(CIRCUIT_STATUSES, CIRCUIT_STATUS_LABELS)} />
            </FormGrid>
          </Section>
          <Section title="Contrato e SLA">
            <FormGrid>
              <FormNumber name="monthly_cost" label="Custo mensal (R$)" money required placeholder="0,00" />
              <FormNumber name="sla_percent" label="SLA (%)" required helperText="Entre 90 e 100 (ex.: 99,5)" />
              <FormNumber name="credit_factor" label="Fator de crédito" helperText="Multiplica o desconto proporcional (padrão 1)" />
              <FormDate name="installed_on" label="Instalado em" />
              <FormDate name="contract_ends_on" label="Fim do contrato" helperText="Avisamos antes do fim (configurações da organização)" />
              {circuit && (
                <Wide>
                  <ContractFile circuit={circuit} />
                </Wide>
              )}
            </FormGrid>
          </Section>
          <Section title="Contatos de suporte da operadora">
            <Contacts />
          </Section>
          <NotesSection />
        </>
      )}
    </ResourcePage>
  );
}
