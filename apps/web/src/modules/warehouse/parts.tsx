/** Pieces of the warehouse screens: status chips, pickers of its records and number formats. */
import type { ChipProps } from '@mui/material';
import {
  PATRIMONY_STATUS_LABELS,
  SOLICITATION_STATUS_LABELS,
  UNIT_OF_MEASURE_LABELS,
  type PatrimonyStatus,
  type SolicitationStatus,
  type UnitOfMeasure,
} from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useFormReadOnly } from '../../core/readOnly';
import { fetchStocks, searchProducts, searchSections, whKeys, type ProductRead, type SectionRead } from './api';
import { AsyncPicker } from '../../core/form';
import { ToneChip, type ToneColor } from '../../core/ToneChip';

const PATRIMONY_COLOR: Record<PatrimonyStatus, ToneColor> = {
  disponivel: 'success',
  reservado: 'warning',
  em_uso: 'primary',
  em_transito: 'info',
  manutencao: 'warning',
  baixado: 'default',
};
export const PatrimonyStatusChip = ({ status }: { status: PatrimonyStatus }) => (
  <ToneChip color={PATRIMONY_COLOR[status]} label={PATRIMONY_STATUS_LABELS[status]} status={status} />
);

const REQUEST_COLOR: Record<SolicitationStatus, ToneColor> = {
  pendente: 'warning',
  aprovada: 'info',
  recusada: 'error',
  entregue: 'primary',
  devolvida: 'success',
  cancelada: 'default',
};
export const RequestStatusChip = ({ status, size }: { status: SolicitationStatus; size?: ChipProps['size'] }) => (
  <ToneChip color={REQUEST_COLOR[status]} label={SOLICITATION_STATUS_LABELS[status]} status={status} size={size} />
);

const qtyFmt = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
export const formatQty = (n: number | null | undefined, unit?: UnitOfMeasure) =>
  n === null || n === undefined ? '' : `${qtyFmt.format(n)}${unit && unit !== 'un' ? ` ${unit}` : ''}`;
export { formatBRL } from '../../core/format';
export const unitLabel = (u: UnitOfMeasure) => UNIT_OF_MEASURE_LABELS[u] ?? u;

export const sectionLabel = (s: Pick<SectionRead, 'name' | 'code'> & { stock?: { name: string } | null }) =>
  `${s.stock ? `${s.stock.name} › ` : ''}${s.name} (${s.code})`;
export const productLabel = (p: Pick<ProductRead, 'code' | 'name'>) => `${p.code} — ${p.name}`;

/** The organization's units, as select options. */
export { useUnitOptions } from '../unit-organizational';
export function useStockOptions() {
  const q = useQuery({ queryKey: whKeys.stocks, queryFn: fetchStocks, staleTime: 30_000 });
  return (q.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));
}

/** A section (with its stock) picked by search, bound to a numeric form field. */
export function FormSectionPicker({
  name,
  label = 'Seção (estoque › seção)',
  initial,
  required,
  disabled,
  options,
}: {
  name: string;
  label?: string;
  initial?: { id: number; name: string; code?: string; stock?: { name: string } | null } | null;
  required?: boolean;
  disabled?: boolean;
  /** Restrict to these sections (e.g. of one stock) instead of searching them all. */
  options?: SectionRead[];
}) {
  const { control, setValue } = useFormContext();
  const readOnly = useFormReadOnly();
  type Opt = { id: number; name: string; code?: string; stock?: { name: string } | null };
  const [picked, setPicked] = useState<Opt | null>(initial ?? null);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const current = field.value
          ? (options?.find((s) => s.id === field.value) ?? (picked && picked.id === field.value ? picked : null))
          : null;
        return (
          <AsyncPicker<{ id: number; name: string; code?: string; stock?: { name: string } | null }>
            queryKey={['warehouse', 'section-picker', options ? options.map((o) => o.id).join(',') : 'all']}
            fetch={async (term) =>
              options ? options.filter((s) => `${s.name} ${s.code}`.toLowerCase().includes(term.toLowerCase())) : searchSections(term)
            }
            value={current ?? (field.value ? { id: field.value as number, name: `Seção #${field.value as number}` } : null)}
            onChange={(v) => {
              setPicked(v);
              setValue(name, v?.id ?? null, { shouldValidate: true, shouldDirty: true });
            }}
            getLabel={(s) => sectionLabel({ name: s.name, code: s.code ?? '', stock: s.stock })}
            label={label}
            name={name}
            required={required}
            disabled={disabled || readOnly}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            noOptionsText="Nenhuma seção encontrada"
          />
        );
      }}
    />
  );
}

/** A product picked by search, bound to a numeric form field. */
export function FormProductPicker({
  name,
  label = 'Produto',
  tracking,
  initial,
  required,
  disabled,
  helperText,
  onPick,
}: {
  name: string;
  label?: string;
  tracking?: 'patrimonio' | 'consumivel';
  initial?: { id: number; code: string; name: string } | null;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  onPick?: (p: ProductRead | null) => void;
}) {
  const { control, setValue } = useFormContext();
  const readOnly = useFormReadOnly();
  const [picked, setPicked] = useState<{ id: number; code: string; name: string } | null>(initial ?? null);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <AsyncPicker<{ id: number; code: string; name: string }>
          queryKey={['warehouse', 'product-picker', tracking ?? 'all']}
          fetch={(term) => searchProducts(term, tracking)}
          value={field.value ? (picked && picked.id === field.value ? picked : { id: field.value as number, code: '', name: `Produto #${field.value as number}` }) : null}
          onChange={(v) => {
            setPicked(v);
            setValue(name, v?.id ?? null, { shouldValidate: true, shouldDirty: true });
            onPick?.(v as ProductRead | null);
          }}
          getLabel={(p) => (p.code ? productLabel(p) : p.name)}
          label={label}
          name={name}
          required={required}
          disabled={disabled || readOnly}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          noOptionsText="Nenhum produto encontrado"
        />
      )}
    />
  );
}
