/** /external-activity (EXTERNAL_ACTIVITY): work orders with their SLA countdown; filters by status, type, technician, priority, period, mine and breached. */
import { Box } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import type { GridColDef } from '@mui/x-data-grid';
import { ACTIVITY_PRIORITIES, ACTIVITY_PRIORITY_LABELS, ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS, type ExternalActivityRead } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { linkColumn } from '../../core/columns';
import { ExportButtons } from '../../core/ExportButtons';
import { enumFilter, selectFilter } from '../../core/form';
import { ListPage, useListActions } from '../../core/resource';
import { useOfflineQueue } from '../../core/offline/queue';
import { activityApi, searchTechnicians, searchTypes } from './api';
import { OfflineOrders } from './OfflineOrders';
import { ActivityStatusChip, formatDateTime, PriorityChip, SlaChip, TypeChip, useNow } from './parts';
import { rightsOf, useActivityActor } from './rights';

export const manageLink = (a: { id: number }) => `/external-activity/manage/${a.id}`;

export default function ActivityListPage() {
  // Without signal the list is the phone's copy of the technician's orders.
  const { online } = useOfflineQueue();
  return online ? <OnlineList /> : <OfflineOrders />;
}

function OnlineList() {
  const actor = useActivityActor();
  // Editar and Excluir only on the orders this user may change (someone else's need dispatch).
  const actions = useListActions(activityApi, {
    name: (a) => `${a.code} (${a.client_name})`,
    info: manageLink,
    editable: (a) => a.status !== 'concluida' && a.status !== 'cancelada' && rightsOf(actor, a).edit,
    removable: (a) => (a.status === 'aberta' || a.status === 'cancelada') && rightsOf(actor, a).edit,
  });
  const now = useNow();
  const types = useQuery({ queryKey: ['external_activity', 'filter-types'], queryFn: () => searchTypes('') });
  const technicians = useQuery({ queryKey: ['external_activity', 'filter-technicians'], queryFn: () => searchTechnicians('') });
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [query, setQuery] = useState<Record<string, string>>({});
  const day = (d: Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : null);
  const params = useMemo(() => {
    const [f, t] = [day(from), day(to)];
    return { ...(f ? { from: f } : {}), ...(t ? { to: t } : {}) };
  }, [from, to]);
  const columns = useMemo<GridColDef<ExternalActivityRead>[]>(
    () => [
      linkColumn<ExternalActivityRead>('code', 'Código', manageLink, { width: 120 }),
      { field: 'due_at', headerName: 'SLA', width: 190, renderCell: ({ row }) => <SlaChip activity={row} now={now} /> },
      { field: 'client_name', headerName: 'Cliente', flex: 1, minWidth: 180 },
      { field: 'assistance_type', headerName: 'Tipo', width: 200, sortable: false, renderCell: ({ row }) => <TypeChip type={row.assistance_type} /> },
      { field: 'priority', headerName: 'Prioridade', width: 110, renderCell: ({ row }) => <PriorityChip priority={row.priority} /> },
      { field: 'status', headerName: 'Situação', width: 150, renderCell: ({ row }) => <ActivityStatusChip status={row.status} /> },
      { field: 'technicians', headerName: 'Técnicos', width: 200, sortable: false, valueGetter: (_v, row) => row.technicians.map((t) => t.name).join(', ') },
      { field: 'scheduled_start', headerName: 'Agendada para', width: 160, valueFormatter: (v: string | null) => formatDateTime(v) },
    ],
    [now],
  );
  return (
    <ListPage<ExternalActivityRead>
      title="Atividades externas"
      subtitle="Ordens de serviço de campo: prazo (SLA), técnicos e situação"
      {...actions}
      columns={columns}
      searchPlaceholder="Pesquisar código, cliente, documento ou endereço"
      filters={[
        enumFilter(ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS),
        enumFilter(ACTIVITY_PRIORITIES, ACTIVITY_PRIORITY_LABELS, { name: 'priority', label: 'Prioridade' }),
        selectFilter('assistance_type', 'Tipo', (types.data ?? []).map((t) => ({ value: t.id, label: t.name }))),
        selectFilter('technician', 'Técnico', (technicians.data ?? []).map((t) => ({ value: t.id, label: t.name }))),
        { name: 'mine', label: 'Atribuídas', options: [{ value: '', label: 'A todos' }, { value: 'true', label: 'A mim' }] },
        { name: 'breached', label: 'Prazo', options: [{ value: '', label: 'Todos' }, { value: 'true', label: 'SLA estourado' }] },
      ]}
      params={params}
      onQueryChange={setQuery}
      toolbar={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <DatePicker label="Prazo de" value={from} onChange={setFrom} maxDate={to ?? undefined} slotProps={{ field: { clearable: true }, textField: { sx: { width: 175 } } }} />
          <DatePicker label="Prazo até" value={to} onChange={setTo} minDate={from ?? undefined} slotProps={{ field: { clearable: true }, textField: { sx: { width: 175 } } }} />
          <ExportButtons path="/external-activity/export" fileName="atividades-externas" params={{ ...query, ...params }} />
        </Box>
      }
      foldFiltersOnPhone
      mobileHidden={['assistance_type', 'priority', 'technicians', 'scheduled_start']}
    />
  );
}
