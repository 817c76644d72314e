/**
 * /circuit/:id/unavailability/ (a circuit's unavailability periods), /circuit/:id/unavailability/create
 * and /circuit/unavailability/edit/:id. Opening a period (no end) puts the circuit "fora do ar";
 * "Encerrar agora" closes it.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { Box, Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { RESPONSIBILITIES, RESPONSIBILITY_LABELS, unavailabilityNested, unavailabilityUpdate, type Responsibility } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api } from '../../core/api';
import { enumOptions, FormGrid, FormSelect, FormSwitch, Wide } from '../../core/form';
import { FormDateTime } from '../../core/form/FormDateTime';
import { formatDateTime } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { ResourcePage, useRemove, useResourceForm } from '../../core/resource';
import { FormText, ResourceForm } from '../../core/ResourceForm';
import { ResourceList } from '../../core/ResourceList';
import { Section } from '../../core/Section';
import { AlarmChip, ToneChip } from '../../core/ToneChip';
import { toast } from '../../core/toast';
import { circuitApi, refreshCircuits, unavailabilityApi, type UnavailabilityRead } from './circuitApi';
import { DownChip, useLiveCircuits } from './CircuitParts';

const durationText = (p: UnavailabilityRead) => {
  const m = p.duration_minutes ?? Math.round((Date.now() - Date.parse(p.started_at)) / 60_000);
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}${p.ongoing ? ' (até agora)' : ''}`;
};

const columns: GridColDef<UnavailabilityRead>[] = [
  { field: 'ongoing', headerName: 'Estado', width: 130, sortable: false, renderCell: ({ row }) => (row.ongoing ? <AlarmChip label="em andamento" status="ongoing" /> : <ToneChip color="default" label="encerrada" status="closed" />) },
  { field: 'started_at', headerName: 'Início', width: 140, valueFormatter: (v: string) => formatDateTime(v) },
  { field: 'ended_at', headerName: 'Fim', width: 140, valueFormatter: (v: string | null) => (v ? formatDateTime(v) : '—') },
  { field: 'duration_minutes', headerName: 'Duração', width: 130, sortable: false, valueGetter: (_v, row) => durationText(row) },
  { field: 'cause', headerName: 'Causa', flex: 1, minWidth: 160, sortable: false },
  { field: 'responsibility', headerName: 'Responsabilidade', width: 140, valueFormatter: (v: Responsibility) => RESPONSIBILITY_LABELS[v] ?? v },
  { field: 'protocol', headerName: 'Protocolo', width: 130, sortable: false },
  { field: 'counts_for_sla', headerName: 'Conta no SLA', width: 110, sortable: false, valueFormatter: (v: boolean) => (v ? 'Sim' : 'Não') },
];

export function UnavailabilityListPage() {
  useLiveCircuits();
  const circuitId = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const circuit = useQuery({ queryKey: circuitApi.keys.one(circuitId), queryFn: () => circuitApi.get(circuitId) });
  const remove = useRemove(unavailabilityApi);
  const canWrite = unavailabilityApi.canWrite(useCanUser());
  const close = async (p: UnavailabilityRead) => {
    await api.put(`/circuit/unavailability/${p.id}`, { ended_at: dayjs().second(0).millisecond(0).format() });
    toast.success('Indisponibilidade encerrada!');
    void refreshCircuits(qc);
  };
  const c = circuit.data;
  return (
    <>
      <PageTitle title="Indisponibilidades do circuito" subtitle={c ? `${c.carrier} · ${c.designation}` : undefined} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {c && <DownChip down={c.down} />}
        <Button component={RouterLink} to={`/circuit/edit/${circuitId}`} startIcon={<ArrowBackIcon />} size="small">
          Voltar ao circuito
        </Button>
      </Box>
      <ResourceList<UnavailabilityRead>
        resource={`/circuit/${circuitId}/unavailability`}
        ariaLabel="Indisponibilidades do circuito"
        columns={columns}
        createPath={`/circuit/${circuitId}/unavailability/create`}
        createLabel="Nova indisponibilidade"
        canCreate={canWrite}
        onRowOpen={(p) => navigate(`/circuit/unavailability/edit/${p.id}`)}
        mobileHidden={['ended_at', 'responsibility', 'protocol', 'counts_for_sla', 'cause']}
        rowActions={[
          { label: 'Encerrar agora', icon: <StopCircleIcon />, onClick: (p) => void close(p), show: (p) => canWrite && p.ongoing },
          { label: canWrite ? 'Editar' : 'Ver', icon: <EditIcon />, onClick: (p) => navigate(`/circuit/unavailability/edit/${p.id}`) },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (p) => void remove(p.id, `de ${formatDateTime(p.started_at)}`), show: canWrite },
        ]}
      />
    </>
  );
}

const useCanUser = () => useCan().user;

/** counts_for_sla follows the responsibility until the user sets it (default: true for the carrier's fault). */
function CountsForSla() {
  const responsibility = useWatch({ name: 'responsibility' }) as Responsibility | undefined;
  return <FormSwitch name="counts_for_sla" label="Conta para o SLA" helperText={responsibility === 'operadora' ? 'Falha da operadora: conta para o SLA' : 'Só falhas da operadora contam, salvo indicação'} />;
}

function Fields({ ongoingHelp }: { ongoingHelp: boolean }) {
  return (
    <Section title="Período">
      <FormGrid>
        <FormDateTime name="started_at" label="Início" disableFuture />
        <FormDateTime name="ended_at" label="Fim" clearable disableFuture helperText={ongoingHelp ? 'Em branco: ainda fora do ar' : undefined} />
        <FormSelect name="responsibility" label="Responsabilidade" required options={enumOptions(RESPONSIBILITIES, RESPONSIBILITY_LABELS)} />
        <FormText name="protocol" label="Protocolo da operadora" />
        <Wide>
          <FormText name="cause" label="Causa" required fullWidth />
        </Wide>
        <CountsForSla />
        <Wide>
          <FormText name="notes" label="Observações" fullWidth multiline minRows={2} />
        </Wide>
      </FormGrid>
    </Section>
  );
}

const blank = { started_at: '', ended_at: null, cause: '', responsibility: 'operadora' as const, protocol: '', counts_for_sla: true, notes: '' };

export function UnavailabilityCreatePage() {
  // The route's `:id` is the circuit's, so the page is always a create (not the kit's ResourcePage, which reads `:id` as the record).
  const circuitId = Number(useParams().id);
  const qc = useQueryClient();
  const circuit = useQuery({ queryKey: circuitApi.keys.one(circuitId), queryFn: () => circuitApi.get(circuitId) });
  // The circuit's own create: POST /api/circuit/{id}/unavailability.
  const resource = { ...unavailabilityApi, save: async (_id: number | null, body: unknown) => (await api.post<UnavailabilityRead>(`/circuit/${circuitId}/unavailability`, body)).data };
  const f = useResourceForm(resource, null, {
    schema: unavailabilityNested,
    blank: { ...blank, started_at: dayjs().second(0).millisecond(0).format() },
    savedTo: () => `/circuit/${circuitId}/unavailability/`,
    cancelTo: () => `/circuit/${circuitId}/unavailability/`,
    onSaved: () => void refreshCircuits(qc),
    toasts: { created: 'Indisponibilidade registrada!' },
  });
  const c = circuit.data;
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle title="Nova indisponibilidade" subtitle={c ? `${c.carrier} · ${c.designation}` : undefined} />
      <ResourceForm {...f}>
        <Fields ongoingHelp />
      </ResourceForm>
    </Box>
  );
}

export function UnavailabilityEditPage() {
  const qc = useQueryClient();
  return (
    <ResourcePage
      resource={unavailabilityApi}
      schema={unavailabilityUpdate}
      blank={blank}
      subtitle={(p) => (p.circuit ? `${p.circuit.carrier} · ${p.circuit.designation}` : undefined)}
      savedTo={(p) => `/circuit/${p.circuit_id}/unavailability/`}
      cancelTo={(p) => (p ? `/circuit/${p.circuit_id}/unavailability/` : '/circuit')}
      onSaved={() => void refreshCircuits(qc)}
    >
      {() => <Fields ongoingHelp />}
    </ResourcePage>
  );
}
