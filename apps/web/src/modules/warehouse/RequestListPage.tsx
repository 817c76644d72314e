/** /patrimony-solicitation (PATRIMONY_OUT_REQUEST): requests for items, their approval, delivery and return. */
import AssignmentReturnIcon from '@mui/icons-material/Undo';
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import VisibilityIcon from '@mui/icons-material/Visibility';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, ListItemText, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  DESTINATION_TYPE_LABELS,
  PATRIMONY_STATUS_LABELS,
  SOLICITATION_KIND_LABELS,
  SOLICITATION_STATUS_LABELS,
  SOLICITATION_STATUSES,
  SOLICITATION_STEP_LABELS,
  type SolicitationStep,
} from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { ResourceList } from '../../core/ResourceList';
import { requestApi, type SolicitationRead } from './api';
import { formatQty, RequestStatusChip } from './parts';
import { RequestCreateDialog } from './RequestCreateDialog';
import { useRequestSteps } from './useRequestSteps';
import { Details } from '../../core/Section';
import { enumFilter } from '../../core/form';

const STEP_ICONS: Record<SolicitationStep, ReactElement> = {
  approve: <CheckCircleIcon />,
  refuse: <BlockIcon />,
  deliver: <LocalShippingIcon />,
  return: <AssignmentReturnIcon />,
  cancel: <CancelIcon />,
};

const itemsText = (s: SolicitationRead) =>
  s.items.map((i) => (i.patrimony ? i.patrimony.tag : `${formatQty(i.quantity, i.product.unit_of_measure)} × ${i.product.name}`)).join(', ');

function RequestDetails({ id, onClose, steps }: { id: number | null; onClose: () => void; steps: ReturnType<typeof useRequestSteps> }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const q = useQuery({ queryKey: requestApi.keys.one(id ?? 0), queryFn: () => requestApi.get(id!), enabled: !!id });
  const s = q.data;
  return (
    <Dialog open={!!id} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        Solicitação #{id}
        {s && <RequestStatusChip status={s.status} />}
      </DialogTitle>
      <DialogContent>
        {!s ? (
          <Typography color="text.secondary">Carregando…</Typography>
        ) : (
          <>
            <Details
              rows={[
                ['Tipo', SOLICITATION_KIND_LABELS[s.kind]],
                ['Solicitante', `${s.requester.name} (${s.requester.username})`],
                ['Motivo', s.reason],
                ['Destino', [DESTINATION_TYPE_LABELS[s.destination_type], s.destination_unit?.name, s.destination_activity ? `${s.destination_activity.code} (${s.destination_activity.client_name})` : null, s.destination_project ? `${s.destination_project.code} (${s.destination_project.name})` : null, s.destination_note].filter(Boolean).join(' · ')],
                ['Criada em', formatDateTime(s.created_at)],
                ['Decisão', s.decided_by ? `${s.decided_by.name}, ${formatDateTime(s.decided_at)}${s.decision_reason ? ` · ${s.decision_reason}` : ''}` : null],
                ['Entrega', s.delivered_by ? `${s.delivered_by.name}, ${formatDateTime(s.delivered_at)}` : null],
                ['Devolução', s.returned_by ? `${s.returned_by.name}, ${formatDateTime(s.returned_at)}` : null],
                ['Cancelamento', s.cancelled_by ? `${s.cancelled_by.name}, ${formatDateTime(s.cancelled_at)}${s.cancel_reason ? ` · ${s.cancel_reason}` : ''}` : null],
              ]}
            />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Itens
            </Typography>
            <List dense aria-label="Itens da solicitação">
              {s.items.map((i) => (
                <ListItem key={i.id} disableGutters>
                  <ListItemText
                    primary={i.patrimony ? `${i.patrimony.tag} · ${i.product.name}` : `${formatQty(i.quantity, i.product.unit_of_measure)} × ${i.product.name}`}
                    secondary={[
                      i.patrimony?.serial ? `Série ${i.patrimony.serial}` : null,
                      i.patrimony ? PATRIMONY_STATUS_LABELS[i.patrimony.status] : null,
                      i.delivered_at ? `Entregue em ${formatDateTime(i.delivered_at)}` : null,
                      i.returned_at ? `Devolvido em ${formatDateTime(i.returned_at)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {s &&
          steps.allowed(s).map((a) => (
            <Button key={a} startIcon={STEP_ICONS[a]} color={a === 'refuse' || a === 'cancel' ? 'error' : 'primary'} variant={a === 'refuse' || a === 'cancel' ? 'outlined' : 'contained'} onClick={() => void steps.run(s, a)}>
              {SOLICITATION_STEP_LABELS[a]}
            </Button>
          ))}
        <Button onClick={onClose} color="inherit">
          Fechar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function RequestListPage() {
  const { can } = useCan();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [creating, setCreating] = useState(false);
  const steps = useRequestSteps();
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('id', String(id));
        else next.delete('id');
        return next;
      },
      { replace: true },
    );

  const columns: GridColDef<SolicitationRead>[] = [
    {
      field: 'id',
      headerName: 'Nº',
      width: 80,
      renderCell: ({ row }) => (
        <Link component="button" type="button" onClick={() => open(row.id)} underline="hover" color="inherit" variant="body2">
          #{row.id}
        </Link>
      ),
    },
    { field: 'status', headerName: 'Situação', width: 130, renderCell: ({ row }) => <RequestStatusChip status={row.status} /> },
    { field: 'kind', headerName: 'Tipo', width: 100, valueFormatter: (v: SolicitationRead['kind']) => SOLICITATION_KIND_LABELS[v] },
    {
      field: 'items',
      headerName: 'Itens',
      flex: 1.3,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {itemsText(row)}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {row.reason}
          </Typography>
        </Box>
      ),
    },
    { field: 'requester', headerName: 'Solicitante', width: 150, sortable: false, valueGetter: (_v, row) => row.requester.name },
    { field: 'created_at', headerName: 'Criada em', width: 140, valueFormatter: (v: string) => formatDateTime(v) },
  ];

  return (
    <>
      <PageTitle title="Solicitações de patrimônio" subtitle="Pedidos de retirada e devolução de itens do almoxarifado" />
      <ResourceList<SolicitationRead>
        resource={requestApi.path}
        ariaLabel="Lista de solicitações de patrimônio"
        columns={columns}
        searchPlaceholder="Pesquisar motivo, solicitante ou item"
        filters={[
          enumFilter(SOLICITATION_STATUSES, SOLICITATION_STATUS_LABELS),
          { name: 'waiting', label: 'Pendências', options: [{ value: '', label: 'Todas' }, { value: 'true', label: 'Aguardando minha ação' }] },
          { name: 'mine', label: 'Solicitante', options: [{ value: '', label: 'Todos' }, { value: 'true', label: 'Somente as minhas' }] },
        ]}
        defaultFilters={{ waiting: params.get('waiting') === 'true' ? 'true' : '', mine: params.get('mine') === 'true' ? 'true' : '' }}
        toolbar={
          can(['PATRIMONY_OUT_REQUEST']) && (
            <Stack direction="row">
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                Nova solicitação
              </Button>
            </Stack>
          )
        }
        mobileHidden={['kind', 'requester', 'created_at']}
        onRowOpen={(s) => open(s.id)}
        rowActions={[
          { label: 'Ver', icon: <VisibilityIcon />, onClick: (s) => open(s.id) },
          ...(['approve', 'refuse', 'deliver', 'return', 'cancel'] as const).map((a) => ({
            label: SOLICITATION_STEP_LABELS[a],
            icon: STEP_ICONS[a],
            onClick: (s: SolicitationRead) => void steps.run(s, a),
            show: (s: SolicitationRead) => steps.allowed(s).includes(a),
          })),
        ]}
      />
      <RequestDetails id={openId} onClose={() => open(null)} steps={steps} />
      <RequestCreateDialog open={creating} onClose={() => setCreating(false)} onCreated={(s) => open(s.id)} />
      {steps.dialogs}
    </>
  );
}
