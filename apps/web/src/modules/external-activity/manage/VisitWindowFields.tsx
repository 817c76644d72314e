/**
 * The start and end of a visit as the "Agendar" and "Reagendar" dialogs ask them: datetime-local
 * fields typed on the organization's clock (whatever the phone's zone), the end after the start.
 */
import { TextField } from '@mui/material';
import { zonedInstant } from '@operacoes/contract';
import { appTimeZone, zoneNote } from '../../../core/time-zone';

/** `2026-11-25T09:00` (a datetime-local value on the organization's clock) → ISO; empty → null. */
export const isoOf = (local: string) => (local ? zonedInstant(local, appTimeZone()).toISOString() : null);

/** An end without a start, or not after it. */
export const wrongVisitEnd = (start: string, end: string) => !!end && (!start || end <= start);

export function VisitWindowFields({ start, end, onStart, onEnd, startLabel, endLabel, required }: {
  start: string;
  end: string;
  onStart: (v: string) => void;
  onEnd: (v: string) => void;
  startLabel: string;
  endLabel: string;
  required?: boolean;
}) {
  const wrong = wrongVisitEnd(start, end);
  return (
    <>
      <TextField type="datetime-local" label={startLabel} value={start} onChange={(e) => onStart(e.target.value)} required={required} helperText={zoneNote() ?? ' '} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField
        type="datetime-local"
        label={endLabel}
        value={end}
        onChange={(e) => onEnd(e.target.value)}
        error={wrong}
        helperText={wrong ? 'Informe o início, e o fim depois dele' : ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
