/**
 * A background export: its progress while it runs, then its file for a day. The
 * notification links here (`/report?job=`); a finished file is downloaded once on arrival.
 */
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime, formatInt } from '../../core/format';
import { downloadWithProgress, fetchJob, reportKeys } from './api';

const FORMAT = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' } as const;

export function ExportJobCard({ id, onClose }: { id: number; onClose: () => void }) {
  const job = useQuery({
    queryKey: reportKeys.job(id),
    queryFn: () => fetchJob(id),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
    retry: false,
  });
  const [bytes, setBytes] = useState<number | null>(null);
  const j = job.data;

  const download = async () => {
    if (!j?.download_url) return;
    setBytes(0);
    try {
      await downloadWithProgress(j.download_url.replace(/^\/api/, ''), j.file_name, (p) => setBytes(p.bytes));
    } catch {
      /* toasted */
    } finally {
      setBytes(null);
    }
  };

  // Arriving from the notification with the file ready: download it once (per tab).
  const started = useRef(false);
  useEffect(() => {
    if (!j || j.status !== 'done' || started.current) return;
    started.current = true;
    const key = `report-job-downloaded-${j.id}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    void download();
  }, [j?.status]);

  if (job.isLoading) return <LinearProgress sx={{ mb: 2 }} />;
  if (job.isError || !j) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} onClose={onClose}>
        Exportação não encontrada.
      </Alert>
    );
  }
  const share = j.rows_total ? Math.min(100, (j.rows_written / j.rows_total) * 100) : 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Exportação em segundo plano">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {j.title} · {FORMAT[j.format]}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Pedida em {formatDateTime(j.created_at)} · {formatInt(j.rows_total)} linhas
          </Typography>
        </Box>
        <IconButton aria-label="Fechar" onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Box>
      {j.status === 'running' && (
        <Box sx={{ mt: 1.5 }} role="status" aria-live="polite">
          <Alert severity="info" sx={{ mb: 1.5 }}>
            Você será avisado quando o arquivo estiver pronto. Pode continuar usando o sistema.
          </Alert>
          <LinearProgress variant="determinate" value={share} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {formatInt(j.rows_written)} de {formatInt(j.rows_total)} linhas gravadas
          </Typography>
        </Box>
      )}
      {j.status === 'done' && (
        <Stack sx={{ mt: 1.5, gap: 1 }}>
          <Alert severity="success">
            Arquivo pronto: {formatInt(j.rows_written)} linhas. Disponível até {formatDateTime(j.expires_at)}.
          </Alert>
          <Box>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void download()} loading={bytes !== null} sx={{ minHeight: 44 }}>
              Baixar {j.file_name}
            </Button>
          </Box>
          {bytes !== null && (
            <Typography variant="body2" color="text.secondary" role="status">
              {(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB recebidos
            </Typography>
          )}
        </Stack>
      )}
      {j.status === 'expired' && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          O link expirou: os arquivos ficam disponíveis por um dia. Gere a exportação novamente.
        </Alert>
      )}
      {j.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {j.error ?? 'A exportação falhou.'}
        </Alert>
      )}
    </Paper>
  );
}
