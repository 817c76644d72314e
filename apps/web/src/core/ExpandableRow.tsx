/**
 * A table row that opens a detail row under it (a data source run's log, a webhook delivery's answer):
 * its first cell is the toggle, named for screen readers; the detail spans the table's columns.
 */
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Collapse, IconButton, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

export function ExpandableRow({
  open,
  onToggle,
  expandable = true,
  columns,
  cells,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  /** False when the row has nothing to show under it (no toggle, no detail row). */
  expandable?: boolean;
  /** The table's column count, the toggle's included. */
  columns: number;
  /** The row's cells after the toggle. */
  cells: ReactNode;
  /** The detail. */
  children: ReactNode;
}) {
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell>
          {expandable && (
            <IconButton size="small" aria-label={open ? 'Ocultar detalhes' : 'Ver detalhes'} aria-expanded={open} onClick={onToggle}>
              {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
            </IconButton>
          )}
        </TableCell>
        {cells}
      </TableRow>
      {expandable && (
        <TableRow>
          <TableCell colSpan={columns} sx={{ py: 0 }}>
            <Collapse in={open} unmountOnExit>
              <Box sx={{ py: 1.5 }}>{children}</Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
