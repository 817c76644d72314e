/**
 * ResourceList (DESIGN §2): MUI X DataGrid with server-side paging and sorting, a search box,
 * select filters, the user's page size and table layout, empty and loading states, and row
 * actions filtered by permission. Lives in lazy chunks only (the grid is large).
 */
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridDensity,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import type { ListResult } from '@operacoes/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { api } from './api';
import { listKey } from './resource/api';

export { listKey };
import { useSession } from './session';
import type { TableLayout } from './storage';
import { SearchField } from './SearchField';

export type RowAction<T> = {
  label: string;
  icon: ReactElement;
  onClick: (row: T) => void;
  /** Hidden when false (e.g. the user lacks the write permission). */
  show?: boolean | ((row: T) => boolean);
};

export type ListFilter = { name: string; label: string; options: { value: string; label: string }[] };

export const DENSITY: Record<TableLayout, GridDensity> = {
  standart: 'standard',
  compact: 'compact',
  comfortable: 'comfortable',
};

const PAGE_SIZES = [5, 10, 25, 50, 100];

/**
 * The grid's texts: MUI's ptBR with its European-Portuguese and awkward wordings replaced by
 * Brazilian ones ("Gerir colunas" → "Gerenciar colunas", "Deselecionar" → "Desmarcar"…).
 */
export const GRID_LOCALE_TEXT = {
  ...gridPtBR.components.MuiDataGrid.defaultProps.localeText,
  noRowsLabel: 'Nenhum registro encontrado',
  noResultsOverlayLabel: 'Nenhum resultado encontrado',
  columnMenuManageColumns: 'Gerenciar colunas',
  columnMenuAriaLabel: (columnName: string) => `Menu da coluna ${columnName}`,
  columnsManagementSearchTitle: 'Pesquisar',
  columnsManagementShowHideAllText: 'Mostrar/ocultar todas',
  toolbarQuickFilterPlaceholder: 'Pesquisar…',
  toolbarQuickFilterLabel: 'Pesquisar',
  checkboxSelectionHeaderName: 'Seleção',
  checkboxSelectionSelectAllRows: 'Marcar todas as linhas',
  checkboxSelectionUnselectAllRows: 'Desmarcar todas as linhas',
  checkboxSelectionSelectRow: 'Marcar linha',
  checkboxSelectionUnselectRow: 'Desmarcar linha',
  'filterOperator=': 'igual a',
  'filterOperator>=': 'maior ou igual a',
  'filterOperator<=': 'menor ou igual a',
  headerFilterOperatorIsAnyOf: 'É um destes',
  filterOperatorIsAnyOf: 'é um destes',
  filterValueTrue: 'sim',
  filterValueFalse: 'não',
  actionsCellMore: 'Mais ações',
};

/** Server list params from the grid state (exported for tests). */
export function listParams(
  pagination: GridPaginationModel,
  sort: GridSortModel,
  search: string,
  filters: Record<string, string>,
): Record<string, string | number> {
  const p: Record<string, string | number> = { page: pagination.page + 1, pageSize: pagination.pageSize };
  if (search.trim()) p.search = search.trim();
  if (sort[0]?.sort) p.sort = `${sort[0].sort === 'desc' ? '-' : ''}${sort[0].field}`;
  for (const [k, v] of Object.entries(filters)) if (v !== '') p[k] = v;
  return p;
}

export function useDebounced<T>(value: T, ms = 400): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export type ResourceListProps<T extends GridValidRowModel> = {
  /** API path, e.g. '/user'. */
  resource: string;
  /** Query key root; invalidate `['list', resource]` after writes. */
  columns: GridColDef<T>[];
  ariaLabel: string;
  filters?: ListFilter[];
  defaultFilters?: Record<string, string>;
  rowActions?: RowAction<T>[];
  createPath?: string;
  createLabel?: string;
  canCreate?: boolean;
  searchPlaceholder?: string;
  /** Columns hidden on phones. */
  mobileHidden?: string[];
  toolbar?: ReactNode;
  /** Query params the page keeps itself (e.g. a free-text filter in `toolbar`); empty values are left out. */
  params?: Record<string, string>;
  onRowOpen?: (row: T) => void;
  /**
   * Rows ticked in a checkbox column (the grid's own, sized for its checkbox), kept across pages
   * and searches; "mark all" marks the rows of the page.
   */
  selection?: { ids: ReadonlySet<GridRowId>; onChange: (ids: Set<GridRowId>) => void };
  /** The list's current search and filters (e.g. for an export of what the list shows). */
  onQueryChange?: (query: Record<string, string>) => void;
  /** On a phone, the filters and toolbar fold behind a "Filtros" button (lists with many filters used in the field). */
  foldFiltersOnPhone?: boolean;
};


export function ResourceList<T extends GridValidRowModel>({
  resource,
  columns,
  ariaLabel,
  filters = [],
  defaultFilters = {},
  rowActions = [],
  createPath,
  createLabel = 'Novo',
  canCreate = true,
  searchPlaceholder = 'Pesquisar',
  mobileHidden = [],
  toolbar,
  params: extraParams,
  onRowOpen,
  selection,
  onQueryChange,
  foldFiltersOnPhone = false,
}: ResourceListProps<T>) {
  const { prefs } = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: prefs.pageSize });
  const folds = foldFiltersOnPhone && phone;
  const [unfolded, setUnfolded] = useState(false);
  const [sort, setSort] = useState<GridSortModel>([]);
  // A filter opens from the address too (`/product?belowMinimum=true`, the dashboard's links), when
  // the value is one of its options (options still loading accept it); so does the search (`?search=`).
  const [address] = useSearchParams();
  const [search, setSearch] = useState(() => address.get('search') ?? '');
  const [filterValues, setFilterValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      filters.map((f) => {
        const fromAddress = address.get(f.name);
        const valid = fromAddress !== null && (!f.options.length || f.options.some((o) => String(o.value) === fromAddress));
        return [f.name, defaultFilters[f.name] ?? (valid ? fromAddress : '')];
      }),
    ),
  );
  const debouncedSearch = useDebounced(search);
  const params = listParams(pagination, sort, debouncedSearch, { ...filterValues, ...extraParams });
  const activeFilters = Object.values(filterValues).filter((v) => v !== '').length + Object.values(extraParams ?? {}).filter((v) => v !== '').length;
  const extraKey = JSON.stringify(extraParams ?? {});

  useEffect(() => setPagination((p) => ({ ...p, page: 0 })), [debouncedSearch, filterValues, extraKey]);
  useEffect(() => {
    if (!onQueryChange) return;
    const query: Record<string, string> = Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v !== ''));
    if (debouncedSearch.trim()) query.search = debouncedSearch.trim();
    onQueryChange(query);
  }, [debouncedSearch, filterValues, onQueryChange]);

  const q = useQuery({
    queryKey: [...listKey(resource), params],
    queryFn: async () => (await api.get<ListResult<T>>(resource, { params })).data,
    placeholderData: keepPreviousData,
  });

  const allColumns = useMemo<GridColDef<T>[]>(() => {
    if (rowActions.length === 0) return columns;
    const actions: GridColDef<T> = {
        field: '__actions',
        type: 'actions',
        headerName: 'Ações',
        width: Math.max(80, rowActions.length * 44),
        getActions: ({ row }) =>
          rowActions
            .filter((a) => (typeof a.show === 'function' ? a.show(row) : a.show !== false))
            .map((a) => (
              <GridActionsCellItem key={a.label} icon={a.icon} label={a.label} title={a.label} onClick={() => a.onClick(row)} />
            )),
    };
    // On a phone the actions come first: a wide row would push them off screen.
    return phone ? [actions, ...columns] : [...columns, actions];
  }, [columns, rowActions, phone]);

  const visibility = useMemo(
    () => Object.fromEntries(mobileHidden.map((c) => [c, !phone])),
    [mobileHidden, phone],
  );
  const selectedIds = selection?.ids;
  const rowSelectionModel = useMemo<GridRowSelectionModel | undefined>(
    () => (selectedIds ? { type: 'include', ids: new Set(selectedIds) } : undefined),
    [selectedIds],
  );
  const sizes = PAGE_SIZES.includes(prefs.pageSize) ? PAGE_SIZES : [...PAGE_SIZES, prefs.pageSize].sort((a, b) => a - b);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      {/* Many filters wrap to a second line instead of squeezing each other. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 1.5, alignItems: { sm: 'center' }, flexWrap: { sm: 'wrap' } }}>
        <SearchField label={searchPlaceholder} value={search} onChange={setSearch} sx={{ maxWidth: { sm: 320 }, minWidth: { sm: 240 } }} />
        {folds && (
          <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setUnfolded((u) => !u)} aria-expanded={unfolded}>
            {`Filtros${activeFilters ? ` (${activeFilters})` : ''}`}
          </Button>
        )}
        {(!folds || unfolded) && filters.map((f) => (
          <TextField
            key={f.name}
            select
            label={f.label}
            value={filterValues[f.name] ?? ''}
            onChange={(e) => setFilterValues((v) => ({ ...v, [f.name]: e.target.value }))}
            sx={{ maxWidth: { sm: 200 }, minWidth: { sm: 140 } }}
          >
            {f.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <Box sx={{ flex: 1 }} />
        {(!folds || unfolded) && toolbar}
        {createPath && canCreate && (
          <Button component={RouterLink} to={createPath} variant="contained" startIcon={<AddIcon />}>
            {createLabel}
          </Button>
        )}
      </Stack>
      <DataGrid<T>
        aria-label={ariaLabel}
        rows={q.data?.items ?? []}
        columns={allColumns}
        rowCount={q.data?.total_items ?? 0}
        loading={q.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={sort}
        onSortModelChange={setSort}
        pageSizeOptions={sizes}
        density={DENSITY[prefs.tableLayout]}
        localeText={GRID_LOCALE_TEXT}
        columnVisibilityModel={visibility}
        disableRowSelectionOnClick
        checkboxSelection={!!selection}
        rowSelectionModel={rowSelectionModel}
        onRowSelectionModelChange={selection ? (m) => selection.onChange(new Set(m.ids)) : undefined}
        keepNonExistentRowsSelected={!!selection}
        disableRowSelectionExcludeModel
        disableColumnFilter
        autoHeight
        // Double click on a desktop; a single tap on a phone (there is no double tap).
        onRowDoubleClick={onRowOpen && !phone ? (p) => onRowOpen(p.row as T) : undefined}
        onRowClick={onRowOpen && phone ? (p) => onRowOpen(p.row as T) : undefined}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{ border: 0, '& .MuiDataGrid-cell:focus-within': { outline: 'none' } }}
      />
    </Paper>
  );
}
