/**
 * /shipment-solicitation/create and /shipment-solicitation/edit/:id: origin stock, destination
 * (unit, address or person), recipient, items and justification. A pending request can be edited,
 * approved (it becomes a shipment), refused with a reason or cancelled; any other is read-only.
 */
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { SHIPMENT_DESTINATION_LABELS, SHIPMENT_DESTINATION_TYPES, type SectionRead, type ShipmentDestinationType, type UserRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api } from '../../core/api';
import { FormCity } from '../../core/CityAutocomplete';
import { formatDateTime } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { RecordNotFound, RecordSkeleton } from '../../core/RecordPage';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { UserAutocomplete, type UserOption } from '../../core/UserAutocomplete';
import {
  createSolicitation,
  deleteSolicitation,
  fetchStocks,
  getSolicitation,
  logisticsKeys,
  SOLICITATION_PATH,
  type SolicitationRead,
  updateSolicitation,
} from './api';
import { destinationText, formatDay } from './format';
import { ItemsEditor } from './ItemsEditor';
import { ItemsList } from './ItemsList';
import { defaultsOf, solicitationFormSchema } from './solicitation-form';
import { SolicitationStatusChip } from './StatusChip';
import { useSolicitationSteps } from './useSolicitationSteps';
import { RevisionHistory } from '../../core/history';
import { AsyncPicker, FormSelect } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { Details, Section } from '../../core/Section';
import { fetchUnitOptions } from '../unit-organizational';

type SectionOption = Pick<SectionRead, 'id' | 'name'> & { stock?: SectionRead['stock'] };
const sectionLabel = (s: SectionOption) => (s.stock ? `${s.stock.name} › ${s.name}` : s.name);
const searchSections = async (term: string) =>
  (await api.get<{ items: SectionRead[] }>('/section', { params: { search: term || undefined, pageSize: 30, sort: 'name', isActive: 'true' } })).data.items;

function SolicitationForm({ s, dirtyRef }: { s: SolicitationRead | null; dirtyRef?: RefObject<boolean> }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useCan();
  const canPickUser = can(['USER', 'USER.INDEX']);
  const form = useSchemaForm(solicitationFormSchema, defaultsOf(s));
  const { control, setValue, getValues } = form;
  const destType = useWatch({ control, name: 'destination_type' });
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (dirtyRef) dirtyRef.current = dirty;
  }, [dirty, dirtyRef]);
  const stocks = useQuery({ queryKey: logisticsKeys.stocks, queryFn: fetchStocks, staleTime: 60_000 });
  const units = useQuery({ queryKey: logisticsKeys.units, queryFn: fetchUnitOptions, staleTime: 60_000, enabled: destType === 'unidade' });
  const [section, setSection] = useState<SectionOption | null>(s?.destination_section ?? null);
  const [recipientUser, setRecipientUser] = useState<UserOption | null>(
    s?.recipient_user ? { id: s.recipient_user.id, username: s.recipient_user.username, picture: null, person: { full_name: s.recipient_user.name } } : null,
  );

  const changeOrigin = async (id: number) => {
    const n = getValues('items').length;
    if (n > 0 && id !== getValues('origin_stock_id')) {
      const ok = await confirmAction({
        title: 'Trocar o estoque de origem?',
        text: `Os ${n === 1 ? 'item incluído será removido' : `${n} itens incluídos serão removidos`}: os itens precisam estar no estoque de origem.`,
        confirmText: 'Trocar',
      });
      if (!ok) return;
      setValue('items', [], { shouldDirty: true });
    }
    setValue('origin_stock_id', id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  return (
    <ResourceForm
      form={form as never}
      ariaLabel={s ? 'Editar solicitação de envio' : 'Nova solicitação de envio'}
      submitLabel={s ? 'Salvar alterações' : 'Enviar solicitação'}
      cancelTo={SOLICITATION_PATH}
      onSubmit={async (body: unknown) => (s ? updateSolicitation(s.id, body) : createSolicitation(body))}
      onSuccess={(saved) => {
        const r = saved as SolicitationRead;
        toast.success(s ? 'Solicitação atualizada!' : `Solicitação #${r.id} criada!`);
        qc.setQueryData(logisticsKeys.solicitation(r.id), r);
        void qc.invalidateQueries({ queryKey: listKey(SOLICITATION_PATH) });
        if (!s) navigate(`/shipment-solicitation/edit/${r.id}`, { replace: true });
        else form.reset(defaultsOf(r));
      }}
    >
      <Section title="Origem">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormSelect
            name="origin_stock_id"
            label="Estoque de origem"
            required
            helperText={stocks.isError ? 'Não foi possível carregar os estoques' : stocks.data?.length === 0 ? 'Nenhum estoque ativo cadastrado' : 'De onde os itens saem'}
            disabled={stocks.isLoading}
            options={(stocks.data ?? []).map((st) => ({ value: st.id, label: `${st.name} (${st.code})` }))}
            choose={(id) => void changeOrigin(Number(id))}
          />
          <FormDate name="wanted_date" label="Data desejada de entrega" helperText="Opcional" disablePast={!s} />
        </Box>
      </Section>

      <Section title="Destino">
        <Controller
          control={control}
          name="destination_type"
          render={({ field }) => (
            <FormControl sx={{ mb: 2 }}>
              <FormLabel id="destination-type-label">Enviar para</FormLabel>
              <RadioGroup row aria-labelledby="destination-type-label" name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value as ShipmentDestinationType)}>
                {SHIPMENT_DESTINATION_TYPES.map((t) => (
                  <FormControlLabel key={t} value={t} control={<Radio />} label={SHIPMENT_DESTINATION_LABELS[t]} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {destType === 'unidade' && (
            <FormSelect
              name="destination_unit_id"
              label="Unidade de destino"
              required
              disabled={units.isLoading}
              options={(units.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.code})` }))}
            />
          )}
          {destType !== 'unidade' && (
            <>
              <FormText name="destination_address" label="Endereço de entrega" required={destType === 'endereco'} placeholder="Rua, número, complemento, bairro" />
              <FormCity name="destination_city_id" initialCity={s?.destination_city ?? null} />
            </>
          )}
          <Controller
            control={control}
            name="destination_section_id"
            render={({ fieldState }) => (
              <AsyncPicker<SectionOption>
                queryKey={['logistics', 'sections-search']}
                fetch={searchSections}
                value={section}
                onChange={(v) => {
                  setSection(v);
                  setValue('destination_section_id', v?.id ?? null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                }}
                getLabel={sectionLabel}
                label="Seção de destino (entrada no estoque)"
                name="destination_section_id"
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'Onde os itens recebidos entram. Itens de patrimônio precisam desta seção ou de um usuário destinatário.'}
                noOptionsText="Nenhuma seção encontrada"
              />
            )}
          />
        </Box>
      </Section>

      <Section title="Destinatário">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {canPickUser && (
            <Controller
              control={control}
              name="recipient_user_id"
              render={({ fieldState }) => (
                <Box sx={{ gridColumn: { md: '1 / -1' } }}>
                  <UserAutocomplete
                    label="Usuário destinatário"
                    value={recipientUser}
                    onlyActive
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? 'Se o destinatário for um usuário, os itens recebidos sem seção ficam sob a guarda dele.'}
                    onChange={(u) => {
                      setRecipientUser(u);
                      setValue('recipient_user_id', u?.id ?? null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                      if (u) {
                        const full = u as UserOption & Partial<Pick<UserRead, 'email'>>;
                        setValue('recipient_name', full.person?.full_name || u.username, { shouldDirty: true, shouldValidate: true });
                        if (full.email) setValue('recipient_email', full.email, { shouldDirty: true, shouldValidate: true });
                      }
                    }}
                  />
                </Box>
              )}
            />
          )}
          <FormText name="recipient_name" label="Nome do destinatário" required autoComplete="off" />
          <FormText name="recipient_email" label="E-mail do destinatário" type="email" required helperText="Recebe o link para confirmar o recebimento" />
        </Box>
      </Section>

      <Section title="Itens">
        <ItemsEditor />
      </Section>

      <Section title="Justificativa">
        <FormText name="justification" label="Por que enviar estes itens?" required multiline minRows={3} fullWidth />
      </Section>
    </ResourceForm>
  );
}

function SolicitationSummary({ s }: { s: SolicitationRead }) {
  return (
    <>
      {s.status === 'recusada' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Recusada por {s.decided_by?.name ?? '—'} em {formatDateTime(s.decided_at)}. Motivo: {s.refusal_reason}
        </Alert>
      )}
      {s.status === 'cancelada' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Solicitação cancelada{s.refusal_reason ? `. Motivo: ${s.refusal_reason}` : '.'}
        </Alert>
      )}
      {s.status === 'aprovada' && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            s.shipment_id ? (
              <Button component={RouterLink} to={`/shipment/edit/${s.shipment_id}`} color="inherit" size="small" startIcon={<LocalShippingIcon />}>
                Ver envio #{s.shipment_id}
              </Button>
            ) : undefined
          }
        >
          Aprovada por {s.decided_by?.name ?? '—'} em {formatDateTime(s.decided_at)}.
        </Alert>
      )}
      <Section title="Solicitação">
        <Details
          rows={[
            ['Estoque de origem', s.origin_stock.name],
            ['Data desejada', formatDay(s.wanted_date)],
            ['Enviar para', `${SHIPMENT_DESTINATION_LABELS[s.destination_type]}: ${destinationText(s)}`],
            ['Seção de destino', s.destination_section?.name],
            ['Destinatário', `${s.recipient_name} <${s.recipient_email}>`],
            ['Usuário destinatário', s.recipient_user?.name],
            ['Solicitante', s.requester?.name],
            ['Criada em', formatDateTime(s.created_at)],
            ['Justificativa', s.justification],
          ]}
        />
      </Section>
      <Section title={`Itens (${s.items.length})`}>
        <ItemsList items={s.items} ariaLabel="Itens da solicitação" />
      </Section>
    </>
  );
}

export default function SolicitationFormPage() {
  const { id } = useParams();
  const sid = id ? Number(id) : null;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useCan();
  const canWrite = can(['ASSET_SHIPMENT']);
  const steps = useSolicitationSteps();
  const q = useQuery({ queryKey: logisticsKeys.solicitation(sid ?? 0), queryFn: () => getSolicitation(sid!), enabled: !!sid });
  const s = q.data ?? null;
  const editable = !!s && s.status === 'pendente' && canWrite;
  const dirtyRef = useRef(false);
  /** A step acts on the saved request: unsaved edits must be saved (or discarded) first. */
  const saved = (step: () => void) => () => {
    if (dirtyRef.current) {
      toast.warning('Salve as alterações antes de continuar.');
      return;
    }
    step();
  };

  const remove = async () => {
    if (!s) return;
    const ok = await confirmAction({ title: `Excluir a solicitação #${s.id}?`, text: 'Ela será apagada. Esta ação não pode ser desfeita.', confirmText: 'Excluir' });
    if (!ok) return;
    try {
      await deleteSolicitation(s.id);
      toast.success('Solicitação excluída!');
      void qc.invalidateQueries({ queryKey: listKey(SOLICITATION_PATH) });
      navigate(SOLICITATION_PATH);
    } catch {
      /* toasted */
    }
  };

  const actions = editable && (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} onClick={saved(() => void steps.approve(s))}>
        Aprovar
      </Button>
      <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={saved(() => steps.refuse(s))}>
        Recusar
      </Button>
      <Button color="inherit" startIcon={<CancelIcon />} onClick={saved(() => steps.cancel(s))}>
        Cancelar solicitação
      </Button>
      <Button color="inherit" startIcon={<DeleteIcon />} onClick={() => void remove()}>
        Excluir
      </Button>
    </Stack>
  );

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle
        title={sid ? `Solicitação de envio #${sid}` : 'Nova solicitação de envio'}
        subtitle={s ? `${s.recipient_name} · ${destinationText(s)}` : sid ? undefined : 'Peça o envio de itens do almoxarifado'}
        actions={s && <SolicitationStatusChip status={s.status} size="medium" />}
      />
      {sid && q.isLoading ? (
        <RecordSkeleton />
      ) : sid && !s ? (
        <RecordNotFound what="Solicitação de envio" gender="f" backTo="/shipment-solicitation" />
      ) : !sid && !canWrite ? (
        <Alert severity="warning">Você não tem permissão para solicitar envios.</Alert>
      ) : s ? (
        <PageTabs
          ariaLabel="Seções da solicitação"
          tabs={[
            {
              value: 'dados',
              label: 'Dados',
              content: editable ? (
                <>
                  <Box sx={{ mb: 2 }}>{actions}</Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    Aguardando aprovação: a solicitação ainda pode ser alterada. Aprovar cria o envio e reserva os itens.
                  </Typography>
                  <SolicitationForm key={`${s.id}-${s.updated_at}`} s={s} dirtyRef={dirtyRef} />
                </>
              ) : (
                <SolicitationSummary s={s} />
              ),
            },
            { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="shipment_solicitation" entityId={s.id} /> },
          ]}
        />
      ) : (
        <SolicitationForm key="new" s={null} />
      )}
      {steps.dialogs}
    </Box>
  );
}
