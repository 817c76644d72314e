/**
 * The one axios instance (DESIGN §1, SPEC §7, §8): base /api, Bearer token from local storage,
 * every error mapped to its toast here, once.
 */
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { errorToastMessage } from './errors';
import { sessionExpired } from './session-expiry';
import { getToken } from './storage';
import { toast } from './toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows its own message (login). */
    silent?: boolean;
  }
}

export const api = axios.create({ baseURL: '/api', headers: { Accept: 'application/json' } });

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** What the response interceptor does with a failed call (exported for tests). */
export function handleApiError(error: AxiosError): void {
  const cfg = error.config as AxiosRequestConfig | undefined;
  if (axios.isCancel(error) || error.code === 'ERR_CANCELED') return;
  if (cfg?.silent) return;
  const status = error.response?.status;
  if (status === 401 && sessionExpired()) return;
  // A stale save (If-Match of an old version) is answered by the form's own "Registro alterado" dialog.
  if (status === 412) return;
  // A missing record (GET …/:id) is shown by its page (RecordPage's "não encontrado"), not toasted.
  if (status === 404 && (cfg?.method ?? 'get').toLowerCase() === 'get' && /\/\d+\/?$/.test((cfg?.url ?? '').split('?')[0])) return;
  toast.error(errorToastMessage(status, error.response?.data));
}

api.interceptors.response.use(
  (r) => r,
  async (error: AxiosError) => {
    // A failed file download (responseType 'blob') carries the JSON error as a Blob: read it, so
    // the toast and the caller see the server's {code, message} like any other call.
    const data = error.response?.data;
    if (error.response && typeof Blob !== 'undefined' && data instanceof Blob && data.type.includes('json')) {
      try {
        error.response.data = JSON.parse(await data.text());
      } catch {
        // not JSON after all: keep the blob
      }
    }
    handleApiError(error);
    return Promise.reject(error);
  },
);

export function isAxiosError(e: unknown): e is AxiosError {
  return axios.isAxiosError(e);
}
