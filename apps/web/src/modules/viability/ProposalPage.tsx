/**
 * /viability/unit/viewer/:hash (public, no login): the proposal as the client sees it — the
 * organization, the client, the address on a small map, the service, the plan, the monthly fee, the
 * installation fee, the contract term and total ("sujeito a visada" on a radio link before the survey),
 * the validity and the PDF — and "Aceitar proposta" / "Recusar" with the client's name. An
 * `inviavel` unit goes to the "cannot" page. Never a cost or a margin (the API sends none).
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, AlertTitle, Box, Button, CircularProgress, Divider, TextField, Typography } from '@mui/material';
import { CLIENT_DECISION_LABELS, DEFAULT_MAP_TILE_URL, proposalDecisionBody, VIABILITY_MEDIUM_LABELS, VIABILITY_SERVICE_LABELS } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { isAxiosError } from '../../core/api';
import { violationsOf } from '../../core/errors';
import { formatBRL, formatDateTime } from '../../core/format';
import { confirmAction } from '../../core/toast';
import { decideProposal, proposalPdfUrl, viabilityKeys, type ProposalView } from './api';
import { dayLabel, formatBandwidth } from './format';
import { OrganizationHeader, ProposalFrame } from './ProposalParts';
import { apiMessageOf, SignerNameField, usePageTitle } from '../../core/publicLink';

const UnitMap = lazy(() => import('./UnitMap'));

type Kind = 'accept' | 'decline';

function Answer({ v, hash, onDone }: { v: ProposalView; hash: string; onDone: (v: ProposalView) => void }) {
  const qc = useQueryClient();
  const [kind, setKind] = useState<Kind | null>(null);
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ name?: string; comment?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  if (!kind)
    return (
      <Box sx={{ display: 'grid', gap: 1.25, mt: 2 }}>
        <Button variant="contained" color="success" size="large" fullWidth sx={{ minHeight: 48 }} onClick={() => setKind('accept')}>
          Aceitar proposta
        </Button>
        <Button variant="outlined" color="inherit" size="large" fullWidth sx={{ minHeight: 48 }} onClick={() => setKind('decline')}>
          Recusar
        </Button>
      </Box>
    );
  const accept = kind === 'accept';
  const submit = async () => {
    const parsed = proposalDecisionBody.safeParse({ name, comment: comment.trim() || undefined });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) {
        if (i.path[0] === 'name') next.name ??= i.message;
        else if (i.path[0] === 'comment') next.comment ??= i.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const ok = await confirmAction({
      title: accept ? 'Aceitar a proposta?' : 'Recusar a proposta?',
      text: accept
        ? `${parsed.data.name}, ao confirmar você aceita a proposta de ${formatBRL(v.installation_fee ?? v.price)} de instalação e ${formatBRL(v.monthly_fee ?? v.monthly_price)} por mês${v.contract_months ? ` por ${v.contract_months} ${v.contract_months === 1 ? 'mês' : 'meses'}` : ''}. A resposta não pode ser alterada.`
        : 'A resposta não pode ser alterada depois de enviada.',
      confirmText: accept ? 'Aceitar proposta' : 'Recusar proposta',
      danger: !accept,
    });
    if (!ok) return;
    setBusy(true);
    try {
      onDone(await decideProposal(hash, kind, parsed.data));
    } catch (e) {
      const status = isAxiosError(e) ? e.response?.status : undefined;
      if (status === 409 || status === 404 || status === 410) {
        // Answered meanwhile (another device), revoked or expired: show what the link shows now.
        await qc.invalidateQueries({ queryKey: viabilityKeys.proposal(hash) });
        return;
      }
      const vs = isAxiosError(e) ? violationsOf(e.response?.data) : [];
      setErrors({
        name: vs.find((x) => x.propertyPath === 'name')?.message,
        comment: vs.find((x) => x.propertyPath === 'comment')?.message,
        form: vs.length ? undefined : (apiMessageOf(e) ?? 'Não foi possível enviar a resposta. Verifique sua conexão e tente de novo.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate aria-label={accept ? 'Aceitar proposta' : 'Recusar proposta'} onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {accept ? 'Aceitar a proposta' : 'Recusar a proposta'}
      </Typography>
      <SignerNameField
        autoFocus
        value={name}
        onChange={(v) => {
          setName(v);
          if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
        }}
        error={errors.name}
        hint="Quem responde pela empresa"
      />
      <TextField
        label={accept ? 'Comentário (opcional)' : 'Motivo ou comentário (opcional)'}
        fullWidth
        multiline
        minRows={2}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={!!errors.comment}
        helperText={errors.comment}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        sx={{ mt: 2 }}
      />
      {errors.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.form}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" color={accept ? 'success' : 'error'} size="large" fullWidth loading={busy} sx={{ minHeight: 48 }}>
          {accept ? 'Confirmar aceite' : 'Confirmar recusa'}
        </Button>
        <Button color="inherit" fullWidth onClick={() => setKind(null)} disabled={busy}>
          Voltar
        </Button>
      </Box>
    </Box>
  );
}

/** The organization, then whom the proposal is for and its code: the top of every state of the page. */
function ProposalHeading({ v, hash }: { v: ProposalView; hash: string }) {
  return (
    <>
      <OrganizationHeader v={v} hash={hash} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, lineHeight: 1.25 }}>
        Proposta para {v.client_name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {v.viability_code} · {v.unit_name}
      </Typography>
    </>
  );
}

function Proposal({ v, hash }: { v: ProposalView; hash: string }) {
  const qc = useQueryClient();
  usePageTitle(`Proposta ${v.viability_code}`, v.organization.name);
  const d = v.decision;
  if (v.redoing || v.cancelled) {
    // The box's last port went to another client first, or the seller cancelled the study: no figures are promised.
    return (
      <Box>
        <ProposalHeading v={v} hash={hash} />
        {v.redoing ? (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="proposal-redoing">
            <AlertTitle>Estamos refazendo a proposta</AlertTitle>
            A porta da caixa de atendimento prevista para este endereço acabou de ser ocupada. {v.seller ? v.seller.name : 'Seu consultor'} enviará a proposta atualizada neste mesmo link.
          </Alert>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="proposal-cancelled">
            <AlertTitle>Proposta cancelada</AlertTitle>
            Esta proposta foi cancelada e não pode mais ser respondida. Fale com {v.seller ? v.seller.name : 'o seu consultor'} para receber uma proposta atualizada.
          </Alert>
        )}
      </Box>
    );
  }
  return (
    <Box>
      <ProposalHeading v={v} hash={hash} />
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="proposal-address">
        {v.address}
        {v.city ? ` · ${v.city}` : ''}
      </Typography>
      <Box sx={{ mt: 1.5 }}>
        <Suspense fallback={<CircularProgress size={24} aria-label="Carregando o mapa" />}>
          <UnitMap client={v} clientLabel={v.unit_name} tileUrl={v.map_tile_url || DEFAULT_MAP_TILE_URL} height={200} label="Mapa do endereço" />
        </Suspense>
      </Box>
      <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 1 }} data-testid="proposal-figures">
        <Typography component="dt" color="text.secondary">
          Serviço
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
          {VIABILITY_SERVICE_LABELS[v.service_type] ?? v.service_type} · {formatBandwidth(v.bandwidth_mbps)}
        </Typography>
        {v.plan_name && (
          <>
            <Typography component="dt" color="text.secondary">
              Plano
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="proposal-plan">
              {v.plan_name}
            </Typography>
          </>
        )}
        <Typography component="dt" color="text.secondary">
          Atendimento
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="proposal-medium">
          {VIABILITY_MEDIUM_LABELS[v.medium]}
          {v.subject_to_line_of_sight ? ' · sujeito a visada' : ''}
        </Typography>
        <Typography component="dt" color="text.secondary">
          Mensalidade
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }} data-testid="proposal-monthly">
          {formatBRL(v.monthly_fee ?? v.monthly_price)}/mês
        </Typography>
        <Typography component="dt" color="text.secondary">
          Instalação (valor único)
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }} data-testid="proposal-price">
          {formatBRL(v.installation_fee ?? v.price)}
        </Typography>
        {v.contract_months !== null && (
          <>
            <Typography component="dt" color="text.secondary">
              Prazo do contrato
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="proposal-term">
              {v.contract_months} {v.contract_months === 1 ? 'mês' : 'meses'}
            </Typography>
          </>
        )}
        {v.contract_total !== null && (
          <>
            <Typography component="dt" color="text.secondary">
              Valor total do contrato
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="proposal-contract-total">
              {formatBRL(v.contract_total)}
            </Typography>
          </>
        )}
        <Typography component="dt" color="text.secondary">
          Válida até
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="proposal-valid-until">
          {dayLabel(v.valid_until)}
        </Typography>
      </Box>
      {v.seller && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
          Consultor: {v.seller.name}
          {v.seller.email ? ` · ${v.seller.email}` : ''}
        </Typography>
      )}
      <Button component="a" href={proposalPdfUrl(hash)} download={`proposta-${v.viability_code}.pdf`} variant="outlined" fullWidth startIcon={<DownloadIcon />} sx={{ mt: 2, minHeight: 44 }}>
        Baixar proposta (PDF)
      </Button>
      <Divider sx={{ my: 2 }} />
      {d ? (
        <Alert severity={d.kind === 'aceita' ? 'success' : 'info'} icon={d.kind === 'aceita' ? <CheckCircleIcon /> : undefined} data-testid="proposal-decision" data-decision={d.kind}>
          <AlertTitle>{CLIENT_DECISION_LABELS[d.kind]}</AlertTitle>
          {d.kind === 'aceita' ? 'Aceita' : 'Recusada'} por {d.name} em {formatDateTime(d.at)}.{' '}
          {d.kind === 'aceita' ? 'Nossa equipe entrará em contato para agendar a instalação.' : 'Obrigado pela resposta.'}
        </Alert>
      ) : (
        <>
          <Typography variant="body2">Gostou da proposta? Responda por aqui mesmo.</Typography>
          <Answer v={v} hash={hash} onDone={(next) => qc.setQueryData(viabilityKeys.proposal(hash), next)} />
        </>
      )}
    </Box>
  );
}

export default function ProposalPage() {
  const { hash = '' } = useParams();
  return (
    <ProposalFrame hash={hash} page="proposal">
      {(v) => <Proposal v={v} hash={hash} />}
    </ProposalFrame>
  );
}
