/**
 * /viability/:viabilityId/unit: the viability's header (data, edit, delete) and its units — name,
 * address, verdict, installation price and monthly fee, the client's answer and the installation activity — with "Nova unidade".
 */
import AddIcon from '@mui/icons-material/Add';
import { Box, Breadcrumbs, Button, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { formatBRL } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { RecordPage, RecordSkeleton } from '../../core/RecordPage';
import { Section } from '../../core/Section';
import { fetchUnitsOf, unitApi, viabilityApi, viabilityKeys, type ViabilityUnitRead } from './api';
import { DecisionChip, FigureCell, VerdictChip } from './parts';
import { ViabilityHeader } from './ViabilityHeader';

export const unitInfoLink = (u: { id: number; viability_id: number }) => `/viability/${u.viability_id}/unit/info/${u.id}`;

function ActivityLink({ unit }: { unit: ViabilityUnitRead }) {
  if (!unit.activity) return <>—</>;
  return (
    <Link component={RouterLink} to={`/external-activity/manage/${unit.activity.id}`} onClick={(e) => e.stopPropagation()}>
      {unit.activity.code}
    </Link>
  );
}

function UnitCards({ units }: { units: ViabilityUnitRead[] }) {
  const navigate = useNavigate();
  return (
    <Box component="ul" aria-label="Unidades" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {units.map((u) => (
        <Paper key={u.id} component="li" variant="outlined" aria-label={u.name} sx={{ p: 1.25, cursor: 'pointer' }} onClick={() => navigate(unitInfoLink(u))}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Link component={RouterLink} to={unitInfoLink(u)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} onClick={(e) => e.stopPropagation()}>
              {u.name}
            </Link>
            <VerdictChip verdict={u.verdict} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {u.address}
            {u.city ? ` · ${u.city.name} – ${u.city.state}` : ''}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
            <Typography variant="body2">{u.verdict === 'inviavel' ? 'Sem proposta' : `${formatBRL(u.price)} + ${formatBRL(u.calculation.monthly_fee ?? u.calculation.monthly_price)}/mês`}</Typography>
            {u.decision && <DecisionChip kind={u.decision.kind} />}
            {u.activity && (
              <Typography variant="body2">
                Atividade <ActivityLink unit={u} />
              </Typography>
            )}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

function UnitTable({ units }: { units: ViabilityUnitRead[] }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Unidades">
        <TableHead>
          <TableRow>
            <TableCell>Unidade</TableCell>
            <TableCell>Endereço</TableCell>
            <TableCell>Parecer</TableCell>
            <TableCell align="right">Instalação</TableCell>
            <TableCell align="right">Mensalidade</TableCell>
            <TableCell>Resposta do cliente</TableCell>
            <TableCell>Atividade</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {units.map((u) => (
            <TableRow key={u.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(unitInfoLink(u))} data-unit-id={u.id}>
              <TableCell>
                <Link component={RouterLink} to={unitInfoLink(u)} onClick={(e) => e.stopPropagation()}>
                  {u.name}
                </Link>
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                {u.address}
                {u.city ? ` · ${u.city.name} – ${u.city.state}` : ''}
              </TableCell>
              <TableCell>
                <VerdictChip verdict={u.verdict} />
              </TableCell>
              <FigureCell>{u.verdict === 'inviavel' ? '—' : formatBRL(u.price)}</FigureCell>
              <FigureCell>{u.verdict === 'inviavel' ? '—' : `${formatBRL(u.calculation.monthly_fee ?? u.calculation.monthly_price)}/mês`}</FigureCell>
              <TableCell>{u.decision ? <DecisionChip kind={u.decision.kind} /> : 'Aguardando'}</TableCell>
              <TableCell>
                <ActivityLink unit={u} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ViabilityCrumbs({ viability, here }: { viability: { id: number; code: string } | null; here?: string }) {
  return (
    <Breadcrumbs aria-label="Você está em" sx={{ mb: 1 }}>
      <Link component={RouterLink} to="/viability" underline="hover" color="inherit">
        Viabilidades
      </Link>
      {viability && here ? (
        <Link component={RouterLink} to={`/viability/${viability.id}/unit`} underline="hover" color="inherit">
          {viability.code}
        </Link>
      ) : (
        viability && <Typography color="text.primary">{viability.code}</Typography>
      )}
      {here && <Typography color="text.primary">{here}</Typography>}
    </Breadcrumbs>
  );
}

export default function UnitsPage() {
  const { viabilityId } = useParams();
  const id = Number(viabilityId);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { user } = useCan();
  const v = useQuery({ queryKey: viabilityApi.keys.one(id), queryFn: () => viabilityApi.get(id), enabled: id > 0 });
  const units = useQuery({ queryKey: viabilityKeys.units(id), queryFn: () => fetchUnitsOf(id), enabled: id > 0 && !!v.data });
  const canWrite = unitApi.canWrite(user);
  const add = canWrite ? (
    <Button component={RouterLink} to={`/viability/${id}/unit/create`} variant="contained" startIcon={<AddIcon />}>
      Nova unidade
    </Button>
  ) : null;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ViabilityCrumbs viability={v.data ?? null} />
      <PageTitle title="Unidades da viabilidade" subtitle={v.data ? `${v.data.code} · ${v.data.client_name}` : undefined} />
      <RecordPage query={v} what="Viabilidade" gender="f" backTo="/viability">
        {(viability) => (
          <>
            <ViabilityHeader viability={viability} unitCount={units.data?.length ?? viability.unit_count} />
            <Section title="Unidades" actions={add}>
              {units.isLoading ? (
                <RecordSkeleton />
              ) : units.isError ? (
                <Typography color="error">Não foi possível carregar as unidades.</Typography>
              ) : (units.data ?? []).length === 0 ? (
                <Box sx={{ textAlign: 'center', py: 3 }} data-testid="units-empty">
                  <Typography sx={{ fontWeight: 600 }}>Nenhuma unidade ainda</Typography>
                  <Typography color="text.secondary" variant="body2">
                    Cada unidade é um endereço do cliente: o sistema acha o site mais próximo, calcula o custo e dá o parecer.
                  </Typography>
                </Box>
              ) : phone ? (
                <UnitCards units={units.data!} />
              ) : (
                <UnitTable units={units.data!} />
              )}
            </Section>
          </>
        )}
      </RecordPage>
    </Box>
  );
}
