/** /organization-settings/webhook (DATA_SOURCE): the addresses the organization's changes are sent to. */
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { WEBHOOK_DELIVERY_STATUS_LABELS } from '@operacoes/contract';
import { Crumbs } from '../../core/Crumbs';
import { formatDateTime } from '../../core/format';
import { ListPage, useListActions } from '../../core/resource';
import { webhookApi, type Webhook } from './api';

export const DELIVERY_COLORS = { pendente: 'warning', entregue: 'success', falhou: 'error', desativado: 'default' } as const;

const columns: GridColDef<Webhook>[] = [
  { field: 'url', headerName: 'URL', flex: 1.5, minWidth: 220 },
  { field: 'events', headerName: 'Eventos', width: 100, sortable: false, valueGetter: (_v, row) => row.events.length },
  {
    field: 'is_active',
    headerName: 'Situação',
    width: 110,
    renderCell: ({ row }) => (row.is_active ? <Chip size="small" color="success" variant="outlined" label="Ativo" /> : <Chip size="small" variant="outlined" label="Inativo" />),
  },
  {
    field: 'last_delivery',
    headerName: 'Última entrega',
    width: 230,
    sortable: false,
    renderCell: ({ row }) =>
      row.last_delivery ? (
        <Chip
          size="small"
          variant="outlined"
          color={DELIVERY_COLORS[row.last_delivery.status]}
          label={`${WEBHOOK_DELIVERY_STATUS_LABELS[row.last_delivery.status]}${row.last_delivery.status_code ? ` (HTTP ${row.last_delivery.status_code})` : ''} · ${formatDateTime(row.last_delivery.at)}`}
        />
      ) : (
        'Nenhuma'
      ),
  },
];

export default function WebhookListPage() {
  const actions = useListActions(webhookApi, { name: (w) => w.url, removeText: 'O webhook e o histórico de entregas dele serão excluídos.' });
  return (
    <ListPage<Webhook>
      title="Webhooks"
      subtitle="Endereços que recebem as alterações dos registros da organização"
      before={<Crumbs trail={[{ to: '/organization-settings', label: 'Configurações da organização' }]} current="Webhooks" />}
      {...actions}
      columns={columns}
      searchPlaceholder="Pesquisar URL"
      mobileHidden={['events', 'last_delivery']}
    />
  );
}
