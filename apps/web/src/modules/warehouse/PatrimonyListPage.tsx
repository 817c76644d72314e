/** /patrimony (PATRIMONY): every item, with filters, and a PDF sheet of QR labels for the selected rows. */
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode';
import { Button, Chip, Stack } from '@mui/material';
import type { GridRowId } from '@mui/x-data-grid';
import { PATRIMONY_CONDITION_LABELS, PATRIMONY_CONDITIONS, PATRIMONY_STATUS_LABELS, PATRIMONY_STATUSES } from '@operacoes/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openFile } from '../../core/download';
import { useCan } from '../../core/permissions';
import { toast } from '../../core/toast';
import { PATRIMONY_PATH, type PatrimonyRead } from './api';
import { patrimonyColumns, patrimonyMobileHidden } from './columns';
import { useStockOptions } from './parts';
import { ListPage } from '../../core/resource';
import { enumFilter, selectFilter } from '../../core/form';

/** Opens the labels PDF (QR code, tag and link per item). */
export async function openLabels(ids: number[]) {
  try {
    await openFile(`${PATRIMONY_PATH}/labels`, 'etiquetas-patrimonio.pdf', { ids: ids.join(',') });
  } catch {
    /* toasted by the API client */
  }
}

export default function PatrimonyListPage() {
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['PATRIMONY']);
  const stocks = useStockOptions();
  const [selected, setSelected] = useState<Set<GridRowId>>(() => new Set());

  return (
    <ListPage<PatrimonyRead>
      title="Patrimônio"
      subtitle="Equipamentos controlados um a um, com número de patrimônio, local e responsável"
      resource={PATRIMONY_PATH}
      columns={patrimonyColumns}
      selection={{ ids: selected, onChange: setSelected }}
      searchPlaceholder="Pesquisar patrimônio, série ou produto"
      filters={[
        enumFilter(PATRIMONY_STATUSES, PATRIMONY_STATUS_LABELS),
        selectFilter('stock', 'Estoque', stocks),
        enumFilter(PATRIMONY_CONDITIONS, PATRIMONY_CONDITION_LABELS, { name: 'condition', label: 'Conservação' }),
      ]}
      createPath="/patrimony/create"
      createLabel="Novo patrimônio"
      canCreate={canWrite}
      mobileHidden={patrimonyMobileHidden}
      onRowOpen={(p) => navigate(`/patrimony/edit/${p.id}`)}
      toolbar={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {selected.size > 0 && (
            <Chip label={`${selected.size} selecionado(s)`} onDelete={() => setSelected(new Set())} deleteIcon={undefined} size="small" />
          )}
          <Button
            variant="outlined"
            startIcon={<QrCodeIcon />}
            onClick={() => {
              if (selected.size === 0) toast.info('Selecione os itens das etiquetas na primeira coluna.');
              else void openLabels([...selected].map(Number));
            }}
          >
            Etiquetas (PDF)
          </Button>
        </Stack>
      }
      rowActions={[
        { label: canWrite ? 'Editar' : 'Ver', icon: <EditIcon />, onClick: (p) => navigate(`/patrimony/edit/${p.id}`) },
        { label: 'Etiqueta', icon: <QrCodeIcon />, onClick: (p) => void openLabels([p.id]) },
      ]}
    />
  );
}
