/** A select of a form field over a fixed list (enums of the contract, units, stocks…). */
import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { useFormReadOnly } from '../readOnly';
import { useBoundField } from './boundField';

export type Option = { value: string | number; label: string };

/** Select options from a contract enum and its pt-BR labels. */
export const enumOptions = <E extends string>(values: readonly E[], labels: Record<E, string>): Option[] =>
  values.map((v) => ({ value: v, label: labels[v] }));

type Props = {
  name: string;
  label: string;
  options: Option[];
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** An empty first choice (e.g. "Nenhuma") for an optional field: picking it stores null. */
  emptyLabel?: string;
  /** Called after the field changed, e.g. to reset a field that depends on it. */
  onPicked?: (value: string | number | null) => void;
  /** Replaces storing the pick (the module stores it itself, e.g. after a confirmation). */
  choose?: (value: string | number | null) => void;
  sx?: SxProps<Theme>;
};

export function FormSelect({ name, label, options, required, disabled, helperText, emptyLabel, onPicked, choose, sx }: Props) {
  const readOnly = useFormReadOnly();
  const f = useBoundField<string | number | null | undefined>(name, helperText, label);
  // A value not among the options (still loading) shows empty rather than an MUI warning.
  const known = options.some((o) => o.value === f.value);
  return (
    <TextField
      {...f}
      select
      fullWidth
      label={label}
      value={known ? f.value : ''}
      onChange={(e) => {
        const value = e.target.value === '' ? null : (e.target.value as string | number);
        if (choose) return choose(value);
        f.onChange(value);
        onPicked?.(value);
      }}
      required={required}
      disabled={disabled || readOnly}
      sx={sx}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
