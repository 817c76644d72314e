/**
 * The checklist answers not yet confirmed by the server, kept in the browser (localStorage) so
 * nothing typed is lost on a dropped connection or a reload: written before sending, removed when
 * the server confirms. Pure storage helpers; the manage screen drives the sending and retries.
 */
export type AnswerValue = boolean | number | string | null;
export type Pending = Record<string, { value: AnswerValue; at: number }>;

const keyOf = (activityId: number) => `operacoes:activity-answers:${activityId}`;

export function readPending(activityId: number): Pending {
  try {
    const raw = localStorage.getItem(keyOf(activityId));
    return raw ? (JSON.parse(raw) as Pending) : {};
  } catch {
    return {};
  }
}

function write(activityId: number, pending: Pending) {
  if (Object.keys(pending).length) localStorage.setItem(keyOf(activityId), JSON.stringify(pending));
  else localStorage.removeItem(keyOf(activityId));
}

/** Keeps an answer until the server confirms it. */
export function keepPending(activityId: number, itemKey: string, value: AnswerValue) {
  write(activityId, { ...readPending(activityId), [itemKey]: { value, at: Date.now() } });
}

/** The server confirmed `value` for the item: forget it, unless a newer value was typed meanwhile. */
export function confirmPending(activityId: number, itemKey: string, value: AnswerValue) {
  const pending = readPending(activityId);
  if (pending[itemKey] && pending[itemKey].value === value) {
    delete pending[itemKey];
    write(activityId, pending);
  }
}
