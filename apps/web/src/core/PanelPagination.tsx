/**
 * Pages of a panel's list (a data source's records, a webhook's deliveries, the revision log), all in
 * pt-BR: "Por página:", "1–10 de 42" and the buttons' names ("Próxima página"), which MUI says in English.
 */
import { TablePagination } from '@mui/material';

const BUTTONS = { first: 'Primeira página', last: 'Última página', next: 'Próxima página', previous: 'Página anterior' } as const;

export function PanelPagination({
  count,
  page,
  pageSize,
  sizes = [10, 25, 50, 100],
  onPage,
  onPageSize,
}: {
  count: number;
  /** From 0. */
  page: number;
  pageSize: number;
  sizes?: number[];
  onPage: (page: number) => void;
  /** A new size starts again at the first page. */
  onPageSize: (size: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_e, p) => onPage(p)}
      rowsPerPage={pageSize}
      onRowsPerPageChange={(e) => {
        onPageSize(Number(e.target.value));
        onPage(0);
      }}
      rowsPerPageOptions={sizes}
      labelRowsPerPage="Por página:"
      labelDisplayedRows={({ from, to, count: total }) => `${from}–${to} de ${total}`}
      getItemAriaLabel={(type) => BUTTONS[type]}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
