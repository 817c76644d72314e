/**
 * The report page's calls: the catalogue, a preview, the export jobs, and a download that
 * reports its progress as the streamed file arrives.
 */
import type { ExportFormat, ReportExportJob, ReportInfo, ReportPreview } from '@operacoes/contract';
import { api } from '../../core/api';
import { fileNameOf, saveBlob } from '../../core/download';
import { errorToastMessage } from '../../core/errors';
import { getToken } from '../../core/storage';
import { toast } from '../../core/toast';

export const reportKeys = {
  catalogue: ['report', 'catalogue'] as const,
  preview: (name: string, filters: Record<string, string>) => ['report', 'preview', name, filters] as const,
  job: (id: number) => ['report', 'job', id] as const,
};

export const fetchCatalogue = async () => (await api.get<{ items: ReportInfo[] }>('/report')).data.items;
export const fetchPreview = async (name: string, filters: Record<string, string>) => (await api.get<ReportPreview>(`/report/${encodeURIComponent(name)}`, { params: filters })).data;
export const fetchJob = async (id: number) => (await api.get<ReportExportJob>(`/report/job/${id}`)).data;
export const startJob = async (name: string, format: ExportFormat, filters: Record<string, string>) =>
  (await api.post<ReportExportJob>(`/report/${encodeURIComponent(name)}/export-job`, { ...filters, format })).data;

/** People for the user, technician and seller filters: search, or the names of saved ids. */
export const searchPeople = async (term: string) => (await api.get<{ id: number; name: string }[]>('/report/people', { params: { search: term || undefined } })).data;
export const peopleByIds = async (ids: number[]) => (await api.get<{ id: number; name: string }[]>('/report/people', { params: { ids: ids.join(',') } })).data;

export type DownloadProgress = { bytes: number; rows: number | null; totalRows: number | null };
export type DownloadResult = { kind: 'file' } | { kind: 'job'; job: ReportExportJob };

/**
 * Downloads through `fetch` (axios gives no stream) with the session's token, calling `onProgress`
 * as bytes arrive: for CSV the rows received are counted (line ends), for the other formats the bytes.
 * A 202 answers the background job instead of a file. Errors are toasted like the API client does.
 */
export async function downloadWithProgress(url: string, fallbackName: string, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<DownloadResult> {
  const token = getToken();
  const res = await fetch(`/api${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (res.status === 202) return { kind: 'job', job: (await res.json()) as ReportExportJob };
  if (!res.ok) {
    const data = await res.json().catch(() => undefined);
    toast.error(errorToastMessage(res.status, data));
    throw new Error(`download failed: ${res.status}`);
  }
  const total = res.headers.get('x-total-rows');
  const totalRows = total === null ? null : Number(total);
  const csv = (res.headers.get('content-type') ?? '').startsWith('text/csv');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.length;
    if (csv) for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    // The header line is not a row.
    onProgress({ bytes, rows: csv ? Math.min(Math.max(lines - 1, 0), totalRows ?? Infinity) : null, totalRows });
  }
  saveBlob(new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' }), fileNameOf(res.headers.get('content-disposition'), fallbackName));
  return { kind: 'file' };
}
