/**
 * Session and preferences state (SPEC §3, §4): the logged-in user (from userData), and the
 * client preferences, kept in local storage and mirrored to the server settings.
 */
import type { LoginResponse, SessionUser } from '@operacoes/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { endSession } from './session-expiry';
import { sessionTimeZone, setAppTimeZone } from './time-zone';
import {
  getUserData,
  isSessionValid,
  preferencesFromSettings,
  readPreferences,
  saveLogin,
  setUserData,
  settingsFromPreferences,
  writePreferences,
  type Preferences,
} from './storage';

/** The app's axios instance, loaded when first needed: the login page runs without it. */
const api = () => import('./api').then((m) => m.api);

type SessionState = {
  user: SessionUser | null;
  prefs: Preferences;
  /** Stores a successful login answer. */
  login: (r: LoginResponse) => void;
  /** Calls the API logout, then ends the session (clear storage, remember path, /login). */
  logout: () => Promise<void>;
  /** Local state reset after the session was cleared elsewhere (401, expiry). */
  reset: () => void;
  /** Changes preferences: applied at once, stored locally, saved to the server when logged in. */
  setPrefs: (p: Partial<Preferences>, opts?: { save?: boolean }) => void;
  /** Updates the stored user (after PUT /api/me or a picture upload). */
  updateUser: (patch: Partial<SessionUser>) => void;
};

const Ctx = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(() => (isSessionValid() ? getUserData() : null));
  const [prefs, setPrefsState] = useState<Preferences>(() => readPreferences());
  // Formatting (core/format.ts) reads the zone from a module variable: kept in step with the user
  // before any child renders a date.
  setAppTimeZone(sessionTimeZone(user));

  // Uploads (photos, logos) load through an HttpOnly cookie that login sets: a session restored
  // from storage asks for it again, in case the browser dropped it or it predates the cookie.
  useEffect(() => {
    if (!isSessionValid()) return;
    void api()
      .then((a) => a.post('/files/session', undefined, { silent: true }))
      .catch(() => {});
  }, []);

  // A session restored from storage may predate a change of the organization's zone (or predate
  // the zone itself): /me answers the zone in force.
  useEffect(() => {
    if (!isSessionValid()) return;
    void api()
      .then((a) => a.get<{ time_zone?: string }>('/me', { silent: true }))
      .then(({ data }) => {
        const current = getUserData();
        if (!current || !data.time_zone || data.time_zone === sessionTimeZone(current)) return;
        const next: SessionUser = {
          ...current,
          organization: { ...current.organization, time_zone: data.time_zone },
          unit_organizational: current.unit_organizational ? { ...current.unit_organizational, time_zone: null } : null,
        };
        setUserData(next);
        setUser(next);
      })
      .catch(() => {});
  }, []);

  const login = useCallback((r: LoginResponse) => {
    saveLogin(r);
    setUser(r.user);
    setPrefsState(preferencesFromSettings(r.user.settings));
  }, []);

  const reset = useCallback(() => {
    setUser(null);
    setPrefsState(readPreferences());
  }, []);

  const logout = useCallback(async () => {
    try {
      await (await api()).post('/logout', undefined, { silent: true });
    } catch {
      /* the session ends locally anyway */
    }
    endSession();
  }, []);

  const setPrefs = useCallback((p: Partial<Preferences>, opts?: { save?: boolean }) => {
    writePreferences(p);
    setPrefsState((old) => ({ ...old, ...p }));
    const current = getUserData();
    if (current) {
      const settings = { ...current.settings, ...settingsFromPreferences(p) };
      setUserData({ ...current, settings });
      if (opts?.save !== false && isSessionValid()) {
        void api()
          .then((a) => a.put('/me', { settings: settingsFromPreferences(p) }))
          .catch(() => {});
      }
    }
  }, []);

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    const current = getUserData();
    if (!current) return;
    const next = { ...current, ...patch };
    setUserData(next);
    setUser(next);
  }, []);

  const value = useMemo(
    () => ({ user, prefs, login, logout, reset, setPrefs, updateUser }),
    [user, prefs, login, logout, reset, setPrefs, updateUser],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): SessionState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSession fora do SessionProvider');
  return v;
}
