import { z } from 'zod';
import { dateOrDateTime } from '../kit/validators';

/**
 * A recurring event's rule as a form writes it (the API turns it into an iCalendar RRULE): every
 * day, chosen weekdays or the start's day of every month, ending on a date or after a count. A
 * series is always bounded: no rule without an end, and never beyond MAX_SERIES_DAYS or
 * MAX_OCCURRENCES, so every occurrence can be checked for clashes and holds its reserved items.
 */
export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const RECURRENCE_FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = { daily: 'Diariamente', weekly: 'Semanalmente', monthly: 'Mensalmente' };
/** iCalendar's weekday codes, Sunday first as the calendar's weeks. */
export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = { SU: 'domingo', MO: 'segunda', TU: 'terça', WE: 'quarta', TH: 'quinta', FR: 'sexta', SA: 'sábado' };
const WEEKDAY_PLURAL: Record<Weekday, string> = { SU: 'aos domingos', MO: 'às segundas', TU: 'às terças', WE: 'às quartas', TH: 'às quintas', FR: 'às sextas', SA: 'aos sábados' };
export const MAX_OCCURRENCES = 366;
export const MAX_SERIES_DAYS = 731;
export const SERIES_TOO_LONG = `Uma série vai no máximo até 2 anos depois do início e tem no máximo ${MAX_OCCURRENCES} ocorrências`;

export const recurrenceInput = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES, { message: 'Escolha a repetição' }),
    interval: z.number().int('Use um número inteiro').min(1, 'No mínimo 1').max(12, 'No máximo 12').default(1),
    weekdays: z.array(z.enum(WEEKDAYS, { message: 'Dia da semana inválido' })).max(7).default([]),
    ends: z.enum(['until', 'count'], { message: 'Escolha quando termina' }),
    until: dateOrDateTime.nullish(),
    count: z.number({ message: 'Informe o número de ocorrências' }).int('Use um número inteiro').min(1, 'No mínimo 1 ocorrência').max(MAX_OCCURRENCES, `No máximo ${MAX_OCCURRENCES} ocorrências`).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.frequency === 'weekly' && v.weekdays.length === 0) ctx.addIssue({ code: 'custom', message: 'Escolha ao menos um dia da semana', path: ['weekdays'] });
    if (v.ends === 'until' && !v.until) ctx.addIssue({ code: 'custom', message: 'Informe a data final', path: ['until'] });
    if (v.ends === 'count' && !v.count) ctx.addIssue({ code: 'custom', message: 'Informe o número de ocorrências', path: ['count'] });
  });
export type RecurrenceInput = z.input<typeof recurrenceInput>;
export type Recurrence = z.output<typeof recurrenceInput>;

export const recurrenceRead = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  interval: z.number(),
  weekdays: z.array(z.enum(WEEKDAYS)),
  ends: z.enum(['until', 'count']),
  until: z.string().nullable(),
  count: z.number().nullable(),
});
export type RecurrenceRead = z.infer<typeof recurrenceRead>;

const brDay = (day: string) => day.slice(0, 10).split('-').reverse().join('/');
const list = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} e ${words[words.length - 1]}`);

/** "Semanal às segundas, 10 vezes", "Diária até 31/12/2026", "A cada 2 semanas às terças e quintas, 5 vezes". */
export function recurrenceLabel(r: Pick<RecurrenceRead, 'frequency' | 'interval' | 'weekdays' | 'ends' | 'until' | 'count'>) {
  const every = r.interval > 1;
  const base =
    r.frequency === 'daily'
      ? every ? `A cada ${r.interval} dias` : 'Diária'
      : r.frequency === 'weekly'
        ? `${every ? `A cada ${r.interval} semanas` : 'Semanal'} ${list(WEEKDAYS.filter((d) => r.weekdays.includes(d)).map((d) => WEEKDAY_PLURAL[d]))}`.trim()
        : every ? `A cada ${r.interval} meses` : 'Mensal';
  const end = r.ends === 'count' ? `, ${r.count} ${r.count === 1 ? 'vez' : 'vezes'}` : r.until ? ` até ${brDay(r.until)}` : '';
  return `${base}${end}`;
}
