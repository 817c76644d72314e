/**
 * /patrimony/create (one item, or N items of one product with serials pasted one per line) and
 * /patrimony/edit/:id (data, place or holder, status; its movements and history).
 */
import QrCodeIcon from '@mui/icons-material/QrCode';
import { Alert, Box, Button, Link, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  BULK_MAX_ITEMS,
  EDITABLE_PATRIMONY_STATUSES,
  PATRIMONY_CONDITION_LABELS,
  PATRIMONY_CONDITIONS,
  PATRIMONY_STATUS_LABELS,
  patrimonyBulk,
  patrimonyCreate,
  patrimonyUpdate,
  readPermissionsOf,
} from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api } from '../../core/api';
import { formatDateTime } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { blankToNull } from '../../core/schema-helpers';
import { toast } from '../../core/toast';
import { UserAutocomplete, type UserOption } from '../../core/UserAutocomplete';
import { createPatrimonyBulk, getPatrimony, PATRIMONY_PATH, saveRecord, whKeys, type PatrimonyRead } from './api';
import { formatBRL, FormProductPicker, FormSectionPicker, PatrimonyStatusChip } from './parts';
import { openLabels } from './PatrimonyListPage';
import { MovementsPanel } from './panels';
import { UpcomingReservations } from '../schedule';
import { FormNotes, FormNumber, FormSelect } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { Section } from '../../core/Section';
import { RevisionHistory } from '../../core/history';
import { RecordFrame } from '../../core/RecordPage';
import { ReadOnlyNotice } from '../../core/readOnly';

const conditionOptions = PATRIMONY_CONDITIONS.map((c) => ({ value: c, label: PATRIMONY_CONDITION_LABELS[c] }));
/** The same fields, a blank text input meaning null (validated on the server's terms). */
const blanks = (shape: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, blankToNull(shape[k] as z.ZodType)])) as Record<string, z.ZodType>;

const c = patrimonyCreate.shape;
const singleSchema = z
  .object({ ...c, ...blanks(c, ['tag', 'serial', 'acquisition_value', 'invoice_number', 'supplier', 'notes']) })
  .refine((v) => Boolean(v.section_id), { message: 'Informe a seção onde o item ficará', path: ['section_id'] });

const b = patrimonyBulk.shape;
const bulkSchema = z
  .object({ ...b, ...blanks(b, ['acquisition_value', 'invoice_number', 'supplier', 'notes']) })
  .refine((v) => ((v.serials as string[] | undefined)?.length ?? 0) > 0 || ((v.quantity as number | undefined) ?? 0) > 0, {
    message: 'Cole os números de série (um por linha) ou informe a quantidade',
    path: ['serials'],
  })
  .refine((v) => !(v.serials as string[] | undefined)?.length || new Set(v.serials as string[]).size === (v.serials as string[]).length, {
    message: 'Há números de série repetidos na lista',
    path: ['serials'],
  })
  .refine((v) => ((v.serials as string[] | undefined)?.length ?? 0) <= BULK_MAX_ITEMS, { message: `No máximo ${BULK_MAX_ITEMS} itens por vez`, path: ['serials'] });

const u = patrimonyUpdate.shape;
const editSchema = z.object({ ...u, ...blanks(u, ['serial', 'acquisition_value', 'invoice_number', 'supplier', 'notes']) });

function AcquisitionFields() {
  return (
    <Section title="Aquisição">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FormDate name="acquisition_date" label="Data de aquisição" />
        <FormNumber name="acquisition_value" label="Valor de aquisição (R$)" money placeholder="0,00" />
        <FormText name="invoice_number" label="Nota fiscal" />
        <FormText name="supplier" label="Fornecedor" />
        <FormNotes />
      </Box>
    </Section>
  );
}

function SingleForm() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useSchemaForm(singleSchema, { product_id: undefined, section_id: undefined, tag: '', serial: '', condition: 'novo' } as never);
  return (
    <ResourceForm
      form={form as never}
      ariaLabel="Novo patrimônio"
      submitLabel="Criar patrimônio"
      cancelTo="/patrimony"
      onSubmit={(values) => saveRecord<PatrimonyRead>(PATRIMONY_PATH, null, values)}
      onSuccess={(saved) => {
        const p = saved as PatrimonyRead;
        toast.success(`Patrimônio ${p.tag} criado!`);
        void qc.invalidateQueries({ queryKey: listKey(PATRIMONY_PATH) });
        navigate(`/patrimony/edit/${p.id}`);
      }}
    >
      <Section title="Item">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormProductPicker name="product_id" tracking="patrimonio" required helperText="Somente produtos controlados como patrimônio" />
          <FormSectionPicker name="section_id" label="Seção onde o item fica" required />
          <FormText name="tag" label="Número de patrimônio" helperText="Deixe em branco para gerar pelo prefixo da organização" />
          <FormText name="serial" label="Número de série" />
          <FormSelect name="condition" label="Conservação" options={conditionOptions} />
        </Box>
      </Section>
      <AcquisitionFields />
    </ResourceForm>
  );
}

function SerialCount() {
  const { watch } = useFormContext();
  const text = (watch('serials') as string | undefined) ?? '';
  const n = text.split(/\r?\n/).filter((s) => s.trim()).length;
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      {n === 0 ? 'Nenhum número de série colado' : n === 1 ? '1 número de série' : `${n} números de série`}
    </Typography>
  );
}

function BulkForm() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useSchemaForm(bulkSchema, { product_id: undefined, section_id: undefined, serials: '', condition: 'novo' } as never);
  return (
    <ResourceForm
      form={form as never}
      ariaLabel="Patrimônio em lote"
      submitLabel="Criar itens"
      cancelTo="/patrimony"
      onSubmit={(values) => createPatrimonyBulk(values)}
      onSuccess={(result) => {
        const items = (result as { items: PatrimonyRead[] }).items;
        toast.success(items.length === 1 ? '1 item criado!' : `${items.length} itens criados!`);
        void qc.invalidateQueries({ queryKey: listKey(PATRIMONY_PATH) });
        navigate('/patrimony');
      }}
    >
      <Section title="Itens">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormProductPicker name="product_id" tracking="patrimonio" required />
          <FormSectionPicker name="section_id" label="Seção onde os itens ficam" required />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText
              name="serials"
              label="Números de série (um por linha)"
              fullWidth
              multiline
              minRows={5}
              maxRows={14}
              helperText={`Cole da planilha ou do leitor: um item por linha, no máximo ${BULK_MAX_ITEMS}. Os números de patrimônio são gerados automaticamente.`}
            />
            <SerialCount />
          </Box>
          <FormText name="quantity" label="Quantidade (sem números de série)" type="number" helperText="Use se os itens não têm série; com séries, deixe em branco" />
          <FormSelect name="condition" label="Conservação" options={conditionOptions} />
        </Box>
      </Section>
      <AcquisitionFields />
    </ResourceForm>
  );
}

function EditForm({ item }: { item: PatrimonyRead }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['PATRIMONY']);
  const editable = (EDITABLE_PATRIMONY_STATUSES as readonly string[]).includes(item.status);
  const [holder, setHolder] = useState<UserOption | null>(item.holder ? { id: item.holder.id, username: item.holder.username, picture: null, person: { full_name: item.holder.name } } : null);
  const form = useSchemaForm(editSchema, {
    product_id: item.product_id,
    tag: item.tag,
    serial: item.serial ?? '',
    condition: item.condition,
    status: editable ? item.status : undefined,
    section_id: item.section_id,
    holder_user_id: item.holder_user_id,
    acquisition_date: item.acquisition_date,
    acquisition_value: item.acquisition_value?.replace('.', ',') ?? '',
    invoice_number: item.invoice_number ?? '',
    supplier: item.supplier ?? '',
    notes: item.notes ?? '',
    reason: '',
  } as never);
  return (
    <ResourceForm
      form={form as never}
      ariaLabel="Editar patrimônio"
      submitLabel="Salvar alterações"
      cancelTo="/patrimony"
      readOnly={!canWrite}
      actions={
        <Button startIcon={<QrCodeIcon />} onClick={() => void openLabels([item.id])} color="inherit">
          Etiqueta
        </Button>
      }
      onSubmit={(values) => saveRecord<PatrimonyRead>(PATRIMONY_PATH, item.id, values)}
      onSuccess={(saved) => {
        toast.success('Patrimônio atualizado!');
        qc.setQueryData(whKeys.patrimony(item.id), saved);
        void qc.invalidateQueries({ queryKey: listKey(PATRIMONY_PATH) });
        void qc.invalidateQueries({ queryKey: ['list', `/movements?item=${item.id}`] });
        navigate('/patrimony');
      }}
    >
      {!canWrite && <ReadOnlyNotice what="item" />}
      {!editable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Situação {PATRIMONY_STATUS_LABELS[item.status]}: controlada pela solicitação ou pelo envio em andamento.
        </Alert>
      )}
      <Section title="Item">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormText name="tag" label="Número de patrimônio" required />
          <FormText name="serial" label="Número de série" />
          <FormProductPicker name="product_id" tracking="patrimonio" initial={item.product} required />
          <FormSelect name="condition" label="Conservação" options={conditionOptions} />
          <FormSelect
            name="status"
            label="Situação"
            disabled={!editable}
            options={(editable ? EDITABLE_PATRIMONY_STATUSES : [item.status]).map((s) => ({ value: s, label: PATRIMONY_STATUS_LABELS[s] }))}
          />
        </Box>
      </Section>
      <Section title="Local ou responsável">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormSectionPicker name="section_id" label="Seção" initial={item.section ? { ...item.section, stock: item.stock } : null} disabled={!editable} />
          <Controller
            name="holder_user_id"
            control={form.control}
            render={() => (
              <UserAutocomplete
                label="Responsável (usuário)"
                value={holder}
                onChange={(u2) => {
                  setHolder(u2);
                  form.setValue('holder_user_id' as never, (u2?.id ?? null) as never, { shouldDirty: true });
                  if (u2) form.setValue('section_id' as never, null as never, { shouldDirty: true });
                }}
                helperText="Com responsável, o item sai da seção"
              />
            )}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText name="reason" label="Motivo da mudança de local, responsável ou situação" fullWidth helperText="Registrado na movimentação" />
          </Box>
        </Box>
      </Section>
      <AcquisitionFields />
    </ResourceForm>
  );
}

export function PatrimonyCreatePage() {
  const [params, setParams] = useSearchParams();
  const mode = params.get('modo') === 'lote' ? 'lote' : 'um';
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle title="Novo patrimônio" subtitle="Cadastre um item ou vários itens do mesmo produto de uma vez" />
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={mode}
        onChange={(_e, v: string | null) => v && setParams(v === 'lote' ? { modo: 'lote' } : {}, { replace: true })}
        aria-label="Modo de cadastro"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="um">Um item</ToggleButton>
        <ToggleButton value="lote">Vários itens (em lote)</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'lote' ? <BulkForm key="lote" /> : <SingleForm key="um" />}
    </Box>
  );
}

/** The network asset that is this item (the asset and patrimony pages link each other); nothing for users without NETWORK_ASSET. */
function LinkedAsset({ itemId }: { itemId: number }) {
  const { can } = useCan();
  const allowed = can(readPermissionsOf('NETWORK_ASSET'));
  const q = useQuery({
    queryKey: ['network_asset', 'patrimony', itemId],
    queryFn: async () => (await api.get<{ items: { id: number; hostname: string; serial: string | null }[] }>('/asset', { params: { patrimony: itemId }, silent: true })).data.items[0] ?? null,
    enabled: allowed,
  });
  if (!q.data) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Este item é o ativo de rede{' '}
      <Link component={RouterLink} to={`/asset/edit/${q.data.id}`}>
        {q.data.hostname}
      </Link>
      .
    </Alert>
  );
}

export function PatrimonyEditPage() {
  const { id } = useParams();
  const itemId = Number(id);
  const { can } = useCan();
  const q = useQuery({ queryKey: whKeys.patrimony(itemId), queryFn: () => getPatrimony(itemId) });
  const p = q.data;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle
        title={p ? `Patrimônio ${p.tag}` : 'Editar patrimônio'}
        subtitle={p ? [p.product?.name, p.serial ? `série ${p.serial}` : null, p.acquisition_value ? formatBRL(p.acquisition_value) : null].filter(Boolean).join(' · ') : undefined}
        actions={p && <PatrimonyStatusChip status={p.status} />}
      />
      <RecordFrame loading={q.isLoading} missing={!p} what="Patrimônio" backTo="/patrimony">
        {p && (
          <>
            <LinkedAsset itemId={p.id} />
            {p.holder && (
              <Alert severity="info" sx={{ mb: 2 }}>
                Com {p.holder.name} ({p.holder.username}){p.holder_confirmed_at ? ` · recebimento confirmado em ${formatDateTime(p.holder_confirmed_at)}` : ' · recebimento ainda não confirmado'}
              </Alert>
            )}
            <PageTabs
              ariaLabel="Seções do patrimônio"
              tabs={[
                { value: 'dados', label: 'Dados', content: <EditForm key={`${p.id}-${p.updated_at}`} item={p} /> },
                { value: 'reservas', label: 'Reservas', content: <UpcomingReservations patrimonyId={p.id} /> },
                {
                  value: 'movimentacoes',
                  label: 'Movimentações',
                  content: <MovementsPanel resource={`/movements?item=${p.id}`} />,
                  hidden: !can(readPermissionsOf('PATRIMONY_HISTORY').concat(readPermissionsOf('WAREHOUSE'))),
                },
                { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="patrimony" entityId={p.id} /> },
              ]}
            />
          </>
        )}
      </RecordFrame>
    </Box>
  );
}
