/**
 * The organization's plans, on /organization-settings/viability: what a proposal charges per month,
 * at installation and for how long. Keepers of the templates (VIABILITY_TEMPLATE_PRODUCT) add and
 * edit them in a dialog; sellers and readers see the list.
 */
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { VIABILITY_MEDIUM_LABELS, VIABILITY_MEDIUMS, viabilityPlanInput } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { enumOptions, FormGrid, FormNotes, FormNumber, FormSelect, FormSwitch, Wide } from '../../core/form';
import { formatBRL } from '../../core/format';
import { useCan } from '../../core/permissions';
import { FormText, useSchemaForm } from '../../core/ResourceForm';
import { blankToNull } from '../../core/schema-helpers';
import { RecordDialog } from './RecordDialog';
import { fetchPlans, planApi, viabilityKeys, type ViabilityPlanRead } from './api';
import { formatBandwidth } from './format';
import { FigureCell } from './parts';

const schema = viabilityPlanInput.extend({ notes: blankToNull(viabilityPlanInput.shape.notes) });

function PlanDialog({ plan, onClose }: { plan: ViabilityPlanRead | null; onClose: () => void }) {
  const form = useSchemaForm(
    schema,
    (plan
      ? { name: plan.name, medium: plan.medium, bandwidth_mbps: plan.bandwidth_mbps, monthly_fee: Number(plan.monthly_fee), installation_fee: Number(plan.installation_fee), contract_months: plan.contract_months, active: plan.active, notes: plan.notes ?? '' }
      : { name: '', medium: 'fibra_propria', bandwidth_mbps: null, monthly_fee: null, installation_fee: 0, contract_months: 12, active: true, notes: '' }) as never,
  );
  return (
    <RecordDialog resource={planApi} record={plan} form={form as never} words={{ title: ['Novo plano', 'Editar plano'], submit: ['Criar plano', 'Salvar plano'], saved: ['Plano criado!', 'Plano atualizado!'] }} onClose={onClose}>
      <FormGrid>
        <Wide>
          <FormText name="name" label="Nome do plano" required autoFocus fullWidth helperText="Ex.: Internet dedicada 300 Mbps" />
        </Wide>
        <FormSelect name="medium" label="Meio" required options={enumOptions(VIABILITY_MEDIUMS, VIABILITY_MEDIUM_LABELS)} />
        <FormNumber name="bandwidth_mbps" label="Velocidade (Mbps)" required />
        <FormNumber name="monthly_fee" label="Mensalidade (R$)" money required />
        <FormNumber name="installation_fee" label="Taxa de instalação (R$)" money required />
        <FormNumber name="contract_months" label="Prazo do contrato (meses)" required />
        <FormSwitch name="active" label="Plano ativo" helperText="Somente planos ativos podem ser escolhidos em novas unidades" />
        <Wide>
          <FormNotes />
        </Wide>
      </FormGrid>
    </RecordDialog>
  );
}

export function PlansPanel() {
  const { can } = useCan();
  const canWrite = can(['VIABILITY_TEMPLATE_PRODUCT']);
  const q = useQuery({ queryKey: viabilityKeys.plans, queryFn: fetchPlans, retry: false });
  const [editing, setEditing] = useState<ViabilityPlanRead | 'new' | null>(null);
  return (
    <Box data-testid="plans-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
          Planos que a organização vende: a unidade escolhe um plano, e a proposta mostra a mensalidade, a taxa de instalação, o prazo e o valor total do contrato.
        </Typography>
        {canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Novo plano
          </Button>
        )}
      </Box>
      {q.isLoading ? (
        <CircularProgress aria-label="Carregando os planos" />
      ) : q.isError ? (
        <Alert severity="info">Os planos são vistos por quem tem acesso à viabilidade.</Alert>
      ) : !q.data?.length ? (
        <Alert severity="info">Nenhum plano cadastrado.{canWrite ? ' Cadastre o primeiro em "Novo plano".' : ''}</Alert>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Planos">
            <TableHead>
              <TableRow>
                <TableCell>Plano</TableCell>
                <TableCell>Meio</TableCell>
                <TableCell align="right">Velocidade</TableCell>
                <TableCell align="right">Mensalidade</TableCell>
                <TableCell align="right">Instalação</TableCell>
                <TableCell align="right">Prazo</TableCell>
                <TableCell>Situação</TableCell>
                {canWrite && <TableCell align="right">Ações</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.map((p) => (
                <TableRow key={p.id} data-testid={`plan-${p.id}`}>
                  <TableCell sx={{ minWidth: 180 }}>{p.name}</TableCell>
                  <TableCell>{VIABILITY_MEDIUM_LABELS[p.medium]}</TableCell>
                  <FigureCell>{formatBandwidth(p.bandwidth_mbps)}</FigureCell>
                  <FigureCell>{formatBRL(p.monthly_fee)}/mês</FigureCell>
                  <FigureCell>{formatBRL(p.installation_fee)}</FigureCell>
                  <FigureCell>{p.contract_months} {p.contract_months === 1 ? 'mês' : 'meses'}</FigureCell>
                  <TableCell>
                    <Chip size="small" label={p.active ? 'Ativo' : 'Inativo'} color={p.active ? 'success' : 'default'} variant="outlined" />
                  </TableCell>
                  {canWrite && (
                    <TableCell align="right">
                      <Tooltip title="Editar plano">
                        <IconButton aria-label={`Editar o plano ${p.name}`} onClick={() => setEditing(p)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
