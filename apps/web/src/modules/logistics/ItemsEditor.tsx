/**
 * The items of a shipment request: patrimony items picked by tag/serial (only `disponível` ones of
 * the origin stock) and consumable quantities picked from the origin stock's balances.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Chip, FormHelperText, IconButton, InputAdornment, Paper, Typography } from '@mui/material';
import type { BalanceRead, PatrimonyRead } from '@operacoes/contract';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { searchBalances, searchPatrimony } from './api';
import { formatQuantity } from './format';
import type { ItemLine, SolicitationFormValues } from './solicitation-form';
import { AsyncPicker, NumberInput } from '../../core/form';

let seq = 0;

/** A server violation on a line (items.2.patrimony_id: "O item … não está no estoque de origem"). */
function lineError(errors: unknown, i: number): string | undefined {
  const e = (errors as Record<number, Record<string, { message?: string }> | undefined> | undefined)?.[i];
  if (!e) return undefined;
  return [e.patrimony_id, e.product_id, e.section_id].map((x) => x?.message).filter(Boolean).join(' · ') || undefined;
}
const newKey = () => `n${++seq}`;

function ItemRow({ line, index, onRemove, disabled, error }: { line: ItemLine; index: number; onRemove: () => void; disabled?: boolean; error?: string }) {
  const { control } = useFormContext<SolicitationFormValues>();
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={line.tag ? `Item ${line.tag}` : `Item ${line.product}`}
      sx={{ p: 1.25, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <Box sx={{ flex: 1, minWidth: 180 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={line.kind === 'patrimonio' ? 'Patrimônio' : 'Consumível'} />
          {line.tag && (
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {line.tag}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {line.product}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[line.serial ? `Série ${line.serial}` : null, line.section ? `Seção ${line.section}` : null, line.available !== null ? `Saldo ${formatQuantity(line.available, line.unit)}` : null]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {error && (
          <FormHelperText error sx={{ mt: 0.5 }}>
            {error}
          </FormHelperText>
        )}
      </Box>
      {line.kind === 'consumivel' ? (
        <Controller
          control={control}
          name={`items.${index}.quantity`}
          render={({ field, fieldState }) => (
            <NumberInput
              label="Quantidade"
              size="small"
              required
              disabled={disabled}
              name={field.name}
              inputRef={field.ref}
              value={field.value as number | undefined}
              onChange={field.onChange}
              blankAsUndefined
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              sx={{ width: { xs: 'calc(100% - 48px)', sm: 170 } }}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">{line.unit}</InputAdornment> } }}
            />
          )}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 170 }, textAlign: { sm: 'right' } }}>
          1 un
        </Typography>
      )}
      {!disabled && (
        <IconButton aria-label={`Remover ${line.tag ?? line.product}`} title="Remover" onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      )}
    </Paper>
  );
}

export function ItemsEditor({ disabled }: { disabled?: boolean }) {
  const { control, setValue, getValues, formState } = useFormContext<SolicitationFormValues>();
  const stockId = useWatch({ control, name: 'origin_stock_id' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const itemsError = (formState.errors.items as { message?: string; root?: { message?: string } } | undefined) ?? undefined;
  const itemsMessage = itemsError?.message ?? itemsError?.root?.message;

  const set = (next: ItemLine[]) => setValue('items', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const add = (line: Omit<ItemLine, 'key'>) => set([...getValues('items'), { ...line, key: newKey() }]);

  const pickPatrimony = (p: PatrimonyRead | null) => {
    if (!p) return;
    add({
      kind: 'patrimonio',
      patrimony_id: p.id,
      product_id: p.product_id,
      section_id: p.section_id,
      quantity: 1,
      product: p.product ? `${p.product.code} · ${p.product.name}` : `Produto #${p.product_id}`,
      tag: p.tag,
      serial: p.serial,
      section: p.section?.name ?? null,
      unit: 'un',
      available: null,
    });
  };
  const pickBalance = (b: BalanceRead | null) => {
    if (!b) return;
    add({
      kind: 'consumivel',
      patrimony_id: null,
      product_id: b.product.id,
      section_id: b.section.id,
      quantity: undefined,
      product: `${b.product.code} · ${b.product.name}`,
      tag: null,
      serial: null,
      section: b.section.name,
      unit: b.product.unit_of_measure,
      available: b.quantity,
    });
  };

  return (
    <Box>
      {!disabled &&
        (stockId ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
            <AsyncPicker<PatrimonyRead>
              queryKey={['logistics', 'patrimony', stockId]}
              fetch={(t) => searchPatrimony(stockId, t)}
              onChange={pickPatrimony}
              clearOnPick
              exclude={(p) => items.some((i) => i.patrimony_id === p.id)}
              getLabel={(p) => `${p.tag}${p.serial ? ` · ${p.serial}` : ''}`}
              renderOption={(p) => (
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.tag}
                    {p.serial ? ` · série ${p.serial}` : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.product?.name}
                    {p.section ? ` · ${p.section.name}` : ''}
                  </Typography>
                </Box>
              )}
              label="Adicionar item de patrimônio"
              placeholder="Etiqueta, série ou produto"
              helperText="Somente itens disponíveis no estoque de origem"
              noOptionsText="Nenhum item disponível encontrado"
              name="add-patrimony"
            />
            <AsyncPicker<BalanceRead>
              queryKey={['logistics', 'balances', stockId]}
              fetch={(t) => searchBalances(stockId, t)}
              onChange={pickBalance}
              clearOnPick
              exclude={(b) => items.some((i) => i.kind === 'consumivel' && i.product_id === b.product.id && i.section_id === b.section.id)}
              getLabel={(b) => `${b.product.code} · ${b.product.name} (${b.section.name})`}
              renderOption={(b) => (
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {b.product.code} · {b.product.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Seção {b.section.name} · saldo {formatQuantity(b.quantity, b.product.unit_of_measure)}
                  </Typography>
                </Box>
              )}
              label="Adicionar consumível"
              placeholder="Código ou nome do produto"
              helperText="Produtos com saldo no estoque de origem"
              noOptionsText="Nenhum consumível com saldo encontrado"
              name="add-consumable"
            />
          </Box>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }}>
            Escolha o estoque de origem para incluir itens.
          </Alert>
        ))}
      {items.length === 0 ? (
        (stockId || itemsMessage || disabled) && <Typography color={itemsMessage ? 'error' : 'text.secondary'} variant="body2" sx={{ py: 1 }}>
          Nenhum item incluído.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Itens da solicitação" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {items.map((line, i) => (
            <ItemRow
              key={line.key}
              line={line}
              index={i}
              disabled={disabled}
              error={lineError(itemsError, i)}
              onRemove={() => set(getValues('items').filter((x) => x.key !== line.key))}
            />
          ))}
        </Box>
      )}
      {itemsMessage && <FormHelperText error>{itemsMessage}</FormHelperText>}
    </Box>
  );
}
