/** Columns shared by the shipment and shipment-request lists. */
import { Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SolicitationRead } from './api';
import { destinationText, itemsCount } from './format';

type Shipped = Pick<SolicitationRead, 'id' | 'origin_stock' | 'items'> & Parameters<typeof destinationText>[0];

export const originColumn = <T extends Shipped>(): GridColDef<T> => ({ field: 'origin_stock', headerName: 'Origem', flex: 1, minWidth: 130, sortable: false, valueGetter: (_v, row) => row.origin_stock.name });

export const itemsColumn = <T extends Shipped>(): GridColDef<T> => ({ field: 'items', headerName: 'Itens', width: 80, sortable: false, valueGetter: (_v, row) => itemsCount(row.items.length) });

/** Where it goes (a link to the record) and, below, who receives it. */
export function destinationColumn<T extends Shipped>(to: (row: T) => string, caption: (row: T) => ReactNode): GridColDef<T> {
  return {
    field: 'destination',
    headerName: 'Destino',
    flex: 1.4,
    minWidth: 170,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
        <Link component={RouterLink} to={to(row)} variant="body2" noWrap sx={{ display: 'block' }} underline="hover" color="inherit">
          {destinationText(row)}
        </Link>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {caption(row)}
        </Typography>
      </Box>
    ),
  };
}
