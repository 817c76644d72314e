/**
 * The realtime message on the organization's topic when its calendar changed (an event written,
 * an occurrence moved or cancelled, a work order's visit scheduled, moved, cancelled or assigned):
 * an open calendar refetches its window. It names no record: whoever listens reads what they may see.
 */
export const SCHEDULE_CHANGED = 'schedule' as const;
export type ScheduleRealtimeMessage = { type: typeof SCHEDULE_CHANGED };
