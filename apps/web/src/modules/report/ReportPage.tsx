/**
 * /report: the reports the user may read, grouped by module; one report's filters, a
 * preview of its first rows with the total, its chart, and CSV / XLSX / PDF downloads with progress.
 * Big exports run in the background: the page follows the job and the notification links back here
 * (`?job=`). The chosen report and its filters live in the URL, so a view can be shared.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, CircularProgress, LinearProgress, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import {
  type ExportFormat,
  MODULES,
  REPORT_EXPORT_JOB_THRESHOLD,
  REPORT_FILTERS,
  REPORT_PDF_MAX_ROWS,
  REPORT_PREVIEW_ROWS,
  REPORT_XLSX_MAX_ROWS,
  type ReportColumn,
  type ReportInfo,
  percentText,
} from '@operacoes/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatBRL, formatDate, formatDateTime, formatInt } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { GRID_LOCALE_TEXT } from '../../core/ResourceList';
import { Section } from '../../core/Section';
import { CircuitSlaPanel } from '../network';
import { type DownloadProgress, downloadWithProgress, fetchCatalogue, fetchPreview, reportKeys, startJob } from './api';
import { ExportJobCard } from './ExportJobCard';
import { ReportChart } from './ReportChart';
import { ReportFilters } from './ReportFilters';

const moduleLabel = (name: string) => MODULES.find((m) => m.name === name)?.label ?? name;
const num = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** A preview cell as the page shows it (the API sends JSON values; dates as ISO strings). */
export function cellText(v: string | number | null, type: ReportColumn['type']): string {
  if (v === null || v === '') return '';
  if (type === 'money') return formatBRL(v);
  if (type === 'percent') return percentText(Number(v));
  if (type === 'number') return typeof v === 'number' ? num.format(v) : v;
  if (type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? String(v).split('-').reverse().join('/') : formatDate(String(v));
  if (type === 'datetime') return formatDateTime(String(v));
  return String(v);
}

const megabytes = (b: number) => `${(b / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

function ReportList({ items }: { items: ReportInfo[] }) {
  const groups = useMemo(() => {
    const by = new Map<string, ReportInfo[]>();
    for (const r of items) by.set(r.module, [...(by.get(r.module) ?? []), r]);
    return [...by.entries()];
  }, [items]);
  if (!items.length) return <Alert severity="info">Nenhum relatório disponível para as suas permissões.</Alert>;
  return (
    <Paper variant="outlined">
      <List aria-label="Relatórios" disablePadding>
        {groups.map(([module, reports]) => (
          <li key={module}>
            <ul style={{ padding: 0 }}>
              <ListSubheader sx={{ fontWeight: 600, lineHeight: '36px' }}>{moduleLabel(module)}</ListSubheader>
              {reports.map((r) => (
                <ListItem key={r.name} disablePadding>
                  <ListItemButton component={RouterLink} to={`/report?name=${encodeURIComponent(r.name)}`}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <AssessmentIcon color="primary" />
                    </ListItemIcon>
                    <ListItemText primary={r.title} secondary={r.description} />
                  </ListItemButton>
                </ListItem>
              ))}
            </ul>
          </li>
        ))}
      </List>
    </Paper>
  );
}

function ReportView({ info, filters, setFilter, onJob }: { info: ReportInfo; filters: Record<string, string>; setFilter: (name: string, value: string) => void; onJob: (id: number) => void }) {
  const preview = useQuery({ queryKey: reportKeys.preview(info.name, filters), queryFn: () => fetchPreview(info.name, filters), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const total = preview.data?.total_rows ?? null;
  const big = total !== null && total > REPORT_EXPORT_JOB_THRESHOLD;

  const exportAs = async (format: ExportFormat) => {
    setBusy(format);
    setProgress(null);
    try {
      if (big && format !== 'pdf') {
        const job = await startJob(info.name, format, filters);
        void queryClient.invalidateQueries({ queryKey: ['report', 'jobs'] });
        onJob(job.id);
        return;
      }
      const qs = new URLSearchParams({ ...filters, format }).toString();
      const r = await downloadWithProgress(`/report/${encodeURIComponent(info.name)}/export?${qs}`, `${info.name}.${format}`, setProgress);
      if (r.kind === 'job') onJob(r.job.id);
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const columns = useMemo<GridColDef[]>(
    () =>
      info.columns.map((c, i) => ({
        field: `c${i}`,
        headerName: c.label,
        minWidth: Math.max(90, (c.width ?? 14) * 7.5),
        flex: c.type === 'text' ? 1 : undefined,
        sortable: false,
        align: c.type === 'text' ? 'left' : 'right',
        headerAlign: c.type === 'text' ? 'left' : 'right',
        valueFormatter: (v: string | number | null) => cellText(v, c.type),
      })),
    [info.columns],
  );
  const rows = useMemo(() => (preview.data?.rows ?? []).map((r, k) => Object.fromEntries([['id', k], ...r.map((v, i) => [`c${i}`, v])])), [preview.data]);
  const rowsDone = progress?.rows ?? null;
  const determinate = progress && rowsDone !== null && progress.totalRows ? (rowsDone / progress.totalRows) * 100 : null;

  return (
    <>
      <PageTitle
        title={info.title}
        subtitle={info.description}
        actions={
          <Button component={RouterLink} to="/report" startIcon={<ArrowBackIcon />}>
            Todos os relatórios
          </Button>
        }
      />
      {info.filters.length > 0 && (
        <Section title="Filtros">
          <ReportFilters filters={info.filters} values={filters} onChange={setFilter} />
        </Section>
      )}
      <Section
        title="Exportar"
        hint={
          big
            ? `Mais de ${formatInt(REPORT_EXPORT_JOB_THRESHOLD)} linhas: o CSV e o XLSX são gerados em segundo plano e você será avisado quando o arquivo estiver pronto.`
            : 'O arquivo é gerado enquanto é baixado.'
        }
      >
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {(['csv', 'xlsx', 'pdf'] as const).map((f) => (
            <Button
              key={f}
              variant="outlined"
              startIcon={<DownloadIcon />}
              loading={busy === f}
              disabled={(busy !== null && busy !== f) || total === null || (f === 'xlsx' && total > REPORT_XLSX_MAX_ROWS)}
              onClick={() => void exportAs(f)}
              sx={{ minHeight: 44 }}
            >
              {f.toUpperCase()}
            </Button>
          ))}
        </Stack>
        {total !== null && total > REPORT_PDF_MAX_ROWS && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            O PDF traz as primeiras {formatInt(REPORT_PDF_MAX_ROWS)} linhas (o documento avisa); para todas, use CSV ou XLSX.
          </Typography>
        )}
        {total !== null && total > REPORT_XLSX_MAX_ROWS && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
            O XLSX comporta até {formatInt(REPORT_XLSX_MAX_ROWS)} linhas: use CSV ou refine os filtros.
          </Typography>
        )}
        {busy && (
          <Box sx={{ mt: 1.5 }} role="status" aria-live="polite">
            <LinearProgress variant={determinate === null ? 'indeterminate' : 'determinate'} value={determinate ?? undefined} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {!progress
                ? 'Preparando o arquivo…'
                : rowsDone !== null
                  ? `${formatInt(rowsDone)} de ${formatInt(progress.totalRows ?? 0)} linhas recebidas`
                  : `${megabytes(progress.bytes)} recebidos · ${formatInt(progress.totalRows ?? 0)} linhas`}
            </Typography>
          </Box>
        )}
      </Section>
      {info.chart && preview.data?.chart && (
        <Section title={preview.data.chart.title}>
          <ReportChart chart={preview.data.chart} />
        </Section>
      )}
      <Section
        title="Prévia"
        actions={total !== null && <Chip label={`${formatInt(total)} ${total === 1 ? 'linha' : 'linhas'} no total`} color="primary" variant="outlined" />}
        hint={total !== null && total > REPORT_PREVIEW_ROWS ? `Mostrando as primeiras ${REPORT_PREVIEW_ROWS} linhas.` : undefined}
      >
        {preview.isError ? (
          <Alert severity="error">Não foi possível carregar a prévia. Confira os filtros.</Alert>
        ) : (
          <Box sx={{ width: '100%', overflowX: 'auto' }}>
            <DataGrid
              aria-label={`Prévia de ${info.title}`}
              columns={columns}
              rows={rows}
              loading={preview.isFetching}
              density="compact"
              hideFooter
              disableColumnMenu
              disableRowSelectionOnClick
              localeText={{ ...GRID_LOCALE_TEXT, noRowsLabel: 'Nenhuma linha com estes filtros' }}
              sx={{ minHeight: 160, maxHeight: 560 }}
            />
          </Box>
        )}
      </Section>
      {info.name === 'carrier-sla' && (
        <Section title="Circuitos e cartas de desconto" hint="O detalhe por circuito do mês e a carta de pedido de desconto de cada operadora.">
          <CircuitSlaPanel />
        </Section>
      )}
    </>
  );
}

export default function ReportPage() {
  const [params, setParams] = useSearchParams();
  const catalogue = useQuery({ queryKey: reportKeys.catalogue, queryFn: fetchCatalogue, staleTime: 60_000 });
  const name = params.get('name');
  const jobId = Number(params.get('job')) || null;
  const info = catalogue.data?.find((r) => r.name === name) ?? null;
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of REPORT_FILTERS) {
      const v = params.get(f);
      if (v) out[f] = v;
    }
    return out;
  }, [params]);

  const setFilter = useCallback(
    (filter: string, value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(filter, value);
          else next.delete(filter);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onJob = (id: number) => setFilter('job', String(id));

  return (
    <Box>
      {!info && <PageTitle title="Relatórios" subtitle="Filtros, prévia, gráficos e exportação em CSV, XLSX e PDF" />}
      {jobId && <ExportJobCard id={jobId} onClose={() => setFilter('job', '')} />}
      {catalogue.isLoading ? (
        <Stack sx={{ gap: 1 }} aria-label="Carregando relatórios">
          <CircularProgress size={24} />
          {[0, 1, 2].map((k) => (
            <Skeleton key={k} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : catalogue.isError ? (
        <Alert severity="error">Não foi possível carregar os relatórios.</Alert>
      ) : info ? (
        <ReportView key={info.name} info={info} filters={filters} setFilter={setFilter} onJob={onJob} />
      ) : (
        <>
          {name && <Alert severity="warning" sx={{ mb: 2 }}>Relatório não encontrado ou sem permissão: escolha um da lista.</Alert>}
          <ReportList items={catalogue.data ?? []} />
        </>
      )}
    </Box>
  );
}
