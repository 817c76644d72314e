/** /union (UNION): aggregation and redundancy groups of LMCs and operator circuits, with capacity and a "degradada" chip. */
import type { GridColDef } from '@mui/x-data-grid';
import { UNION_MODES, UNION_MODE_LABELS } from '@operacoes/contract';
import { linkColumn } from '../../../core/columns';
import { enumFilter } from '../../../core/form';
import { ListPage, useListActions } from '../../../core/resource';
import { useLiveCircuits } from '../CircuitParts';
import { unionApi, type UnionRead } from '../pathApi';
import { mbps, UnionStateChip } from '../pathParts';

const columns: GridColDef<UnionRead>[] = [
  linkColumn<UnionRead>('code', 'Código', (u) => `/union/edit/${u.id}`, { width: 140 }),
  { field: 'name', headerName: 'Nome', flex: 1, minWidth: 180 },
  { field: 'mode', headerName: 'Modo', width: 200, valueFormatter: (v: UnionRead['mode']) => UNION_MODE_LABELS[v] },
  { field: 'members', headerName: 'Membros', width: 100, type: 'number', sortable: false, valueGetter: (_v, row) => row.members.length },
  // The active path's bottleneck (the API's figure), not what the members declare.
  {
    field: 'capacity_mbps',
    headerName: 'Capacidade ativa',
    width: 150,
    type: 'number',
    sortable: false,
    valueFormatter: (v: number) => mbps(v),
    description: 'O gargalo do caminho ativo: o menor segmento do membro ativo (somado entre os membros ativos nos modos de agregação)',
  },
  { field: 'degraded', headerName: 'Estado', width: 130, sortable: false, renderCell: ({ row }) => <UnionStateChip degraded={row.degraded} /> },
];

export default function UnionListPage() {
  useLiveCircuits();
  const actions = useListActions(unionApi, { name: (u) => u.code });
  return (
    <ListPage<UnionRead>
      title="Uniões"
      subtitle="Agregação e redundância de LMCs e circuitos entre os mesmos dois sites"
      {...actions}
      columns={columns}
      searchPlaceholder="Pesquisar código ou nome"
      filters={[enumFilter(UNION_MODES, UNION_MODE_LABELS, { name: 'mode', label: 'Modo', all: 'Todos' })]}
      mobileHidden={['name', 'mode', 'members']}
    />
  );
}
