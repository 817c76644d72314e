/**
 * Bounds of a date filter: a bare day (YYYY-MM-DD) is a day in Brasília time (UTC−3), from its
 * first to its last millisecond; anything else is read as a full timestamp.
 */
export const startOfDay = (d: string) => (d.length === 10 ? new Date(`${d}T00:00:00-03:00`) : new Date(d));
export const endOfDay = (d: string) => (d.length === 10 ? new Date(`${d}T23:59:59.999-03:00`) : new Date(d));
