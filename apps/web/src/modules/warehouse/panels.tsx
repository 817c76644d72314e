/** Panels of the stock and section info pages: consumable balances (with their operations), patrimony inside, recent movements. */
import AddIcon from '@mui/icons-material/Add';
import BuildIcon from '@mui/icons-material/Build';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircle';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ModulePermission, readPermissionsOf } from '@operacoes/contract';
import type { PageTab } from '../../core/PageTabs';
import { useCan } from '../../core/permissions';
import { ResourceList } from '../../core/ResourceList';
import type { BalanceRead, ConsumableOp, MovementRead, PatrimonyRead, SectionRead } from './api';
import { balanceColumns, movementColumns, movementMobileHidden, patrimonyColumns, patrimonyMobileHidden } from './columns';
import { CONSUMABLE_OP_LABELS, ConsumableDialog, type ConsumablePreset } from './ConsumableDialog';

const OP_ICONS: Record<ConsumableOp, React.ReactElement> = {
  entry: <AddIcon />,
  transfer: <SwapHorizIcon />,
  adjustment: <BuildIcon />,
  'write-off': <RemoveCircleOutlineIcon />,
};

/** The consumable balances of a stock or a section, with the operations for STOCK writers. */
export function BalancesPanel({ resource, sections }: { resource: string; sections: SectionRead[] }) {
  const { can } = useCan();
  const canWrite = can(['STOCK']);
  const [dialog, setDialog] = useState<{ op: ConsumableOp; preset: ConsumablePreset; open: boolean } | null>(null);
  const open = (op: ConsumableOp, preset: ConsumablePreset = {}) => setDialog({ op, preset, open: true });
  const fromRow = (b: BalanceRead): ConsumablePreset => ({ product: b.product, sectionId: b.section.id });
  return (
    <>
      <ResourceList<BalanceRead>
        resource={resource}
        ariaLabel="Saldos de consumíveis"
        columns={balanceColumns}
        searchPlaceholder="Pesquisar produto"
        filters={[{ name: 'positive', label: 'Saldo', options: [{ value: 'true', label: 'Somente com saldo' }, { value: '', label: 'Todos' }] }]}
        defaultFilters={{ positive: 'true' }}
        mobileHidden={['section', 'minimum', 'updated_at']}
        toolbar={
          canWrite && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {(['entry', 'transfer', 'adjustment', 'write-off'] as const).map((op) => (
                <Button key={op} size="small" variant={op === 'entry' ? 'contained' : 'outlined'} startIcon={OP_ICONS[op]} onClick={() => open(op)} disabled={sections.length === 0}>
                  {CONSUMABLE_OP_LABELS[op]}
                </Button>
              ))}
            </Stack>
          )
        }
        rowActions={[
          { label: 'Entrada', icon: OP_ICONS.entry, onClick: (b) => open('entry', fromRow(b)), show: canWrite },
          { label: 'Transferir', icon: OP_ICONS.transfer, onClick: (b) => open('transfer', fromRow(b)), show: canWrite },
          { label: 'Ajustar', icon: OP_ICONS.adjustment, onClick: (b) => open('adjustment', fromRow(b)), show: canWrite },
          { label: 'Baixar', icon: OP_ICONS['write-off'], onClick: (b) => open('write-off', fromRow(b)), show: canWrite },
        ]}
      />
      <ConsumableDialog
        op={dialog?.op ?? null}
        open={!!dialog?.open}
        preset={dialog?.preset}
        sections={sections}
        onClose={() => setDialog((d) => (d ? { ...d, open: false } : d))}
      />
    </>
  );
}

export function PatrimonyPanel({ resource }: { resource: string }) {
  const navigate = useNavigate();
  return (
    <ResourceList<PatrimonyRead>
      resource={resource}
      ariaLabel="Patrimônio neste local"
      columns={patrimonyColumns}
      searchPlaceholder="Pesquisar patrimônio, série ou produto"
      mobileHidden={patrimonyMobileHidden}
      onRowOpen={(p) => navigate(`/patrimony/edit/${p.id}`)}
      rowActions={[{ label: 'Abrir', icon: <VisibilityIcon />, onClick: (p) => navigate(`/patrimony/edit/${p.id}`) }]}
    />
  );
}

export function MovementsPanel({ resource }: { resource: string }) {
  return <ResourceList<MovementRead> resource={resource} ariaLabel="Movimentações recentes" columns={movementColumns} searchPlaceholder="Pesquisar" mobileHidden={movementMobileHidden} />;
}

/** The balances, patrimony and movements tabs of a place (a stock or a section), each shown to whom may read it. */
export function usePlaceTabs() {
  const { can } = useCan();
  const readsAny = (...names: ModulePermission[]) => can(names.flatMap((n) => readPermissionsOf(n)));
  return (place: 'stock' | 'section', id: number, balances: string, sections: SectionRead[]): PageTab[] => [
    { value: 'saldos', label: 'Saldos de consumíveis', content: <BalancesPanel resource={balances} sections={sections} />, hidden: !readsAny('STOCK') },
    { value: 'patrimonio', label: 'Patrimônio', content: <PatrimonyPanel resource={`/patrimony?${place}=${id}`} />, hidden: !readsAny('PATRIMONY', 'WAREHOUSE') },
    { value: 'movimentacoes', label: 'Movimentações', content: <MovementsPanel resource={`/movements?${place}=${id}`} />, hidden: !readsAny('PATRIMONY_HISTORY', 'WAREHOUSE') },
  ];
}
