/**
 * /viability/:viabilityId/unit/info/:unitId: the verdict with its reasons, the map (client, nearest
 * site, the straight line), the bill of materials as priced, the costs, the version history, the
 * public link, the client's answer and the installation activity. Writers may edit, recalculate
 * (a new version at today's prices), manage the link and approve; readers only read.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ACTIVITY_STATUS_LABELS, DEFAULT_MAP_TILE_URL, VIABILITY_MEDIUM_LABELS, VIABILITY_VERDICT_LABELS, type UnitCalculation } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatBRL, formatDateTime } from '../../core/format';
import { formatDecimal } from '../../core/number';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { RecordPage } from '../../core/RecordPage';
import { useRemove } from '../../core/resource';
import { Details, Section } from '../../core/Section';
import { confirmAction, toast } from '../../core/toast';
import { fetchCtosAround, fetchSettings, fetchVersions, recalculate, unitApi, viabilityApi, viabilityKeys, type ViabilityUnitRead } from './api';
import { ApproveDialog } from './ApproveDialog';
import { dayLabel, formatMeters, formatQuantity } from './format';
import { LinkBox } from './LinkBox';
import { DecisionChip, FigureCell, VERDICT_COLOR, VerdictChip } from './parts';
import { ViabilityCrumbs } from './UnitsPage';

const UnitMap = lazy(() => import('./UnitMap'));

const num = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

function VerdictBanner({ c }: { c: UnitCalculation }) {
  return (
    <Alert severity={VERDICT_COLOR[c.verdict]} variant="outlined" sx={{ mb: 2 }} data-testid="verdict-banner" data-verdict={c.verdict}>
      <AlertTitle sx={{ fontWeight: 700 }}>{VIABILITY_VERDICT_LABELS[c.verdict]}</AlertTitle>
      {/* The rule that decided, when the reasons do not already say it (fibre keeps its reasons as they were). */}
      {c.rule && !c.reasons.includes(c.rule) && (
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }} data-testid="verdict-rule">
          {c.rule}
        </Typography>
      )}
      {c.reasons.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {c.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

function BomTable({ c }: { c: UnitCalculation }) {
  if (c.lines.length === 0) return <Typography color="text.secondary">O modelo não tem materiais.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Materiais">
        <TableHead>
          <TableRow>
            <TableCell>Produto</TableCell>
            <TableCell align="right">Quantidade</TableCell>
            <TableCell align="right">Preço unitário</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {c.lines.map((l) => (
            <TableRow key={l.product_id}>
              <TableCell sx={{ minWidth: 160 }}>
                {l.code} · {l.name}
                {l.per_meter && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {formatQuantity(l.template_quantity, l.unit_of_measure)} por metro × {formatMeters(c.route_m)}
                  </Typography>
                )}
              </TableCell>
              <FigureCell>{formatQuantity(l.quantity, l.unit_of_measure)}</FigureCell>
              <FigureCell>{formatBRL(l.unit_price)}</FigureCell>
              <FigureCell>{formatBRL(l.total)}</FigureCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Costs({ c }: { c: UnitCalculation }) {
  const months = (n: number) => `${n} ${n === 1 ? 'mês' : 'meses'}`;
  const rows: [string, string, boolean?][] = [
    ['Materiais', formatBRL(c.materials_cost)],
    ['Mão de obra', formatBRL(c.labour_cost)],
    ['Custo extra de construção', formatBRL(c.extra_cost)],
    ...(c.carrier ? [['Instalação da operadora', formatBRL(c.carrier.installation_cost)] as [string, string]] : []),
    ['Custo de construção', formatBRL(c.total_cost), true],
    ['Margem', `${num.format(c.margin_percent)}%`],
    ['Preço de instalação', formatBRL(c.installation_fee ?? c.price), true],
    ['Custo mensal', formatBRL(c.monthly_cost)],
    ['Mensalidade', formatBRL(c.monthly_fee ?? c.monthly_price), true],
    ...(c.monthly_margin !== undefined ? [['Margem mensal', formatBRL(c.monthly_margin)] as [string, string]] : []),
    ...(c.contract_months !== undefined ? [['Prazo do contrato', months(c.contract_months)] as [string, string]] : []),
    ...(c.contract_total !== undefined ? [['Valor total do contrato', formatBRL(c.contract_total), true] as [string, string, boolean]] : []),
    ...(c.payback_months !== undefined ? [['Retorno da construção', c.payback_months === null ? 'não se paga' : c.payback_months === 0 ? 'na instalação' : months(c.payback_months)] as [string, string]] : []),
  ];
  return (
    <Box component="dl" aria-label="Custos" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 3, rowGap: 0.75, maxWidth: 420 }}>
      {rows.map(([label, value, strong]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : 400 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 600 : 400, whiteSpace: 'nowrap' }} data-cost={label}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Versions({ unit }: { unit: ViabilityUnitRead }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey: viabilityKeys.versions(unit.id), queryFn: () => fetchVersions(unit.id), enabled: open });
  return (
    <Section
      title="Versões do cálculo"
      hint={`Versão atual: ${unit.calculation.version}. Cada recálculo guarda uma nova versão com os preços do dia; as anteriores não mudam.`}
      actions={
        <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Ocultar' : 'Mostrar versões'}
        </Button>
      }
    >
      {open &&
        (q.isLoading ? (
          <CircularProgress size={24} aria-label="Carregando" />
        ) : q.isError ? (
          <Typography color="error">Não foi possível carregar as versões.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Versões">
              <TableHead>
                <TableRow>
                  <TableCell>Versão</TableCell>
                  <TableCell>Calculada em</TableCell>
                  <TableCell>Por</TableCell>
                  <TableCell>Parecer</TableCell>
                  <TableCell align="right">Custo</TableCell>
                  <TableCell align="right">Preço</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(q.data ?? []).map((v) => (
                  <TableRow key={v.version} selected={v.version === unit.calculation.version}>
                    <TableCell>{v.version}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.calculated_at)}</TableCell>
                    <TableCell>{v.calculated_by?.name ?? '—'}</TableCell>
                    <TableCell>
                      <VerdictChip verdict={v.verdict} />
                    </TableCell>
                    <FigureCell>{formatBRL(v.total_cost)}</FigureCell>
                    <FigureCell>{formatBRL(v.price)}</FigureCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ))}
    </Section>
  );
}

function UnitInfo({ unit, viabilityId }: { unit: ViabilityUnitRead; viabilityId: number }) {
  const qc = useQueryClient();
  const { user, can } = useCan();
  const canWrite = unitApi.canWrite(user);
  const canApprove = canWrite && can(['EXTERNAL_ACTIVITY']);
  const [busy, setBusy] = useState(false);
  const [approving, setApproving] = useState(false);
  const settings = useQuery({ queryKey: viabilityKeys.settings, queryFn: fetchSettings, staleTime: 60_000, retry: false });
  // The fibre boxes around the address, with their free ports, on the map.
  const ctos = useQuery({ queryKey: viabilityKeys.ctosAround(unit.latitude, unit.longitude), queryFn: () => fetchCtosAround(unit), enabled: unit.calculation.template.medium === 'fibra_propria', retry: false });
  const c = unit.calculation;
  const refresh = (u: ViabilityUnitRead) => {
    qc.setQueryData(unitApi.keys.one(u.id), u);
    void qc.invalidateQueries({ queryKey: viabilityKeys.units(viabilityId) });
    void qc.invalidateQueries({ queryKey: viabilityKeys.versions(u.id) });
    void qc.invalidateQueries({ queryKey: viabilityApi.keys.one(viabilityId) });
    void qc.invalidateQueries({ queryKey: ['list'] });
  };
  const recalc = async () => {
    const ok = await confirmAction({ title: 'Recalcular a unidade?', text: 'Gera uma nova versão com os preços atuais. A proposta passa a mostrar os novos valores.', confirmText: 'Recalcular', danger: false });
    if (!ok) return;
    setBusy(true);
    try {
      const u = await recalculate(unit.id);
      refresh(u);
      toast.success(`Unidade recalculada (versão ${u.calculation.version})!`);
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  };
  // The survey's answer, even after the client accepted (the survey usually comes then); the price does not change.
  const confirmSight = async () => {
    const ok = await confirmAction({ title: 'Confirmar a visada?', text: 'A vistoria confirmou a linha de visada até a torre. A proposta deixa de dizer “sujeito a visada”.', confirmText: 'Confirmar visada', danger: false });
    if (!ok) return;
    setBusy(true);
    try {
      const u = await unitApi.update(unit.id, { line_of_sight_confirmed: true });
      refresh(u as ViabilityUnitRead);
      toast.success('Visada confirmada!');
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  };
  const remove = useRemove(unitApi, {
    navigateTo: `/viability/${viabilityId}/unit`,
    text: unit.activity ? `A atividade ${unit.activity.code} continua aberta. O link público deixa de funcionar. Esta ação não pode ser desfeita.` : 'O link público deixa de funcionar. Esta ação não pode ser desfeita.',
  });
  const removeUnit = async () => {
    if (await remove(unit.id, unit.name)) void qc.invalidateQueries({ queryKey: ['viability', viabilityId] });
  };
  const approvable = c.verdict !== 'inviavel' && !unit.activity;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {canWrite && (
          <Button component={RouterLink} to={`/viability/${viabilityId}/unit/edit/${unit.id}`} variant="outlined" startIcon={<EditIcon />}>
            Editar
          </Button>
        )}
        {canWrite && (
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void recalc()} loading={busy}>
            Recalcular
          </Button>
        )}
        {canWrite && c.template.medium === 'radio' && c.verdict !== 'inviavel' && !unit.line_of_sight_confirmed && (
          <Button variant="outlined" startIcon={<CheckCircleIcon />} onClick={() => void confirmSight()} loading={busy}>
            Confirmar visada
          </Button>
        )}
        {unitApi.canDelete(user) && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => void removeUnit()}>
            Excluir
          </Button>
        )}
        {canApprove && approvable && (
          <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} onClick={() => setApproving(true)}>
            Aprovar
          </Button>
        )}
      </Box>
      <VerdictBanner c={c} />
      {unit.decision && (
        <Alert severity={unit.decision.kind === 'aceita' ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="unit-decision">
          <AlertTitle>
            <DecisionChip kind={unit.decision.kind} />
          </AlertTitle>
          {unit.decision.kind === 'aceita' ? 'Aceita' : 'Recusada'} por {unit.decision.name} em {formatDateTime(unit.decision.at)}.
          {unit.decision.comment && <Box sx={{ mt: 0.5, fontStyle: 'italic', whiteSpace: 'pre-line' }}>“{unit.decision.comment}”</Box>}
        </Alert>
      )}
      {unit.redo_reason && !unit.decision && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="unit-redo">
          <AlertTitle>Proposta a refazer</AlertTitle>
          {unit.redo_reason}. Enquanto isso, o cliente vê “estamos refazendo a proposta”. Revise e recalcule para liberar a nova proposta.
        </Alert>
      )}
      {unit.reserved_port && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="unit-port">
          Porta {unit.reserved_port.port} da{' '}
          <Link component={RouterLink} to={`/site/edit/${unit.reserved_port.site_id}`}>
            {unit.reserved_port.code}
          </Link>{' '}
          reservada para este cliente.
        </Alert>
      )}
      {unit.activity && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="unit-activity">
          Instalação:{' '}
          <Link component={RouterLink} to={`/external-activity/manage/${unit.activity.id}`}>
            {unit.activity.code}
          </Link>{' '}
          ({ACTIVITY_STATUS_LABELS[unit.activity.status as keyof typeof ACTIVITY_STATUS_LABELS] ?? unit.activity.status})
        </Alert>
      )}
      <Section title="Unidade">
        <Details
          rows={[
            ['Endereço', `${unit.address}${unit.city ? ` · ${unit.city.name} – ${unit.city.state}` : ''}`],
            ['Coordenadas', `${formatDecimal(unit.latitude)}; ${formatDecimal(unit.longitude)}`],
            ['Modelo', `${c.template.name} (${VIABILITY_MEDIUM_LABELS[c.template.medium]})`],
            ...(c.cto ? ([['CTO', `${c.cto.code} · ${c.cto.name} · porta livre ${c.cto.port} de ${c.cto.port_count} (${c.cto.free_ports} livres no cálculo)`]] as [string, string][]) : []),
            [c.cto ? 'Atendida a partir de' : 'Site mais próximo', c.site ? `${c.site.code} · ${c.site.name}` : 'Nenhum site ativo'],
            ['Distância em linha reta', formatMeters(c.distance_m)],
            ['Rota estimada', c.route_m === null ? '—' : `${formatMeters(c.route_m)} (× ${num.format(c.route_factor)})`],
            ...(c.template.medium === 'circuito_terceiro' ? [] : ([[c.template.medium === 'radio' ? 'Alcance do enlace' : 'Distância máxima', formatMeters(c.max_distance_m)]] as [string, string][])),
            ...(c.rule ? ([['Regra', c.rule]] as [string, string][]) : []),
            ...(c.template.medium === 'radio'
              ? ([['Visada', unit.line_of_sight_confirmed ? `Confirmada na vistoria${unit.line_of_sight_confirmed_at ? ` em ${formatDateTime(unit.line_of_sight_confirmed_at)}` : ''}` : 'Sujeito a visada (vistoria pendente)']] as [string, string][])
              : []),
            ...(unit.carrier || unit.carrier_quote ? ([['Operadora', `${unit.carrier ?? '—'}${unit.carrier_quote ? ` · cotação ${unit.carrier_quote}` : ''}`]] as [string, string][]) : []),
            ['Proposta válida até', dayLabel(c.valid_until)],
            ['Calculada em', `${formatDateTime(c.calculated_at)}${c.calculated_by ? ` por ${c.calculated_by.name}` : ''} · versão ${c.version}`],
            ['Observações', unit.notes],
          ]}
        />
      </Section>
      <Section title="Mapa">
        <Suspense fallback={<CircularProgress aria-label="Carregando o mapa" />}>
          <UnitMap
            client={unit}
            clientLabel={`Cliente: ${unit.name}`}
            site={c.site}
            siteLabel={c.site ? `${c.cto ? 'CTO' : 'Site'} ${c.site.code} · ${c.site.name} (${formatMeters(c.distance_m)})` : undefined}
            ctos={ctos.data?.filter((b) => b.id !== c.site?.id)}
            tileUrl={settings.data?.map_tile_url || DEFAULT_MAP_TILE_URL}
          />
        </Suspense>
      </Section>
      <Section title="Materiais" hint="Preços do catálogo no momento do cálculo.">
        <BomTable c={c} />
      </Section>
      <Section title="Custos e preço" hint={c.plan ? `Plano ${c.plan.name}${c.custom_fee_reason ? ` · mensalidade personalizada: ${c.custom_fee_reason}` : ''}` : c.custom_fee_reason ? `Mensalidade personalizada: ${c.custom_fee_reason}` : 'Sem plano: instalação e mensalidade pelo custo com a margem.'}>
        {c.payback_warning && (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="payback-warning">
            {c.payback_warning}
          </Alert>
        )}
        <Costs c={c} />
      </Section>
      <Section title="Proposta para o cliente" hint={c.verdict === 'inviavel' ? 'A unidade é inviável: o link mostra ao cliente uma mensagem de que o endereço ainda não é atendido, sem preços.' : undefined}>
        <LinkBox unit={unit} canWrite={canWrite} onChanged={refresh} />
      </Section>
      <Versions unit={unit} />
      {approving && (
        <ApproveDialog
          unit={unit}
          onClose={() => setApproving(false)}
          onDone={(u) => {
            setApproving(false);
            refresh(u);
            toast.success(u.activity ? `Atividade ${u.activity.code} criada!` : 'Unidade aprovada!');
          }}
        />
      )}
    </>
  );
}

export default function UnitInfoPage() {
  const { viabilityId, unitId } = useParams();
  const vid = Number(viabilityId);
  const uid = Number(unitId);
  const v = useQuery({ queryKey: viabilityApi.keys.one(vid), queryFn: () => viabilityApi.get(vid), enabled: vid > 0 });
  const u = useQuery({ queryKey: unitApi.keys.one(uid), queryFn: () => unitApi.get(uid), enabled: uid > 0 });
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ViabilityCrumbs viability={v.data ?? null} here={u.data?.name ?? 'Unidade'} />
      <PageTitle title={u.data ? `Unidade ${u.data.name}` : 'Detalhes da unidade'} subtitle={v.data ? `${v.data.code} · ${v.data.client_name}` : undefined} />
      <RecordPage query={u} what="Unidade" gender="f" backTo={`/viability/${vid}/unit`}>
        {(unit) => <UnitInfo unit={unit} viabilityId={unit.viability_id} />}
      </RecordPage>
    </Box>
  );
}
