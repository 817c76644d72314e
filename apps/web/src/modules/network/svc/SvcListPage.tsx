/** /svc (SVC): customer services with their VLAN, IP block and LMC; filters by status, type and "contains this address". */
import { TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { isIpv4, isIpv6, SVC_STATUSES, SVC_STATUS_LABELS, SVC_TYPES, SVC_TYPE_LABELS } from '@operacoes/contract';
import { useState } from 'react';
import { linkColumn } from '../../../core/columns';
import { enumFilter } from '../../../core/form';
import { ListPage, useListActions } from '../../../core/resource';
import { svcApi, type SvcRead } from '../pathApi';
import { SvcStatusChip, mbps } from '../pathParts';

const columns: GridColDef<SvcRead>[] = [
  linkColumn<SvcRead>('code', 'Código', (s) => `/svc/edit/${s.id}`, { width: 120 }),
  { field: 'client_name', headerName: 'Cliente', flex: 1, minWidth: 180 },
  { field: 'type', headerName: 'Tipo', width: 140, valueFormatter: (v: SvcRead['type']) => SVC_TYPE_LABELS[v] },
  { field: 'bandwidth_mbps', headerName: 'Banda', width: 110, type: 'number', valueFormatter: (v: number) => mbps(v) },
  { field: 'vlan_id', headerName: 'VLAN', width: 80, type: 'number' },
  { field: 'ip_block', headerName: 'Bloco IP', width: 170 },
  linkColumn<SvcRead>('lmc', 'LMC', (s) => (s.lmc ? `/lmc/edit/${s.lmc.id}` : ''), { width: 150, sortable: false, valueGetter: (_v, row) => row.lmc?.code ?? '—' }),
  { field: 'status', headerName: 'Situação', width: 130, renderCell: ({ row }) => <SvcStatusChip status={row.status} /> },
];

export default function SvcListPage() {
  const actions = useListActions(svcApi, { name: (s) => `${s.code} (${s.client_name})` });
  const [ip, setIp] = useState('');
  const text = ip.trim();
  const valid = text === '' || isIpv4(text) || isIpv6(text);
  return (
    <ListPage<SvcRead>
      title="SVC"
      subtitle="Serviços dos clientes: banda, VLAN, bloco IP e a LMC que os transporta"
      {...actions}
      columns={columns}
      searchPlaceholder="Pesquisar código, cliente, documento ou bloco"
      filters={[enumFilter(SVC_TYPES, SVC_TYPE_LABELS, { name: 'type', label: 'Tipo', all: 'Todos' }), enumFilter(SVC_STATUSES, SVC_STATUS_LABELS)]}
      params={valid && text ? { ip: text } : undefined}
      toolbar={
        <TextField
          label="Contém o endereço IP"
          value={ip}
          onChange={(e) => setIp(e.target.value)}
          error={!valid}
          helperText={valid ? 'Ex.: 200.150.10.9' : 'Digite um endereço IPv4 ou IPv6 completo'}
          size="small"
          sx={{ minWidth: 220 }}
        />
      }
      mobileHidden={['type', 'vlan_id', 'ip_block', 'lmc', 'bandwidth_mbps']}
    />
  );
}
