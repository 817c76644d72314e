/**
 * Bounds of a date filter: a bare day (YYYY-MM-DD) is a day in Brasília time (UTC−3), from its
 * first to its last millisecond; anything else is read as a full timestamp.
 */
export const startOfDay = (d: string) => (d.length === 10 ? new Date(`${d}T00:00:00-03:00`) : new Date(d));
export const endOfDay = (d: string) => (d.length === 10 ? new Date(`${d}T23:59:59.999-03:00`) : new Date(d));

const saoPaulo = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
/**
 * The wall-clock time in São Paulo at an instant, as the UTC milliseconds of the same digits
 * (whole seconds): 2026-11-23 09:30 in São Paulo → Date.UTC(2026, 10, 23, 9, 30). Any daylight
 * saving of the past is the time zone database's.
 */
export function saoPauloWallClock(t: Date | number): number {
  const p = Object.fromEntries(saoPaulo.formatToParts(t).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The day in São Paulo at an instant, `AAAA-MM-DD`. */
export const dateInBrazil = (t: Date | number) => new Date(saoPauloWallClock(t)).toISOString().slice(0, 10);

/** Today in São Paulo, `AAAA-MM-DD` (the day a date-only business rule compares with). */
export const todayInBrazil = () => dateInBrazil(Date.now());
