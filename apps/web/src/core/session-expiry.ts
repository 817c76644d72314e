/**
 * Session end (SPEC §4, §8): logout and expiry clear local storage, remember the current path
 * and go to /login. A 401 outside the login pages does it after 3200 ms with a toast.
 */
import { SESSION_EXPIRED, SESSION_EXPIRED_DELAY_MS } from './errors';
import { clearSession, isPublicPath } from './storage';
import { toast } from './toast';

type Navigate = (to: string) => void;
let navigateFn: Navigate = (to) => window.location.assign(to);
let onCleared: () => void = () => {};
let pending: ReturnType<typeof setTimeout> | null = null;

/** The app registers its router navigation and a hook to reset in-memory state. */
export function registerSessionHandlers(navigate: Navigate, cleared: () => void): void {
  navigateFn = navigate;
  onCleared = cleared;
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Ends the session now: clear storage, remember the path, go to /login. */
export function endSession(path = currentPath()): void {
  clearSession(path);
  onCleared();
  navigateFn('/login');
}

/** A 401 outside the login pages: toast, then after 3200 ms end the session (only once). */
export function sessionExpired(): boolean {
  if (isPublicPath(window.location.pathname)) return false;
  if (pending) return true;
  toast.error(SESSION_EXPIRED);
  pending = setTimeout(() => {
    pending = null;
    endSession(currentPath());
  }, SESSION_EXPIRED_DELAY_MS);
  return true;
}

/** For tests. */
export function resetSessionExpiry(): void {
  if (pending) clearTimeout(pending);
  pending = null;
}
