/**
 * Files behind the Bearer token (PDFs, exports): fetched through the API client as a blob, then
 * saved under the server's file name (Content-Disposition) or opened in a new tab.
 */
import { api } from './api';

/** `attachment; filename="romaneio-envio-3.pdf"` → romaneio-envio-3.pdf */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

async function fetchBlob(url: string, params?: Record<string, unknown>) {
  const r = await api.get<Blob>(url, { params, responseType: 'blob', headers: { Accept: '*/*' } });
  return { blob: r.data, disposition: r.headers['content-disposition'] as string | undefined };
}

/** Saves an object URL under a file name through a temporary link. */
function saveAs(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves content made in the browser (a generated script, a zip) as a file. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  saveAs(href, name);
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Downloads an authenticated file (errors are toasted by the API client, then rethrown). */
export async function downloadFile(url: string, fallbackName: string, params?: Record<string, unknown>): Promise<void> {
  const { blob, disposition } = await fetchBlob(url, params);
  const href = URL.createObjectURL(blob);
  saveAs(href, fileNameOf(disposition, fallbackName));
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Opens an authenticated file (a PDF) in a new tab. The tab is opened at once, before the request,
 * so pop-up blockers accept it; if it could not be opened the file is downloaded instead.
 */
export async function openFile(url: string, fallbackName: string, params?: Record<string, unknown>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob, disposition } = await fetchBlob(url, params);
    const href = URL.createObjectURL(blob);
    if (tab && !tab.closed) {
      tab.location.href = href;
    } else {
      saveAs(href, fileNameOf(disposition, fallbackName));
    }
    setTimeout(() => URL.revokeObjectURL(href), 5 * 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
