import type { LoginResponse } from '@operacoes/contract';
import { TOKEN_VALIDITY_MINUTES } from '@operacoes/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./toast', () => ({
  toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn(), permanentError: vi.fn() },
}));
const { toast } = await import('./toast');
const storage = await import('./storage');
const expiry = await import('./session-expiry');

const login: LoginResponse = {
  token: 'jwt',
  mercure_token: 'm',
  mercure_topics: ['/users/1', '/organizations/1'],
  tinymce_key: 'gpl',
  user: {
    id: 1,
    username: 'ana',
    picture: null,
    person: { id: 1, nickname: 'Ana', full_name: 'Ana Souza' },
    organization: { id: 1, fantasy_name: 'Demo', time_zone: 'America/Sao_Paulo' },
    unit_organizational: null,
    super_admin: 0,
    permissions: ['STOCK.INDEX'],
    settings: { sandwichMenuOpen: false, email_notification: true, app_notification: false, theme: 0, layout: 'compact', pageSize: 25 },
  },
};

beforeEach(() => localStorage.clear());

describe('session storage (SPEC §3, §4, §9)', () => {
  it('keeps the token 750 minutes, userData and the preferences from the settings', () => {
    expect(storage.SESSION_MINUTES).toBe(TOKEN_VALIDITY_MINUTES);
    const now = Date.UTC(2026, 0, 1);
    storage.saveLogin(login, now);
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(Number(localStorage.getItem(storage.KEYS.tokenExpiration))).toBe(now + 750 * 60_000);
    expect(JSON.parse(localStorage.getItem('userData')!).username).toBe('ana');
    expect(localStorage.getItem('tinymce_key')).toBe('gpl');
    expect(storage.readPreferences()).toEqual({
      sandwichMenuOpen: false,
      emailNotification: true,
      appNotification: false,
      darkTheme: false,
      tableLayout: 'compact',
      pageSize: 25,
    });
    expect(storage.isSessionValid(now + 749 * 60_000)).toBe(true);
    expect(storage.isSessionValid(now + 750 * 60_000)).toBe(false);
  });
  it('no token means no session; defaults are dark, menu open, standart, 10', () => {
    expect(storage.isSessionValid()).toBe(false);
    expect(storage.readPreferences()).toEqual({
      sandwichMenuOpen: true,
      emailNotification: true,
      appNotification: true,
      darkTheme: true,
      tableLayout: 'standart',
      pageSize: 10,
    });
  });
  it('logout clears storage and remembers the current path; login takes it once', () => {
    storage.saveLogin(login);
    storage.clearSession('/stock/edit/3?x=1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(storage.takeLastRoute()).toBe('/stock/edit/3?x=1');
    expect(storage.takeLastRoute()).toBe('/');
  });
  it('never remembers a public page, and keeps an earlier route when cleared on one', () => {
    storage.clearSession('/login');
    expect(storage.takeLastRoute()).toBe('/');
    storage.rememberRoute('/user');
    storage.clearSession('/login');
    expect(storage.takeLastRoute()).toBe('/user');
    localStorage.setItem(storage.KEYS.lastRoute, '//evil.example');
    expect(storage.takeLastRoute()).toBe('/');
  });
  it('knows the public routes', () => {
    for (const p of ['/login', '/register', '/forgot-password', '/forgot-password/reset/abc', '/confirmed', '/cannot-confirm/x', '/receiving/h', '/viability/unit/viewer/h', '/viability/unit/viewer/cannot/h'])
      expect(storage.isPublicPath(p)).toBe(true);
    for (const p of ['/', '/user', '/viability', '/viability/unit/template', '/stock/edit/1'])
      expect(storage.isPublicPath(p)).toBe(false);
  });
});

describe('401 → session expired (SPEC §8)', () => {
  afterEach(() => {
    vi.useRealTimers();
    expiry.resetSessionExpiry();
  });
  it('toasts, then after 3200 ms clears storage, remembers the path and goes to /login', () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const cleared = vi.fn();
    expiry.registerSessionHandlers(navigate, cleared);
    storage.saveLogin(login);
    window.history.pushState({}, '', '/user/edit/7');
    expect(expiry.sessionExpired()).toBe(true);
    expect(toast.error).toHaveBeenCalledWith('Sua sessão expirou!');
    vi.advanceTimersByTime(3199);
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(storage.KEYS.lastRoute)).toBe('/user/edit/7');
    expect(cleared).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
  it('does nothing on the login pages', () => {
    window.history.pushState({}, '', '/login');
    expect(expiry.sessionExpired()).toBe(false);
  });
});
