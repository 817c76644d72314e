/** "Nova solicitação": specific patrimony items and/or a product and quantity, a reason and a destination. */
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { DESTINATION_TYPE_LABELS, readPermissionsOf, solicitationCreate } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatDecimal } from '../../core/number';
import { useCan } from '../../core/permissions';
import { FormDialog } from '../../core/FormDialog';
import { RemovableList } from '../../core/RemovableList';
import { FormText, useSchemaForm } from '../../core/ResourceForm';
import { toast } from '../../core/toast';
import { requestApi, searchAvailablePatrimony, searchBalances, searchProducts, type PatrimonyRead, type SolicitationRead } from './api';
import { OpenActivityPicker, OpenProjectPicker } from './OpenRecordPickers';
import { productLabel, useUnitOptions } from './parts';
import { NumberInput, AsyncPicker, FormSelect } from '../../core/form';

type Line = { key: string; label: string; value: { patrimony_id: number } | { product_id: number; quantity: number } };
type ProductOption = { id: number; code: string; name: string };

function RequestForm({ open, onDone, onCancel }: { open: boolean; onDone: (s: SolicitationRead) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const { can } = useCan();
  const units = useUnitOptions();
  const canSeeActivities = can(['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY.INDEX']);
  const canSeeProjects = can(['PROJECT', 'PROJECT.INDEX']);
  const [lines, setLines] = useState<Line[]>([]);
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [qty, setQty] = useState<number | null | undefined>(1);
  const form = useSchemaForm(solicitationCreate, { reason: '', destination_type: 'usuario', destination_note: '', items: [] } as never);
  const destination = form.watch('destination_type');
  const sync = (next: Line[]) => {
    setLines(next);
    form.setValue('items' as never, next.map((l) => l.value) as never, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  };
  const byProduct = can(readPermissionsOf('PRODUCT').concat(readPermissionsOf('WAREHOUSE')));
  const byBalance = !byProduct && can(readPermissionsOf('STOCK'));
  const fetchProducts = async (term: string): Promise<ProductOption[]> => {
    if (byProduct) return searchProducts(term);
    const seen = new Map<number, ProductOption>();
    for (const b of await searchBalances(term)) seen.set(b.product.id, b.product);
    return [...seen.values()];
  };
  const qtyNumber = qty ?? Number.NaN;

  return (
    <FormDialog
      open={open}
      title="Nova solicitação de patrimônio"
      onClose={onCancel}
      maxWidth="md"
      form={form as never}
      ariaLabel="Nova solicitação de patrimônio"
      submitLabel="Enviar solicitação"
      onSubmit={(values) => requestApi.create(values)}
      onSuccess={(saved) => {
        const s = saved as SolicitationRead;
        toast.success(`Solicitação #${s.id} enviada para aprovação!`);
        void requestApi.invalidate(qc);
        void qc.invalidateQueries({ queryKey: ['warehouse'] });
        onDone(s);
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Itens
          </Typography>
          <AsyncPicker<PatrimonyRead>
            queryKey={['warehouse', 'request-patrimony']}
            fetch={searchAvailablePatrimony}
            clearOnPick
            exclude={(p) => lines.some((l) => l.key === `p${p.id}`)}
            onChange={(p) => p && sync([...lines, { key: `p${p.id}`, label: `${p.tag} · ${p.product?.name ?? ''}${p.serial ? ` · série ${p.serial}` : ''}`, value: { patrimony_id: p.id } }])}
            getLabel={(p) => `${p.tag} · ${p.product?.name ?? ''}`}
            renderOption={(p) => `${p.tag} · ${p.product?.name ?? ''}${p.serial ? ` · série ${p.serial}` : ''}${p.section ? ` · ${p.stock?.name ?? ''} › ${p.section.name}` : ''}`}
            label="Adicionar item de patrimônio disponível"
            placeholder="Número de patrimônio, série ou produto"
            noOptionsText="Nenhum item disponível encontrado"
            name="patrimony_search"
          />
          {(byProduct || byBalance) && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5, alignItems: { sm: 'flex-start' } }}>
              <Box sx={{ flex: 1 }}>
                <AsyncPicker<ProductOption>
                  queryKey={['warehouse', 'request-product', byProduct ? 'product' : 'balance']}
                  fetch={fetchProducts}
                  value={product}
                  onChange={setProduct}
                  getLabel={productLabel}
                  label="Ou um produto e a quantidade"
                  noOptionsText="Nenhum produto encontrado"
                  name="product_search"
                />
              </Box>
              <NumberInput label="Quantidade" value={qty} onChange={setQty} sx={{ width: { sm: 120 } }} />
              <Button
                variant="outlined"
                sx={{ mt: { sm: 1 } }}
                disabled={!product || !(qtyNumber > 0)}
                onClick={() => {
                  if (!product || !(qtyNumber > 0)) return;
                  sync([...lines.filter((l) => l.key !== `q${product.id}`), { key: `q${product.id}`, label: `${productLabel(product)} · quantidade ${formatDecimal(qty)}`, value: { product_id: product.id, quantity: qtyNumber } }]);
                  setProduct(null);
                  setQty(1);
                }}
              >
                Adicionar
              </Button>
            </Stack>
          )}
          <Controller
            name="items"
            control={form.control}
            render={({ fieldState }) => (
              <>
                {lines.length === 0 ? (
                  <Typography variant="body2" color={fieldState.error ? 'error' : 'text.secondary'} sx={{ mt: 1 }} role={fieldState.error ? 'alert' : undefined}>
                    {fieldState.error?.message ?? 'Nenhum item adicionado.'}
                  </Typography>
                ) : (
                  <RemovableList
                    label="Itens da solicitação"
                    rows={lines}
                    keyOf={(l) => l.key}
                    gutters={false}
                    divider={false}
                    removal={{ title: 'Remover', icon: <DeleteIcon />, label: (l) => `Remover ${l.label}`, onClick: (l) => sync(lines.filter((x) => x.key !== l.key)) }}
                  >
                    {(l) => <ListItemText primary={l.label} />}
                  </RemovableList>
                )}
              </>
            )}
          />
        </Box>
        <FormText name="reason" label="Motivo" required multiline minRows={2} helperText="Para que os itens serão usados" />
        <FormSelect
          name="destination_type"
          label="Destino"
          options={([...(['usuario', 'unidade'] as const), ...(canSeeActivities ? (['atividade_externa'] as const) : []), ...(canSeeProjects ? (['projeto'] as const) : [])]).map((d) => ({ value: d, label: DESTINATION_TYPE_LABELS[d] }))}
        />
        {destination === 'unidade' && <FormSelect name="destination_unit_id" label="Unidade de destino" required options={units} />}
        {destination === 'atividade_externa' && <OpenActivityPicker name="destination_activity_id" label="Atividade externa" required hint="Uma ordem de serviço em aberto" />}
        {destination === 'projeto' && <OpenProjectPicker name="destination_project_id" label="Projeto" required hint="Os itens entregues contam no custo do projeto" />}
        <FormText name="destination_note" label="Observação sobre o destino" />
      </Box>
    </FormDialog>
  );
}

export function RequestCreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (s: SolicitationRead) => void }) {
  const [round, setRound] = useState(0);
  // A fresh form for the next request, once the closing animation is over.
  const close = () => {
    onClose();
    setTimeout(() => setRound((r) => r + 1), 300);
  };
  return (
    <RequestForm
      key={round}
      open={open}
      onCancel={close}
      onDone={(s) => {
        close();
        onCreated?.(s);
      }}
    />
  );
}
