/** A small outlined table: its header cells, then its rows; with `maxHeight` it scrolls under a sticky header. */
import { Paper, Table, TableBody, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

export function SmallTable({ label, head, maxHeight, children }: { label: string; head: ReactNode; maxHeight?: number; children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={maxHeight ? { maxHeight } : undefined}>
      <Table size="small" stickyHeader={!!maxHeight} aria-label={label}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
