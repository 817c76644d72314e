/** Columns lists repeat: a name linking to the record's page, and the active flag as a chip. */
import { Link } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { ActiveChip } from './ToneChip';

export function linkColumn<T extends GridValidRowModel>(field: string, headerName: string, to: (row: T) => string, more: Partial<GridColDef<T>> = {}): GridColDef<T> {
  return {
    field,
    headerName,
    flex: 1.4,
    minWidth: 160,
    // The cell's value (a valueGetter's too); no link when the row has nowhere to go (an empty
    // link, named by nothing, pointed at the list itself).
    renderCell: ({ row, value }) => {
      const href = to(row);
      const text = String(value ?? '');
      return href ? (
        <Link component={RouterLink} to={href} underline="hover" color="inherit">
          {text}
        </Link>
      ) : (
        text
      );
    },
    ...more,
  };
}

export function activeColumn<T extends GridValidRowModel & { is_active: boolean }>(gender: 'm' | 'f' = 'm'): GridColDef<T> {
  return { field: 'is_active', headerName: 'Situação', width: 100, renderCell: ({ row }) => <ActiveChip active={row.is_active} gender={gender} /> };
}
