/**
 * The CSV and XLSX buttons of a list or report: each downloads `path` with the page's filters and
 * `format`, shows its own progress while the file comes, and is named for what it exports (two
 * pairs on one page stay distinguishable to a screen reader).
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { downloadFile } from './download';

export type ExportFormat = 'csv' | 'xlsx';

export function ExportButtons({ path, fileName, params, what, disabled, variant = 'outlined' }: {
  path: string;
  /** The file's name without the extension (the server's Content-Disposition wins when it names one). */
  fileName: string;
  params?: Record<string, unknown>;
  /** "do SLA do mês": the buttons read "CSV do SLA do mês" to assistive technology. */
  what?: string;
  disabled?: boolean;
  variant?: 'outlined' | 'text';
}) {
  const [busy, setBusy] = useState<ExportFormat | ''>('');
  const exportAs = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(path, `${fileName}.${format}`, { ...params, format });
    } catch {
      /* the API client already showed the error */
    } finally {
      setBusy('');
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button key={format} variant={variant} startIcon={<DownloadIcon />} loading={busy === format} disabled={disabled} aria-label={what ? `${format.toUpperCase()} ${what}` : undefined} onClick={() => void exportAs(format)}>
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}
