/** /my-patrimony (any logged-in user): what I hold, "Confirmar recebimento" and "Devolver". */
import DoneIcon from '@mui/icons-material/Done';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { PATRIMONY_CONDITION_LABELS } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../core/format';
import { useCan } from '../../core/permissions';
import { listKey } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { confirmMine, fetchVans, MY_PATRIMONY_PATH, returnMine, whKeys, type MyPatrimonyRead } from './api';
import { VanContents } from './VanContents';
import { Section } from '../../core/Section';
import { PatrimonyStatusChip } from './parts';
import { ListPage } from '../../core/resource';
import { ReasonDialog } from '../../core/form';
import { ToneChip } from '../../core/ToneChip';

/** The technician's own van, when they have one: what they carry besides what they hold. */
function MyVan() {
  const van = useQuery({ queryKey: whKeys.myVan, queryFn: () => fetchVans(true) });
  const mine = van.data?.[0];
  if (!mine) return null;
  return (
    <Box sx={{ mt: 3 }} data-testid="my-van">
      <Section title={`Minha van — ${mine.name}`} hint={`${mine.code} · estoque ${mine.stock.name}. O que você usa nas atividades sai daqui.`}>
        <VanContents van={mine} />
      </Section>
    </Box>
  );
}

export default function MyPatrimonyPage() {
  const qc = useQueryClient();
  const { can } = useCan();
  const [returning, setReturning] = useState<{ item: MyPatrimonyRead; open: boolean } | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: listKey(MY_PATRIMONY_PATH) });
    void qc.invalidateQueries({ queryKey: ['warehouse'] });
  };
  const confirm = async (p: MyPatrimonyRead) => {
    const ok = await confirmAction({
      title: `Confirmar o recebimento de ${p.tag}?`,
      text: `Você declara que recebeu ${p.product?.name ?? 'o item'}${p.serial ? ` (série ${p.serial})` : ''} e passa a responder por ele.`,
      confirmText: 'Confirmar recebimento',
      danger: false,
    });
    if (!ok) return;
    try {
      await confirmMine(p.id);
      toast.success('Recebimento confirmado!');
      refresh();
    } catch {
      /* toasted */
    }
  };

  const columns: GridColDef<MyPatrimonyRead>[] = [
    {
      field: 'tag',
      headerName: 'Patrimônio',
      width: 130,
      renderCell: ({ row }) =>
        can(['PATRIMONY', 'PATRIMONY.INDEX']) ? (
          <Link component={RouterLink} to={`/patrimony/edit/${row.id}`} underline="hover" color="inherit" sx={{ fontFamily: 'monospace' }}>
            {row.tag}
          </Link>
        ) : (
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {row.tag}
          </Box>
        ),
    },
    { field: 'product', headerName: 'Produto', flex: 1.4, minWidth: 160, sortable: false, valueGetter: (_v, row) => row.product?.name ?? '—' },
    { field: 'serial', headerName: 'Nº de série', width: 140, sortable: false, valueFormatter: (v: string | null) => v ?? '—' },
    { field: 'status', headerName: 'Situação', width: 130, sortable: false, renderCell: ({ row }) => <PatrimonyStatusChip status={row.status} /> },
    {
      field: 'holder_confirmed_at',
      headerName: 'Recebimento',
      width: 190,
      sortable: false,
      renderCell: ({ row }) =>
        row.holder_confirmed_at ? (
          <ToneChip color="success" label={`Confirmado em ${formatDateTime(row.holder_confirmed_at)}`} status="confirmado" />
        ) : (
          <ToneChip color="warning" label="Aguardando confirmação" status="nao-confirmado" />
        ),
    },
    {
      field: 'return',
      headerName: 'Devolução',
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => (row.return_solicitation_id ? `Pedida (#${row.return_solicitation_id})` : '—'),
    },
    { field: 'condition', headerName: 'Conservação', width: 110, sortable: false, valueFormatter: (v: keyof typeof PATRIMONY_CONDITION_LABELS) => PATRIMONY_CONDITION_LABELS[v] },
  ];

  return (
    <ListPage<MyPatrimonyRead>
      title="Meu patrimônio"
      subtitle="Itens sob a sua responsabilidade: confirme o recebimento ou peça a devolução ao almoxarifado"
      resource={MY_PATRIMONY_PATH}
      ariaLabel="Itens sob minha responsabilidade"
      columns={columns}
      searchPlaceholder="Pesquisar patrimônio, série ou produto"
      mobileHidden={['serial', 'return', 'condition', 'status']}
      rowActions={[
        { label: 'Confirmar recebimento', icon: <DoneIcon />, onClick: (p) => void confirm(p), show: (p) => !p.holder_confirmed_at },
        { label: 'Devolver', icon: <UndoIcon />, onClick: (p) => setReturning({ item: p, open: true }), show: (p) => p.status === 'em_uso' && !p.return_solicitation_id },
      ]}
    >
      <MyVan />
      <ReasonDialog
        open={!!returning?.open}
        title={`Devolver ${returning?.item.tag ?? ''}?`}
        text="Um pedido de devolução vai para o almoxarifado; o item continua com você até ser recebido."
        label="Motivo da devolução"
        confirmText="Pedir devolução"
        onClose={() => setReturning((r) => (r ? { ...r, open: false } : r))}
        onConfirm={async (reason) => {
          const s = await returnMine(returning!.item.id, reason || undefined);
          toast.success(`Pedido de devolução #${s.id} enviado!`);
          refresh();
        }}
      />
    </ListPage>
  );
}
