/** /stock/info/:id: a stock with its sections, consumable balances (and their operations), patrimony inside and recent movements. */
import AddIcon from '@mui/icons-material/Add';
import BuildIcon from '@mui/icons-material/Build';
import EditIcon from '@mui/icons-material/Edit';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircle';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Stack } from '@mui/material';
import { readPermissionsOf } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { ResourceList } from '../../core/ResourceList';
import { fetchSectionsOf, getStock, whKeys, type BalanceRead, type ConsumableOp, type MovementRead, type PatrimonyRead, type SectionRead } from './api';
import { balanceColumns, movementColumns, movementMobileHidden, patrimonyColumns, patrimonyMobileHidden, sectionColumns } from './columns';
import { CONSUMABLE_OP_LABELS, ConsumableDialog, type ConsumablePreset } from './ConsumableDialog';
import { Details, Section } from '../../core/Section';
import { RecordFrame } from '../../core/RecordPage';
import { ToneChip } from '../../core/ToneChip';

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

export default function StockInfoPage() {
  const { id } = useParams();
  const stockId = Number(id);
  const navigate = useNavigate();
  const { can } = useCan();
  const q = useQuery({ queryKey: whKeys.stock(stockId), queryFn: () => getStock(stockId) });
  // A page never asks for what the user may not read: sections need SECTION or SECTION.INDEX.
  const canReadSections = can(readPermissionsOf('SECTION'));
  const sections = useQuery({ queryKey: whKeys.sectionsOf(stockId), queryFn: () => fetchSectionsOf(stockId), enabled: canReadSections });
  const s = q.data;
  return (
    <Box>
      <PageTitle
        title={s ? `Estoque ${s.name}` : 'Detalhes do estoque'}
        subtitle={s ? `${s.code} · ${s.unit_organizational?.name ?? ''}` : undefined}
        actions={
          s &&
          can(['STOCK']) && (
            <Button component={RouterLink} to={`/stock/edit/${s.id}`} startIcon={<EditIcon />} variant="outlined">
              Editar
            </Button>
          )
        }
      />
      <RecordFrame loading={q.isLoading} missing={!s} what="Estoque" backTo="/stock">
        {s && (
          <>
            <Section title="Dados" actions={<ToneChip color={s.is_active ? 'success' : 'default'} label={s.is_active ? 'Ativo' : 'Inativo'} status={String(s.is_active)} />}>
              <Details
                rows={[
                  ['Unidade', s.unit_organizational?.name],
                  ['Seções', String(s.section_count)],
                  ['Endereço', s.address],
                  ['Descrição', s.description],
                  ['Atualizado em', formatDateTime(s.updated_at)],
                ]}
              />
            </Section>
            <PageTabs
              ariaLabel="Conteúdo do estoque"
              tabs={[
                {
                  value: 'secoes',
                  label: `Seções (${s.section_count})`,
                  hidden: !canReadSections,
                  content: (
                    <ResourceList<SectionRead>
                      resource={`/section?stock=${s.id}`}
                      ariaLabel="Seções do estoque"
                      columns={sectionColumns.filter((c) => c.field !== 'stock_id')}
                      searchPlaceholder="Pesquisar seção"
                      createPath={`/section/create?stock=${s.id}`}
                      createLabel="Nova seção"
                      canCreate={can(['SECTION'])}
                      onRowOpen={(x) => navigate(`/section/info/${x.id}`)}
                      rowActions={[
                        { label: 'Detalhes', icon: <VisibilityIcon />, onClick: (x) => navigate(`/section/info/${x.id}`) },
                        { label: 'Editar', icon: <EditIcon />, onClick: (x) => navigate(`/section/edit/${x.id}`), show: can(['SECTION']) },
                      ]}
                    />
                  ),
                },
                { value: 'saldos', label: 'Saldos de consumíveis', content: <BalancesPanel resource={`/stock/${s.id}/balances`} sections={sections.data ?? []} /> },
                { value: 'patrimonio', label: 'Patrimônio', content: <PatrimonyPanel resource={`/patrimony?stock=${s.id}`} />, hidden: !can(readPermissionsOf('PATRIMONY').concat(readPermissionsOf('WAREHOUSE'))) },
                {
                  value: 'movimentacoes',
                  label: 'Movimentações',
                  content: <MovementsPanel resource={`/movements?stock=${s.id}`} />,
                  hidden: !can(readPermissionsOf('PATRIMONY_HISTORY').concat(readPermissionsOf('WAREHOUSE'))),
                },
              ]}
            />
          </>
        )}
      </RecordFrame>
    </Box>
  );
}
