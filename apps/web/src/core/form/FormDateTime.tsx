/**
 * A date and time (dd/mm/aaaa hh:mm on screen) bound to an ISO 8601 field with offset; whole minutes.
 * Shown and typed on the organization's clock (core/time-zone), labelled when the browser's differs.
 */
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useFormReadOnly } from '../readOnly';
import { appTimeZone, zoneNote } from '../time-zone';
import { useBoundField } from './boundField';

dayjs.extend(utc);
dayjs.extend(timezone);

export function FormDateTime({ name, label, helperText, clearable, disableFuture }: { name: string; label: string; helperText?: string; clearable?: boolean; disableFuture?: boolean }) {
  const readOnly = useFormReadOnly();
  const zone = appTimeZone();
  const f = useBoundField<string | null | undefined>(name, helperText ?? zoneNote(zone) ?? undefined, label);
  return (
    <DateTimePicker
      label={label}
      timezone={zone}
      value={f.value ? dayjs(f.value).tz(zone) : null}
      onChange={(d: Dayjs | null) => f.onChange(d && d.isValid() ? d.tz(zone).second(0).millisecond(0).format() : null)}
      disabled={readOnly}
      disableFuture={disableFuture}
      ampm={false}
      inputRef={f.inputRef}
      slotProps={{ field: { clearable }, textField: { name: f.name, fullWidth: true, onBlur: f.onBlur, error: f.error, helperText: f.helperText } }}
    />
  );
}
