/**
 * The event form's "Repetir" part: não repete / diariamente / semanalmente (on chosen weekdays) /
 * mensalmente, every N, ending on a date or after N occurrences. Plain selects, checkboxes and
 * radios: reachable and changed with the keyboard alone. Errors (the form's or the server's) show
 * on the field they are about.
 */
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { RECURRENCE_FREQUENCIES, RECURRENCE_FREQUENCY_LABELS, type RecurrenceFrequency, WEEKDAYS, WEEKDAY_LABELS, type Weekday, recurrenceLabel } from '@operacoes/contract';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { FormGrid } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { FormNumber } from '../../core/form/NumberInput';
import { useFieldLabel } from '../../core/form/fieldLabels';

type Rule = { frequency: RecurrenceFrequency; interval: number; weekdays: Weekday[]; ends: 'until' | 'count'; until: string | null; count: number | null };
const UNIT: Record<RecurrenceFrequency, string> = { daily: 'dias', weekly: 'semanas', monthly: 'meses' };

/** The weekday (iCalendar code) of the event's start as the person sees it. */
const weekdayOf = (start: unknown): Weekday => {
  const s = typeof start === 'string' ? start : '';
  const d = s.length === 10 ? new Date(`${s}T12:00:00`) : s ? new Date(s) : new Date();
  return WEEKDAYS[Number.isNaN(d.getTime()) ? new Date().getDay() : d.getDay()];
};

export function RecurrenceFields() {
  const { getValues } = useFormContext();
  const { field, fieldState } = useController({ name: 'recurrence' });
  useFieldLabel('recurrence', 'Repetir');
  const rule = (useWatch({ name: 'recurrence' }) ?? null) as Rule | null;

  function pick(value: string) {
    if (value === 'none') return field.onChange(null);
    const frequency = value as RecurrenceFrequency;
    field.onChange({ frequency, interval: rule?.interval ?? 1, weekdays: rule?.weekdays?.length ? rule.weekdays : frequency === 'weekly' ? [weekdayOf(getValues('starts_at'))] : [], ends: rule?.ends ?? 'count', until: rule?.until ?? null, count: rule?.count ?? 10 });
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} role="group" aria-label="Repetição">
      <TextField
        select
        fullWidth
        label="Repetir"
        name="recurrence"
        value={rule?.frequency ?? 'none'}
        onChange={(e) => pick(e.target.value)}
        error={!!fieldState.error}
        helperText={fieldState.error?.message ?? (rule ? recurrenceLabel({ ...rule, interval: Number(rule.interval) || 1 }) : undefined)}
        inputRef={field.ref}
      >
        <MenuItem value="none">Não repete</MenuItem>
        {RECURRENCE_FREQUENCIES.map((f) => (
          <MenuItem key={f} value={f}>
            {RECURRENCE_FREQUENCY_LABELS[f]}
            {f === 'weekly' ? ' (dias da semana)' : ''}
          </MenuItem>
        ))}
      </TextField>
      {rule && <RuleDetails rule={rule} />}
    </Box>
  );
}

/**
 * The rule's own fields, mounted only while the event repeats: a field of `recurrence.*` bound while
 * it is null would make it an empty object, and the form would refuse "Não repete".
 */
function RuleDetails({ rule }: { rule: Rule }) {
  const weekdays = useController({ name: 'recurrence.weekdays' });
  useFieldLabel('recurrence.weekdays', 'Dias da semana');
  const ends = useController({ name: 'recurrence.ends' });
  function toggle(day: Weekday, on: boolean) {
    const now = new Set<Weekday>(rule.weekdays ?? []);
    if (on) now.add(day);
    else now.delete(day);
    weekdays.field.onChange(WEEKDAYS.filter((d) => now.has(d)));
  }
  return (
    <>
      <FormNumber name="recurrence.interval" label={`A cada quantos ${UNIT[rule.frequency]}`} />
      {rule.frequency === 'weekly' && (
        <FormControl error={!!weekdays.fieldState.error} component="fieldset" variant="standard">
          <FormLabel component="legend">Dias da semana</FormLabel>
          <FormGroup row>
            {WEEKDAYS.map((d, i) => (
              <FormControlLabel
                key={d}
                control={<Checkbox checked={rule.weekdays?.includes(d) ?? false} onChange={(e) => toggle(d, e.target.checked)} slotProps={{ input: { ref: i === 0 ? weekdays.field.ref : undefined } }} />}
                label={WEEKDAY_LABELS[d]}
              />
            ))}
          </FormGroup>
          {weekdays.fieldState.error && <FormHelperText>{weekdays.fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
      <FormControl component="fieldset" variant="standard" error={!!ends.fieldState.error}>
        <FormLabel component="legend">Termina</FormLabel>
        <RadioGroup row name="recurrence.ends" value={rule.ends} onChange={(e) => ends.field.onChange(e.target.value)}>
          <FormControlLabel value="until" control={<Radio />} label="Em uma data" />
          <FormControlLabel value="count" control={<Radio />} label="Após N ocorrências" />
        </RadioGroup>
      </FormControl>
      <FormGrid>{rule.ends === 'until' ? <FormDate name="recurrence.until" label="Data final" /> : <FormNumber name="recurrence.count" label="Número de ocorrências" />}</FormGrid>
    </>
  );
}
