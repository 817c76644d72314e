/**
 * /receiving/:hash (public, no login): the recipient checks each item (received, missing,
 * damaged), types their name, may sign, and confirms; the page then shows the receipt with its
 * PDF. A second visit shows the receipt read-only. An unknown, cancelled or expired link shows a
 * clear message and no data. Built for phones: one column, big touch targets.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  FormHelperText,
  Paper,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  RECEIVING_ITEM_STATUS_LABELS,
  RECEIVING_ITEM_STATUSES,
  receivingConfirm,
  SHIPMENT_STATUS_LABELS,
  type ReceivingItemStatus,
} from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isAxiosError } from '../../core/api';
import { violationsOf } from '../../core/errors';
import { formatDateTime } from '../../core/format';
import { confirmAction } from '../../core/toast';
import { confirmReceiving, getReceiving, logisticsKeys, receiptUrl, type ReceivingView } from './api';
import { formatQuantity, statusCount } from './format';
import { ItemStatusChip } from './StatusChip';
import { SignaturePad } from '../../core/SignaturePad';
import { apiMessageOf, LinkProblem, type LinkProblemTexts, SignerNameField, usePageTitle } from '../../core/publicLink';

type Item = ReceivingView['items'][number];
type Answer = { status: ReceivingItemStatus | null; comment: string };

/** The receiving link's own words when it does not open. */
const RECEIVING_LINK_TEXTS: LinkProblemTexts = {
  titles: { expired: 'Link expirado', invalid: 'Link de recebimento inválido', offline: 'Não foi possível abrir o recebimento' },
  fallback: { expired: 'Este link de recebimento expirou.', invalid: 'Link de recebimento inválido ou cancelado.' },
  advice: { expired: 'Peça ao remetente que envie um novo link.', invalid: 'Confira se o endereço foi copiado por inteiro. Se o envio foi cancelado, fale com o remetente.' },
};

function ShipmentHeader({ v }: { v: ReceivingView }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {v.organization}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, lineHeight: 1.25 }}>
        {v.status === 'confirmado' ? 'Recebimento confirmado' : 'Confirme o recebimento'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Envio #{v.shipment_id} para {v.recipient_name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[v.carrier, v.tracking_code ? `rastreio ${v.tracking_code}` : null, v.dispatched_at ? `despachado em ${formatDateTime(v.dispatched_at)}` : null]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Box>
  );
}

function ItemHead({ item }: { item: Item }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.tag ?? item.description}</Typography>
      {item.tag && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {item.description}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {[item.serial ? `Série ${item.serial}` : null, `Quantidade ${formatQuantity(item.quantity, item.unit_of_measure)}`].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

function Receipt({ v, hash }: { v: ReceivingView; hash: string }) {
  usePageTitle('Recebimento confirmado');
  const r = v.receipt!;
  return (
    <>
      <Alert severity={r.shipment_status === 'recebido' ? 'success' : 'warning'} icon={<CheckCircleIcon />} sx={{ mb: 2 }}>
        {r.shipment_status === 'recebido' ? 'Todos os itens foram recebidos.' : `${SHIPMENT_STATUS_LABELS[r.shipment_status]}: há itens faltando ou danificados.`}
      </Alert>
      <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', rowGap: 0.75 }}>
        {(
          [
            ['Recebido por', r.name],
            ['Em', formatDateTime(r.received_at)],
            ['Comentário', r.comment],
            ['Assinatura', r.has_signature ? 'Registrada' : null],
          ] as const
        )
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
      <Box component="ul" aria-label="Itens recebidos" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {v.items.map((i) => (
          <Paper key={i.id} component="li" variant="outlined" sx={{ p: 1.25 }} aria-label={i.tag ?? i.description} data-received={i.received_status}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <ItemHead item={i} />
              <ItemStatusChip status={i.received_status} />
            </Box>
            {i.comment && (
              <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                “{i.comment}”
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
      <Button
        component="a"
        href={receiptUrl(hash)}
        download={`comprovante-envio-${v.shipment_id}.pdf`}
        variant="contained"
        size="large"
        fullWidth
        startIcon={<DownloadIcon />}
        sx={{ mt: 3 }}
      >
        Baixar comprovante (PDF)
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, textAlign: 'center' }}>
        Guarde este endereço: ele mostra o comprovante sempre que for aberto.
      </Typography>
    </>
  );
}

/** The items still to mark ("Marque a situação de 1 item / 2 itens"), or that all are marked. */
function unansweredText(left: number, total: number): string {
  if (left === 0) return total === 1 ? 'Item marcado.' : `Todos os ${total} itens marcados.`;
  return `Marque a situação de ${left === 1 ? '1 item' : `${left} itens`}.`;
}

function ConfirmForm({ v, hash, onDone }: { v: ReceivingView; hash: string; onDone: (r: ReceivingView) => void }) {
  usePageTitle('Confirme o recebimento');
  const qc = useQueryClient();
  const [answers, setAnswers] = useState<Record<number, Answer>>(() => Object.fromEntries(v.items.map((i) => [i.id, { status: null, comment: '' }])));
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; form?: string[] }>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (id: number, a: Partial<Answer>) => setAnswers((prev) => ({ ...prev, [id]: { ...prev[id], ...a } }));
  const unanswered = v.items.filter((i) => !answers[i.id]?.status);

  const submit = async () => {
    setTried(true);
    const body = {
      name: name.trim(),
      comment: comment.trim() || undefined,
      signature: signature ?? undefined,
      items: v.items.map((i) => ({ id: i.id, status: answers[i.id].status as ReceivingItemStatus, comment: answers[i.id].comment.trim() || undefined })),
    };
    const next: typeof errors = {};
    const parsed = receivingConfirm.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'name') next.name ??= issue.message;
        else if (issue.path[0] !== 'items') (next.form ??= []).push(issue.message);
      }
    }
    setErrors(next);
    if (next.name || unanswered.length || next.form) {
      document.querySelector<HTMLElement>('[data-invalid="true"], #receiver-name[aria-invalid="true"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const count = (st: ReceivingItemStatus) => body.items.filter((i) => i.status === st).length;
    const summary = RECEIVING_ITEM_STATUSES.filter((st) => count(st) > 0)
      .map((st) => statusCount(st, count(st)))
      .join(', ');
    const ok = await confirmAction({
      title: 'Confirmar o recebimento?',
      text: `${summary}. Depois de confirmado, o recebimento não pode ser alterado.`,
      confirmText: 'Confirmar',
      danger: false,
    });
    if (!ok) return;
    setBusy(true);
    try {
      onDone(await confirmReceiving(hash, parsed.data));
    } catch (e) {
      const status = isAxiosError(e) ? e.response?.status : undefined;
      if (status === 409 || status === 404 || status === 410) {
        // Confirmed meanwhile (another device), cancelled or expired: show what the link shows now.
        await qc.invalidateQueries({ queryKey: logisticsKeys.receiving(hash) });
        return;
      }
      const vs = isAxiosError(e) ? violationsOf(e.response?.data) : [];
      const nameViolation = vs.find((x) => x.propertyPath === 'name');
      setErrors({
        name: nameViolation?.message,
        form: vs.length ? vs.filter((x) => x !== nameViolation).map((x) => x.message) : [apiMessageOf(e) ?? 'Não foi possível confirmar agora. Verifique sua conexão e tente de novo.'],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate aria-label="Confirmação de recebimento" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        Confira cada item e marque se chegou, se está faltando ou se chegou danificado.
        {v.expires_at ? ` Este link vale até ${formatDateTime(v.expires_at)} e pode ser usado uma única vez.` : ''}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button size="small" onClick={() => v.items.forEach((i) => set(i.id, { status: 'recebido' }))}>
          Marcar todos como recebidos
        </Button>
      </Box>
      <Box component="ul" aria-label="Itens do envio" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        {v.items.map((i) => {
          const a = answers[i.id];
          const invalid = tried && !a.status;
          return (
            <Paper
              key={i.id}
              component="li"
              variant="outlined"
              aria-label={i.tag ?? i.description}
              data-invalid={invalid ? 'true' : 'false'}
              sx={{ p: 1.25, borderColor: invalid ? 'error.main' : undefined }}
            >
              <ItemHead item={i} />
              <ToggleButtonGroup
                exclusive
                fullWidth
                size="small"
                color={a.status === 'recebido' ? 'success' : a.status === 'faltando' ? 'error' : 'warning'}
                value={a.status}
                onChange={(_e, st: ReceivingItemStatus | null) => st && set(i.id, { status: st })}
                aria-label={`Situação de ${i.tag ?? i.description}`}
                sx={{ mt: 1, '& .MuiToggleButton-root': { minHeight: 44, fontSize: 13, px: 0.5 } }}
              >
                {RECEIVING_ITEM_STATUSES.map((st) => (
                  <ToggleButton key={st} value={st}>
                    {RECEIVING_ITEM_STATUS_LABELS[st]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {invalid && <FormHelperText error>Marque a situação deste item</FormHelperText>}
              {a.status && a.status !== 'recebido' && (
                <TextField
                  label="Comentário do item"
                  placeholder={a.status === 'faltando' ? 'Ex.: caixa 2 não chegou' : 'Ex.: carcaça amassada'}
                  size="small"
                  fullWidth
                  multiline
                  value={a.comment}
                  onChange={(e) => set(i.id, { comment: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                  sx={{ mt: 1 }}
                />
              )}
            </Paper>
          );
        })}
      </Box>
      {/* Follows the marks as they are made (not frozen at the failed submit). */}
      {tried && (
        <FormHelperText error={unanswered.length > 0} sx={{ mt: 1 }} role="status" data-testid="receiving-items-status">
          {unansweredText(unanswered.length, v.items.length)}
        </FormHelperText>
      )}
      <Divider sx={{ my: 2.5 }} />
      <SignerNameField
        id="receiver-name"
        value={name}
        onChange={(v) => {
          setName(v);
          if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
        }}
        error={errors.name}
        hint="Quem está recebendo os itens"
      />
      <TextField
        label="Comentário geral (opcional)"
        fullWidth
        multiline
        minRows={2}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        sx={{ mt: 2 }}
      />
      <Box sx={{ mt: 2 }}>
        <SignaturePad onChange={setSignature} disabled={busy} />
      </Box>
      {errors.form && errors.form.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.form.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 3, minHeight: 48 }}>
        Confirmar recebimento
      </Button>
    </Box>
  );
}

export default function ReceivingPage() {
  const { hash = '' } = useParams();
  return (
    <Box>
      <Typography variant="overline" component="h1" color="text.secondary" sx={{ display: 'block', textAlign: 'center', lineHeight: 1.5, mb: 1 }}>
        Recebimento de envio
      </Typography>
      <ReceivingContent hash={hash} />
    </Box>
  );
}

function ReceivingContent({ hash }: { hash: string }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: logisticsKeys.receiving(hash), queryFn: () => getReceiving(hash), retry: false, staleTime: Infinity });
  if (q.isLoading)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, p: 3 }}>
        <CircularProgress aria-label="Carregando" />
        <Typography color="text.secondary">Carregando o envio…</Typography>
      </Box>
    );
  if (q.isError || !q.data) return <LinkProblem error={q.error} onRetry={() => void q.refetch()} texts={RECEIVING_LINK_TEXTS} />;
  const v = q.data;
  return (
    <Box>
      <ShipmentHeader v={v} />
      {v.status === 'confirmado' && v.receipt ? (
        <Receipt v={v} hash={hash} />
      ) : (
        <ConfirmForm v={v} hash={hash} onDone={(r) => qc.setQueryData(logisticsKeys.receiving(hash), r)} />
      )}
    </Box>
  );
}
