/**
 * Consumable operations of a stock (entry with invoice, transfer, inventory adjustment, write-off),
 * each a movement; the API refuses a negative balance (409, shown on the quantity).
 */
import { Box, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { consumableAdjustment, consumableEntry, consumableTransfer, consumableWriteOff } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { blankToNull } from '../../core/schema-helpers';
import { toast } from '../../core/toast';
import { consumableOp, type ConsumableOp, type SectionRead } from './api';
import { OpenProjectPicker } from './OpenRecordPickers';
import { FormProductPicker, FormSectionPicker } from './parts';
import { FormNumber } from '../../core/form';
import { useCan } from '../../core/permissions';

export const CONSUMABLE_OP_LABELS: Record<ConsumableOp, string> = {
  entry: 'Entrada',
  transfer: 'Transferência',
  adjustment: 'Ajuste de inventário',
  'write-off': 'Baixa',
};
const HELP: Record<ConsumableOp, string> = {
  entry: 'Recebimento de material (com nota fiscal): soma ao saldo da seção.',
  transfer: 'Move uma quantidade de uma seção para outra (deste ou de outro estoque).',
  adjustment: 'Contagem de inventário: o saldo da seção passa a ser a quantidade contada.',
  'write-off': 'Perda, avaria ou consumo: subtrai do saldo da seção.',
};

const schemas = {
  entry: consumableEntry.extend({ unit_price: blankToNull(consumableEntry.shape.unit_price) }),
  transfer: consumableTransfer,
  adjustment: consumableAdjustment,
  'write-off': consumableWriteOff,
} as const;

export type ConsumablePreset = { product?: { id: number; code: string; name: string }; sectionId?: number };

function OpForm({ op, sections, preset, onDone, onCancel }: { op: ConsumableOp; sections: SectionRead[]; preset: ConsumablePreset; onDone: () => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const sectionField = op === 'transfer' ? 'from_section_id' : 'section_id';
  const form = useSchemaForm(schemas[op] as unknown as typeof consumableWriteOff, {
    product_id: preset.product?.id,
    [sectionField]: preset.sectionId ?? (sections.length === 1 ? sections[0].id : undefined),
    reason: '',
  } as never);
  const qty = op === 'adjustment' ? 'counted_quantity' : 'quantity';
  const canSeeProjects = useCan().can(['PROJECT', 'PROJECT.INDEX']);
  return (
    <ResourceForm
      form={form as never}
      guard={false}
      ariaLabel={CONSUMABLE_OP_LABELS[op]}
      submitLabel={`Registrar ${CONSUMABLE_OP_LABELS[op].toLowerCase()}`}
      onCancel={onCancel}
      onSubmit={(values) => consumableOp(op, values)}
      onSuccess={() => {
        toast.success(`${CONSUMABLE_OP_LABELS[op]} registrada!`);
        void qc.invalidateQueries({ queryKey: ['list'] });
        void qc.invalidateQueries({ queryKey: ['warehouse'] });
        onDone();
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <FormProductPicker name="product_id" label="Produto consumível" tracking="consumivel" initial={preset.product ?? null} required />
        <FormSectionPicker name={sectionField} label={op === 'transfer' ? 'Seção de origem' : 'Seção'} options={sections} required />
        {op === 'transfer' && <FormSectionPicker name="to_section_id" label="Seção de destino (qualquer estoque)" required />}
        <FormText
          name={qty}
          label={op === 'adjustment' ? 'Quantidade contada' : 'Quantidade'}
          type="number"
          required
        />
        {op === 'entry' && (
          <>
            <FormText name="invoice_number" label="Nota fiscal" />
            <FormText name="supplier" label="Fornecedor" />
            <FormNumber name="unit_price" label="Preço unitário (R$)" money placeholder="0,00" />
          </>
        )}
        {op === 'write-off' && canSeeProjects && (
          <OpenProjectPicker name="project_id" label="Projeto (opcional)" hint="O consumo conta no custo do projeto" />
        )}
        <FormText
          name="reason"
          label={op === 'adjustment' || op === 'write-off' ? 'Motivo' : 'Observação'}
          required={op === 'adjustment' || op === 'write-off'}
          multiline
          minRows={2}
        />
      </Box>
    </ResourceForm>
  );
}

export function ConsumableDialog({
  op,
  open,
  sections,
  preset = {},
  onClose,
}: {
  op: ConsumableOp | null;
  open: boolean;
  sections: SectionRead[];
  preset?: ConsumablePreset;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{op ? CONSUMABLE_OP_LABELS[op] : ''}</DialogTitle>
      <DialogContent>
        {op && (
          <>
            <Box sx={{ color: 'text.secondary', mb: 1 }}>{HELP[op]}</Box>
            <OpForm key={`${op}-${preset.product?.id ?? ''}-${preset.sectionId ?? ''}`} op={op} sections={sections} preset={preset} onDone={onClose} onCancel={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
