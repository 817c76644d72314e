/**
 * Local storage of the session and of the client preferences (SPEC §3, §4, §9).
 * Pure functions over `localStorage`; no React here so they are easy to unit-test.
 */
import type { LoginResponse, SessionUser } from '@operacoes/contract';

/** SPEC §9: token validity kept client-side, in minutes (= contract TOKEN_VALIDITY_MINUTES). */
export const SESSION_MINUTES = 750;

export const KEYS = {
  userData: 'userData',
  token: 'token',
  tokenExpiration: 'tokenExpiration',
  mercureToken: 'mercure_token',
  mercureTopics: 'mercure_topics',
  tinymceKey: 'tinymce_key',
  lastRoute: 'lastAccessedRoute',
  releaseNotesSeen: 'releaseNotesSeen',
  // client preferences (SPEC §3)
  sandwichMenuOpen: 'sandwichMenuOpen',
  emailNotification: 'emailNotification',
  appNotification: 'appNotification',
  darkTheme: 'darkTheme',
  tableLayout: 'tableLayout',
  pageSize: 'pageSize',
} as const;

export type TableLayout = 'standart' | 'compact' | 'comfortable';

export type Preferences = {
  sandwichMenuOpen: boolean;
  emailNotification: boolean;
  appNotification: boolean;
  darkTheme: boolean;
  tableLayout: TableLayout;
  pageSize: number;
};

/** SPEC §9 defaults: dark theme, sandwich menu open, e-mail and app notifications on, pageSize 10. */
export const DEFAULT_PREFERENCES: Preferences = {
  sandwichMenuOpen: true,
  emailNotification: true,
  appNotification: true,
  darkTheme: true,
  tableLayout: 'standart',
  pageSize: 10,
};

const ls = () => globalThis.localStorage;

function readBool(key: string, fallback: boolean): boolean {
  const v = ls().getItem(key);
  if (v === null) return fallback;
  return v === 'true' || v === '1';
}

export function readPreferences(): Preferences {
  const layout = ls().getItem(KEYS.tableLayout);
  const size = Number(ls().getItem(KEYS.pageSize));
  return {
    sandwichMenuOpen: readBool(KEYS.sandwichMenuOpen, DEFAULT_PREFERENCES.sandwichMenuOpen),
    emailNotification: readBool(KEYS.emailNotification, DEFAULT_PREFERENCES.emailNotification),
    appNotification: readBool(KEYS.appNotification, DEFAULT_PREFERENCES.appNotification),
    darkTheme: readBool(KEYS.darkTheme, DEFAULT_PREFERENCES.darkTheme),
    tableLayout:
      layout === 'standart' || layout === 'compact' || layout === 'comfortable'
        ? layout
        : DEFAULT_PREFERENCES.tableLayout,
    pageSize: Number.isInteger(size) && size > 0 ? size : DEFAULT_PREFERENCES.pageSize,
  };
}

export function writePreferences(p: Partial<Preferences>): void {
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined) continue;
    ls().setItem(KEYS[k as keyof Preferences], String(v));
  }
}

/** Server settings (login / GET /me) → client preferences. */
export function preferencesFromSettings(s: SessionUser['settings'] | undefined): Preferences {
  if (!s) return { ...DEFAULT_PREFERENCES };
  return {
    sandwichMenuOpen: s.sandwichMenuOpen ?? DEFAULT_PREFERENCES.sandwichMenuOpen,
    emailNotification: s.email_notification ?? DEFAULT_PREFERENCES.emailNotification,
    appNotification: s.app_notification ?? DEFAULT_PREFERENCES.appNotification,
    darkTheme: s.theme === undefined ? DEFAULT_PREFERENCES.darkTheme : s.theme === 1,
    tableLayout: s.layout ?? DEFAULT_PREFERENCES.tableLayout,
    pageSize: s.pageSize ?? DEFAULT_PREFERENCES.pageSize,
  };
}

/** Client preferences (partial) → server settings (partial), for PUT /api/me. */
export function settingsFromPreferences(p: Partial<Preferences>): Partial<SessionUser['settings']> {
  const s: Partial<SessionUser['settings']> = {};
  if (p.sandwichMenuOpen !== undefined) s.sandwichMenuOpen = p.sandwichMenuOpen;
  if (p.emailNotification !== undefined) s.email_notification = p.emailNotification;
  if (p.appNotification !== undefined) s.app_notification = p.appNotification;
  if (p.darkTheme !== undefined) s.theme = p.darkTheme ? 1 : 0;
  if (p.tableLayout !== undefined) s.layout = p.tableLayout;
  if (p.pageSize !== undefined) s.pageSize = p.pageSize;
  return s;
}

/** SPEC §4: on successful login, store the token, an expiry stamp (now + 750 min) and userData. */
export function saveLogin(r: LoginResponse, now = Date.now()): void {
  ls().setItem(KEYS.token, r.token);
  ls().setItem(KEYS.tokenExpiration, String(now + SESSION_MINUTES * 60_000));
  ls().setItem(KEYS.userData, JSON.stringify(r.user));
  ls().setItem(KEYS.mercureToken, r.mercure_token ?? '');
  ls().setItem(KEYS.mercureTopics, JSON.stringify(r.mercure_topics ?? []));
  ls().setItem(KEYS.tinymceKey, r.tinymce_key ?? 'gpl');
  writePreferences(preferencesFromSettings(r.user.settings));
}

/** Replaces the token (after a password change the API answers with a fresh one). */
export function replaceToken(token: string, mercureToken?: string): void {
  ls().setItem(KEYS.token, token);
  if (mercureToken) ls().setItem(KEYS.mercureToken, mercureToken);
}

export function getToken(): string | null {
  return ls().getItem(KEYS.token);
}

export function getMercure(): { token: string; topics: string[] } {
  let topics: string[] = [];
  try {
    topics = JSON.parse(ls().getItem(KEYS.mercureTopics) ?? '[]');
  } catch {
    topics = [];
  }
  return { token: ls().getItem(KEYS.mercureToken) ?? '', topics };
}

export function getUserData(): SessionUser | null {
  const raw = ls().getItem(KEYS.userData);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function setUserData(u: SessionUser): void {
  ls().setItem(KEYS.userData, JSON.stringify(u));
}

/** SPEC §4: the session is valid when a token exists and the stored expiry has not passed. */
export function isSessionValid(now = Date.now()): boolean {
  const token = ls().getItem(KEYS.token);
  if (!token) return false;
  const exp = Number(ls().getItem(KEYS.tokenExpiration));
  if (!Number.isFinite(exp) || exp <= 0) return false;
  return now < exp;
}

/** The public routes of SPEC §2 (plus /forgot-password): no session handling there. */
const PUBLIC_PATTERNS = [
  /^\/login$/,
  /^\/register$/,
  /^\/forgot-password(\/.*)?$/,
  /^\/receiving\/[^/]+$/,
  /^\/confirmed$/,
  /^\/cannot-confirm\/[^/]+$/,
  /^\/viability\/unit\/viewer\/.+$/,
];

export function isPublicPath(path: string): boolean {
  const p = path.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
  return PUBLIC_PATTERNS.some((re) => re.test(p));
}

/**
 * SPEC §4: logout or expiry clears local storage and stores the current path as the last
 * accessed route. Public pages are never remembered (a route remembered earlier is kept). The "release notes seen" marker survives
 * (it is not session data: it decides whether the "what's new" dialog shows again).
 */
export function clearSession(currentPath?: string): void {
  const seen = ls().getItem(KEYS.releaseNotesSeen);
  const previousRoute = ls().getItem(KEYS.lastRoute);
  ls().clear();
  if (seen) ls().setItem(KEYS.releaseNotesSeen, seen);
  if (currentPath && !isPublicPath(currentPath)) ls().setItem(KEYS.lastRoute, currentPath);
  else if (previousRoute) ls().setItem(KEYS.lastRoute, previousRoute);
}

export function rememberRoute(path: string): void {
  if (!isPublicPath(path)) ls().setItem(KEYS.lastRoute, path);
}

/** SPEC §4: after login go to the stored last route if any (then it is cleared), else to /. */
export function takeLastRoute(): string {
  const r = ls().getItem(KEYS.lastRoute);
  ls().removeItem(KEYS.lastRoute);
  if (!r || !r.startsWith('/') || r.startsWith('//') || isPublicPath(r)) return '/';
  return r;
}
