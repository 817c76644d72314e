/** What a technician's van holds (its consumables and patrimony items): on /van and on the technician's /my-patrimony. */
import { Stack, TableCell, TableRow, Typography } from '@mui/material';
import { SmallTable } from '../../core/SmallTable';
import type { VanRead } from './api';
import { formatQty } from './parts';

/** What a van holds: its consumables and its patrimony items. */
export function VanContents({ van }: { van: VanRead }) {
  return (
    <Stack spacing={1.5}>
      {van.balances.length === 0 && van.items.length === 0 && <Typography color="text.secondary">A van está vazia.</Typography>}
      {van.balances.length > 0 && (
        <SmallTable label={`Consumíveis da ${van.name}`} head={[<TableCell key="p">Consumível</TableCell>, <TableCell key="q" align="right">Saldo</TableCell>]}>
          {van.balances.map((b) => (
            <TableRow key={b.id}>
              <TableCell>{b.product.name}</TableCell>
              <TableCell align="right">{`${formatQty(b.quantity)} ${b.product.unit_of_measure}`}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
      {van.items.length > 0 && (
        <SmallTable label={`Patrimônio da ${van.name}`} head={[<TableCell key="t">Patrimônio</TableCell>, <TableCell key="p">Produto</TableCell>, <TableCell key="s">Nº de série</TableCell>]}>
          {van.items.map((i) => (
            <TableRow key={i.id}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{i.tag}</TableCell>
              <TableCell>{i.product.name}</TableCell>
              <TableCell>{i.serial ?? '—'}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </Stack>
  );
}

