/**
 * /shipment/edit/:id: transport data (carrier from the organization's logistic settings, tracking,
 * invoice, volumes, weight, expected date, notes), dispatch (e-mails the receiving link), cancel
 * (items go back), the packing list PDF, the status timeline, the items as received and the
 * receiver's confirmation, and the Histórico tab.
 */
import CancelIcon from '@mui/icons-material/Cancel';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { RECEIVING_ITEM_STATUSES, SHIPMENT_DESTINATION_LABELS, shipmentUpdate } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { RecordNotFound, RecordSkeleton } from '../../core/RecordPage';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { blanksToNull } from '../../core/schema-helpers';
import { confirmAction, toast } from '../../core/toast';
import { cancelShipment, dispatchShipment, fetchCarriers, getShipment, logisticsKeys, SHIPMENT_PATH, SOLICITATION_PATH, type ShipmentRead, updateShipment } from './api';
import { destinationText, formatDay, statusCount } from './format';
import { ItemsList } from './ItemsList';
import { openPackingList } from './packing-list';
import { ShipmentStatusChip } from './StatusChip';
import { ShipmentTimeline } from './ShipmentTimeline';
import { FormNumber, FormSelect, ReasonDialog } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { RevisionHistory } from '../../core/history';
import { Details, Section } from '../../core/Section';

const formSchema = shipmentUpdate.extend({
  ...blanksToNull(shipmentUpdate.shape, ['carrier', 'tracking_code', 'invoice_number', 'notes', 'expected_date']),
  volumes: z.preprocess((v) => (v === undefined || v === '' ? null : v), z.number({ message: 'Informe um número' }).int('Informe um número inteiro').min(1, 'Ao menos 1 volume').max(10_000).nullable()),
  weight_kg: z.preprocess((v) => (v === undefined || v === '' ? null : v), z.number({ message: 'Informe um número' }).min(0, 'O peso não pode ser negativo').max(100_000).nullable()),
});

function TransportForm({ s, dirtyRef }: { s: ShipmentRead; dirtyRef: RefObject<boolean> }) {
  const qc = useQueryClient();
  const carriers = useQuery({ queryKey: logisticsKeys.carriers, queryFn: fetchCarriers, staleTime: 5 * 60_000 });
  const form = useSchemaForm(formSchema, {
    carrier: s.carrier ?? '',
    tracking_code: s.tracking_code ?? '',
    invoice_number: s.invoice_number ?? '',
    volumes: s.volumes ?? undefined,
    weight_kg: s.weight_kg ?? undefined,
    expected_date: s.expected_date ?? null,
    notes: s.notes ?? '',
  } as never);
  const dirty = form.formState.isDirty;
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty, dirtyRef]);
  const options = [...(carriers.data ?? [])];
  if (s.carrier && !options.includes(s.carrier)) options.push(s.carrier);

  return (
    <ResourceForm
      form={form as never}
      ariaLabel="Dados do transporte"
      submitLabel="Salvar transporte"
      onSubmit={(values: Record<string, unknown>) => updateShipment(s.id, values)}
      onSuccess={(saved) => {
        toast.success('Envio atualizado!');
        qc.setQueryData(logisticsKeys.shipment(s.id), saved);
        void qc.invalidateQueries({ queryKey: listKey(SHIPMENT_PATH) });
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FormSelect
          name="carrier"
          label="Transportadora"
          emptyLabel="Não informada"
          helperText="Cadastradas nas configurações de logística da organização"
          disabled={carriers.isLoading}
          options={options.map((c) => ({ value: c, label: c }))}
        />
        <FormText name="tracking_code" label="Código de rastreio" autoComplete="off" />
        <FormText name="invoice_number" label="Nota fiscal" autoComplete="off" />
        <FormDate name="expected_date" label="Previsão de entrega" />
        <FormText name="volumes" label="Volumes" type="number" />
        <FormNumber name="weight_kg" label="Peso (kg)" />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <FormText name="notes" label="Observações" multiline minRows={2} fullWidth />
        </Box>
      </Box>
    </ResourceForm>
  );
}

function ReceiptSection({ s }: { s: ShipmentRead }) {
  const counts = RECEIVING_ITEM_STATUSES.map((st) => [st, s.items.filter((i) => i.received_status === st).length] as const).filter(([, n]) => n > 0);
  return (
    <Section title="Confirmação de recebimento">
      {s.status === 'recebido_com_divergencia' && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          Recebido com divergência: confira os itens marcados como faltando ou danificados.
        </Alert>
      )}
      <Details
        rows={[
          ['Recebido por', s.receiver_name],
          ['Em', formatDateTime(s.received_at)],
          ['Itens', counts.map(([st, n]) => statusCount(st, n)).join(' · ')],
          ['Comentário do recebedor', s.receiver_comment],
        ]}
      />
    </Section>
  );
}

export default function ShipmentPage() {
  const { id } = useParams();
  const sid = Number(id);
  const qc = useQueryClient();
  const { can } = useCan();
  const canWrite = can(['ASSET_SHIPMENT']);
  const q = useQuery({ queryKey: logisticsKeys.shipment(sid), queryFn: () => getShipment(sid), enabled: Number.isInteger(sid) && sid > 0 });
  const s = q.data ?? null;
  const dirtyRef = useRef(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [dispatching, setDispatching] = useState(false);
  const open = !!s && (s.status === 'preparando' || s.status === 'enviado');

  const apply = (r: ShipmentRead) => {
    qc.setQueryData(logisticsKeys.shipment(r.id), r);
    void qc.invalidateQueries({ queryKey: listKey(SHIPMENT_PATH) });
    if (r.solicitation_id) void qc.invalidateQueries({ queryKey: logisticsKeys.solicitation(r.solicitation_id) });
  };

  const dispatch = async () => {
    if (!s) return;
    if (dirtyRef.current) {
      toast.warning('Salve os dados do transporte antes de despachar.');
      return;
    }
    const ok = await confirmAction({
      title: `Despachar o envio #${s.id}?`,
      text: `Os itens passam a "em trânsito" e ${s.recipient_email} recebe por e-mail o link para confirmar o recebimento.${s.carrier ? '' : ' A transportadora não foi informada.'}`,
      confirmText: 'Despachar',
      danger: false,
    });
    if (!ok) return;
    setDispatching(true);
    try {
      apply(await dispatchShipment(s.id));
      toast.success('Envio despachado! O destinatário recebeu o link por e-mail.');
    } catch {
      /* toasted */
    } finally {
      setDispatching(false);
    }
  };

  const expired = s?.status === 'enviado' && s.receiving_expires_at && new Date(s.receiving_expires_at) < new Date();

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle
        title={`Envio #${Number.isFinite(sid) ? sid : ''}`}
        subtitle={s ? `${s.recipient_name} · ${destinationText(s)}` : undefined}
        actions={s && <ShipmentStatusChip status={s.status} size="medium" />}
      />
      {q.isLoading ? (
        <RecordSkeleton />
      ) : !s ? (
        <RecordNotFound what="Envio" backTo="/shipment" />
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {canWrite && s.status === 'preparando' && (
              <Button variant="contained" startIcon={<SendIcon />} onClick={() => void dispatch()} loading={dispatching}>
                Despachar
              </Button>
            )}
            <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => void openPackingList(s.id)}>
              Romaneio (PDF)
            </Button>
            {canWrite && open && (
              <Button
                color="error"
                startIcon={<CancelIcon />}
                onClick={() => {
                  if (dirtyRef.current) toast.warning('Salve ou descarte as alterações antes de cancelar.');
                  else setCancelOpen(true);
                }}
              >
                Cancelar envio
              </Button>
            )}
          </Stack>
          <PageTabs
            ariaLabel="Seções do envio"
            tabs={[
              {
                value: 'dados',
                label: 'Envio',
                content: (
                  <>
                    <Section title="Andamento">
                      <ShipmentTimeline shipment={s} />
                      {s.status === 'enviado' && s.receiving_expires_at && (
                        <Alert severity={expired ? 'warning' : 'info'} sx={{ mt: 2 }}>
                          {expired
                            ? `O link de recebimento expirou em ${formatDateTime(s.receiving_expires_at)}.`
                            : `Aguardando o destinatário confirmar o recebimento pelo link enviado a ${s.recipient_email} (válido até ${formatDateTime(s.receiving_expires_at)}).`}
                        </Alert>
                      )}
                    </Section>
                    {s.received_at && <ReceiptSection s={s} />}
                    <Section title={`Itens (${s.items.length})`}>
                      <ItemsList items={s.items} showReceived={!!s.received_at} ariaLabel="Itens do envio" />
                    </Section>
                    <Section title="Transporte">
                      {canWrite && open ? (
                        <TransportForm key={s.updated_at} s={s} dirtyRef={dirtyRef} />
                      ) : (
                        <Details
                          rows={[
                            ['Transportadora', s.carrier],
                            ['Código de rastreio', s.tracking_code],
                            ['Nota fiscal', s.invoice_number],
                            ['Previsão de entrega', formatDay(s.expected_date)],
                            ['Volumes', s.volumes],
                            ['Peso (kg)', s.weight_kg?.toLocaleString('pt-BR')],
                            ['Observações', s.notes],
                          ]}
                        />
                      )}
                    </Section>
                    <Section title="Origem e destino">
                      <Details
                        rows={[
                          ['Estoque de origem', s.origin_stock.name],
                          ['Enviar para', `${SHIPMENT_DESTINATION_LABELS[s.destination_type]}: ${destinationText(s)}`],
                          ['Seção de destino', s.destination_section?.name],
                          ['Destinatário', `${s.recipient_name} <${s.recipient_email}>`],
                          ['Usuário destinatário', s.recipient_user?.name],
                          [
                            'Solicitação',
                            s.solicitation_id ? (
                              <Link component={RouterLink} to={`${SOLICITATION_PATH}/edit/${s.solicitation_id}`}>
                                #{s.solicitation_id}
                              </Link>
                            ) : null,
                          ],
                        ]}
                      />
                    </Section>
                  </>
                ),
              },
              { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="shipment" entityId={s.id} /> },
            ]}
          />
          <ReasonDialog
            open={cancelOpen}
            title={`Cancelar o envio #${s.id}?`}
            text={
              s.status === 'enviado'
                ? 'Os itens voltam ao estoque de origem (com movimentações de devolução) e o link de recebimento deixa de funcionar. Esta ação não pode ser desfeita.'
                : 'As reservas dos itens são liberadas no estoque de origem. Esta ação não pode ser desfeita.'
            }
            label="Motivo do cancelamento"
            confirmText="Cancelar envio"
            onClose={() => setCancelOpen(false)}
            onConfirm={async (reason) => {
              apply(await cancelShipment(s.id, reason || undefined));
              toast.success('Envio cancelado!');
            }}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Atualizado em {formatDateTime(s.updated_at)}
          </Typography>
        </>
      )}
    </Box>
  );
}
