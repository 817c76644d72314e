/** A date-only field (AAAA-MM-DD in the form, DD/MM/AAAA on screen) bound to the surrounding form. */
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormReadOnly } from '../readOnly';
import { todayInApp } from '../time-zone';
import { useBoundField } from './boundField';

export function FormDate({ name, label, disabled, helperText, disablePast }: { name: string; label: string; disabled?: boolean; helperText?: string; disablePast?: boolean }) {
  const readOnly = useFormReadOnly();
  const f = useBoundField<string | null | undefined>(name, helperText, label);
  return (
    <DatePicker
      label={label}
      value={f.value ? dayjs(f.value) : null}
      onChange={(d: Dayjs | null) => f.onChange(d && d.isValid() ? d.format('YYYY-MM-DD') : null)}
      disabled={disabled || readOnly}
      minDate={disablePast ? dayjs(todayInApp()) : undefined}
      inputRef={f.inputRef}
      slotProps={{
        field: { clearable: true },
        textField: { name: f.name, fullWidth: true, onBlur: f.onBlur, error: f.error, helperText: f.helperText },
      }}
    />
  );
}
