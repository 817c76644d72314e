/** A date-only field (AAAA-MM-DD in the form, DD/MM/AAAA on screen) bound to the surrounding form. */
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { Controller, useFormContext } from 'react-hook-form';
import { useFormReadOnly } from '../readOnly';

export function FormDate({ name, label, disabled, helperText, disablePast }: { name: string; label: string; disabled?: boolean; helperText?: string; disablePast?: boolean }) {
  const { control } = useFormContext();
  const readOnly = useFormReadOnly();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          value={field.value ? dayjs(field.value as string) : null}
          onChange={(d: Dayjs | null) => field.onChange(d && d.isValid() ? d.format('YYYY-MM-DD') : null)}
          disabled={disabled || readOnly}
          disablePast={disablePast}
          inputRef={field.ref}
          slotProps={{
            field: { clearable: true },
            textField: { name: field.name, fullWidth: true, onBlur: field.onBlur, error: !!fieldState.error, helperText: fieldState.error?.message ?? helperText },
          }}
        />
      )}
    />
  );
}
