/** A select of a form field over a fixed list (enums of the contract, units, stocks…). */
import { MenuItem, TextField } from '@mui/material';
import { useFormReadOnly } from '../readOnly';
import { useBoundField } from './boundField';

export type Option = { value: string | number; label: string };

/** Select options from a contract enum and its pt-BR labels. */
export const enumOptions = <E extends string>(values: readonly E[], labels: Record<E, string>): Option[] =>
  values.map((v) => ({ value: v, label: labels[v] }));

type Props = { name: string; label: string; options: Option[]; required?: boolean; disabled?: boolean; helperText?: string };

export function FormSelect({ name, label, options, required, disabled, helperText }: Props) {
  const readOnly = useFormReadOnly();
  const f = useBoundField<string | number | null | undefined>(name, helperText);
  return (
    <TextField
      {...f}
      select
      fullWidth
      label={label}
      value={f.value ?? ''}
      onChange={(e) => f.onChange(e.target.value === '' ? null : e.target.value)}
      required={required}
      disabled={disabled || readOnly}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
