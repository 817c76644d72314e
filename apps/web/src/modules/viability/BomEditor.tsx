/**
 * The bill of materials of a template: one row per catalogue product (async picker), its
 * quantity (decimal comma, up to 3 places), fixed or "por metro" of the estimated route, and the
 * product's current unit price. Rows are added and removed; a repeated product is refused by the
 * contract schema on its row.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormControlLabel, FormHelperText, IconButton, Paper, Switch, Tooltip, Typography } from '@mui/material';
import type { TemplateItemRead } from '@operacoes/contract';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { AsyncPicker, NumberInput } from '../../core/form';
import { formatBRL } from '../../core/format';
import { useFormReadOnly } from '../../core/readOnly';
import { searchProducts, type ProductOption } from './api';
import { formatQuantity } from './format';

type Row = { product_id: number | null; quantity: number | null; per_meter: boolean };

const productLabel = (p: ProductOption) => `${p.code} · ${p.name}`;

export function BomEditor({ initial }: { initial: TemplateItemRead[] }) {
  const readOnly = useFormReadOnly();
  const { control, formState } = useFormContext<{ items: Row[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = (useWatch({ control, name: 'items' }) ?? []) as Row[];
  const [known, setKnown] = useState<Record<number, ProductOption>>(() => Object.fromEntries(initial.map((i) => [i.product_id, i.product])));
  const listError = (formState.errors.items as { message?: string; root?: { message?: string } } | undefined)?.root?.message ?? (formState.errors.items as { message?: string } | undefined)?.message;
  return (
    <Box>
      {fields.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="bom-empty">
          Nenhum material. Adicione os produtos do catálogo usados na instalação.
        </Typography>
      )}
      <Box component="ol" aria-label="Lista de materiais" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        {fields.map((field, i) => {
          const row = items[i] ?? { product_id: null, quantity: null, per_meter: false };
          const product = row.product_id ? known[row.product_id] : undefined;
          const taken = new Set(items.filter((_x, j) => j !== i).map((x) => x.product_id));
          return (
            <Paper key={field.id} component="li" variant="outlined" aria-label={`Material ${i + 1}`} sx={{ p: 1.25 }}>
              <Box sx={{ display: 'grid', gap: 1.25, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 1.2fr) auto' } }}>
                <Controller
                  control={control}
                  name={`items.${i}.product_id`}
                  render={({ field: f, fieldState }) => (
                    <AsyncPicker<ProductOption>
                      name={f.name}
                      label="Produto"
                      required
                      queryKey={['viability', 'product-options']}
                      fetch={searchProducts}
                      value={product ?? null}
                      exclude={(p) => taken.has(p.id)}
                      onChange={(p) => {
                        if (p) setKnown((k) => ({ ...k, [p.id]: p }));
                        f.onChange(p?.id ?? null);
                      }}
                      getLabel={productLabel}
                      renderOption={(p) => (
                        <Box>
                          <Typography variant="body2">{productLabel(p)}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {p.price ? `${formatBRL(p.price)} / ${p.unit_of_measure}` : `Sem preço · ${p.unit_of_measure}`}
                          </Typography>
                        </Box>
                      )}
                      disabled={readOnly}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? (product ? (product.price ? `Preço atual: ${formatBRL(product.price)} / ${product.unit_of_measure}` : 'Produto sem preço no catálogo') : undefined)}
                      noOptionsText="Nenhum produto ativo encontrado"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`items.${i}.quantity`}
                  render={({ field: f, fieldState }) => (
                    <NumberInput
                      name={f.name}
                      label={row.per_meter ? 'Quantidade por metro' : 'Quantidade'}
                      required
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      inputRef={f.ref}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? (product ? (row.per_meter ? `${product.unit_of_measure} por metro de rota` : product.unit_of_measure) : undefined)}
                      fullWidth
                    />
                  )}
                />
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: { md: 0.5 } }}>
                  <Controller
                    control={control}
                    name={`items.${i}.per_meter`}
                    render={({ field: f }) => (
                      <FormControlLabel
                        sx={{ mr: 0 }}
                        control={<Switch checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)} disabled={readOnly} slotProps={{ input: { 'aria-label': `Material ${i + 1}: por metro` } }} />}
                        label="por metro"
                      />
                    )}
                  />
                  {!readOnly && (
                    <Tooltip title="Remover material">
                      <IconButton aria-label={`Remover o material ${i + 1}`} onClick={() => remove(i)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              </Box>
              {product && row.quantity && !Number.isNaN(row.quantity) ? (
                <Typography variant="caption" color="text.secondary" data-testid="bom-line-summary">
                  {row.per_meter ? `${formatQuantity(row.quantity, product.unit_of_measure)} a cada metro de rota` : `${formatQuantity(row.quantity, product.unit_of_measure)} por instalação`}
                  {product.price ? ` · ${row.per_meter ? `${formatBRL(row.quantity * Number(product.price))} por metro` : formatBRL(row.quantity * Number(product.price))} a preço atual` : ''}
                </Typography>
              ) : null}
            </Paper>
          );
        })}
      </Box>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      {!readOnly && (
        <Button startIcon={<AddIcon />} onClick={() => append({ product_id: null, quantity: null, per_meter: false } as never)} sx={{ mt: 1.5 }} disabled={fields.length >= 100}>
          Adicionar material
        </Button>
      )}
    </Box>
  );
}
