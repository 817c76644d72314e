/**
 * "What's new": the newest release note id each user has already seen, kept in local storage
 * (this key survives logout; see storage.clearSession). A user's first visit in a browser only
 * records the current newest note, so the dialog appears after a note published later.
 */
import { KEYS } from '../../core/storage';

function read(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEYS.releaseNotesSeen) ?? '{}');
    // Anything but a plain object (an old format, a hand edit) starts over instead of breaking the layout.
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Returns true when the dialog should show for the newest note, and records it as seen otherwise. */
export function shouldShowWhatsNew(userId: number, newestId: number | undefined): boolean {
  if (!newestId) return false;
  const map = read();
  const seen = map[String(userId)];
  if (seen === undefined) {
    markSeen(userId, newestId);
    return false;
  }
  return newestId > seen;
}

export function markSeen(userId: number, id: number): void {
  const map = read();
  map[String(userId)] = Math.max(id, map[String(userId)] ?? 0);
  localStorage.setItem(KEYS.releaseNotesSeen, JSON.stringify(map));
}
