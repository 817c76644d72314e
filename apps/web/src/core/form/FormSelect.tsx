/** A select of a form field over a fixed list (enums of the contract, units, stocks…). */
import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useFormReadOnly } from '../readOnly';

export type Option = { value: string | number; label: string };

/** Select options from a contract enum and its pt-BR labels. */
export const enumOptions = <E extends string>(values: readonly E[], labels: Record<E, string>): Option[] =>
  values.map((v) => ({ value: v, label: labels[v] }));

export function FormSelect({
  name,
  label,
  options,
  required,
  disabled,
  helperText,
}: {
  name: string;
  label: string;
  options: Option[];
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}) {
  const { control } = useFormContext();
  const readOnly = useFormReadOnly();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          disabled={disabled || readOnly}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
