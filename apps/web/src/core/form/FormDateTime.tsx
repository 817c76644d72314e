/** A date and time (dd/mm/aaaa hh:mm on screen) bound to an ISO 8601 field with offset; whole minutes. */
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormReadOnly } from '../readOnly';
import { useBoundField } from './boundField';

export function FormDateTime({ name, label, helperText, clearable, disableFuture }: { name: string; label: string; helperText?: string; clearable?: boolean; disableFuture?: boolean }) {
  const readOnly = useFormReadOnly();
  const f = useBoundField<string | null | undefined>(name, helperText, label);
  return (
    <DateTimePicker
      label={label}
      value={f.value ? dayjs(f.value) : null}
      onChange={(d: Dayjs | null) => f.onChange(d && d.isValid() ? d.second(0).millisecond(0).format() : null)}
      disabled={readOnly}
      disableFuture={disableFuture}
      ampm={false}
      inputRef={f.inputRef}
      slotProps={{ field: { clearable }, textField: { name: f.name, fullWidth: true, onBlur: f.onBlur, error: f.error, helperText: f.helperText } }}
    />
  );
}
