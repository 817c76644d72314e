/** /movements (PATRIMONY_HISTORY): the append-only history, with filters and CSV/XLSX export. */
import { Box, MenuItem, Paper, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { MOVEMENT_EXPORT_MAX_ROWS, MOVEMENT_TYPE_LABELS, MOVEMENT_TYPES } from '@operacoes/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButtons } from '../../core/ExportButtons';
import { formatInt } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { ResourceList } from '../../core/ResourceList';
import { todayInApp } from '../../core/time-zone';
import { UserAutocomplete, type UserOption } from '../../core/UserAutocomplete';
import { MOVEMENT_PATH, searchProducts, type MovementRead } from './api';
import { movementColumns, movementMobileHidden } from './columns';
import { productLabel, useStockOptions } from './parts';
import { AsyncPicker } from '../../core/form';

type ProductOption = { id: number; code: string; name: string };

export default function MovementsPage() {
  const [params] = useSearchParams();
  const stocks = useStockOptions();
  const [type, setType] = useState('');
  const [stock, setStock] = useState('');
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [user, setUser] = useState<UserOption | null>(null);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const item = params.get('item');

  const filters: Record<string, string> = {};
  if (item) filters.item = item;
  if (type) filters.type = type;
  if (stock) filters.stock = stock;
  if (product) filters.product = String(product.id);
  if (user) filters.user = String(user.id);
  if (from?.isValid()) filters.from = from.format('YYYY-MM-DD');
  if (to?.isValid()) filters.to = to.format('YYYY-MM-DD');
  const query = new URLSearchParams(filters).toString();


  return (
    <>
      <PageTitle
        title="Movimentações"
        subtitle="Histórico de entradas, saídas, transferências, devoluções, ajustes e baixas (não pode ser alterado)"
        actions={
          <ExportButtons path={MOVEMENT_PATH} fileName="movimentacoes" params={{ ...filters, sort: '-created_at' }} />
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mb: 2 }} component="section" aria-label="Filtros">
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          <TextField select label="Tipo" value={type} onChange={(e) => setType(e.target.value)}>
            <MenuItem value="">Todos</MenuItem>
            {MOVEMENT_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {MOVEMENT_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Estoque" value={stock} onChange={(e) => setStock(e.target.value)}>
            <MenuItem value="">Todos</MenuItem>
            {stocks.map((s) => (
              <MenuItem key={s.value} value={String(s.value)}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <AsyncPicker<ProductOption>
            queryKey={['warehouse', 'movement-product']}
            fetch={(t) => searchProducts(t)}
            value={product}
            onChange={setProduct}
            getLabel={productLabel}
            label="Produto"
            noOptionsText="Nenhum produto encontrado"
          />
          <UserAutocomplete value={user} onChange={setUser} label="Usuário (quem fez ou quem detinha)" />
          <DatePicker label="De" value={from} onChange={setFrom} maxDate={to ?? undefined} slotProps={{ field: { clearable: true } }} />
          <DatePicker label="Até" value={to} onChange={setTo} minDate={from ?? undefined} maxDate={dayjs(todayInApp())} slotProps={{ field: { clearable: true } }} />
        </Box>
        <Box sx={{ mt: 1, color: 'text.secondary', fontSize: 12 }}>
          A exportação usa estes filtros (até {formatInt(MOVEMENT_EXPORT_MAX_ROWS)} linhas){item ? ` e o item #${item}` : ''}.
        </Box>
      </Paper>
      <ResourceList<MovementRead>
        resource={query ? `${MOVEMENT_PATH}?${query}` : MOVEMENT_PATH}
        ariaLabel="Lista de movimentações"
        columns={movementColumns}
        searchPlaceholder="Pesquisar patrimônio ou produto"
        mobileHidden={movementMobileHidden}
      />
    </>
  );
}
