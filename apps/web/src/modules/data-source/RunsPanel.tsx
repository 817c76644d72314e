/** The runs of a data source (status, counts, log) and the records it staged. */
import {
  Alert,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatDuration, formatInt } from '../../core/format';
import { dsKeys, fetchRecords, fetchRuns, type DataSourceRun } from './api';
import { cellText, RUN_STATUS, RunSummary } from './SourceDialogs';
import { ExpandableRow } from '../../core/ExpandableRow';
import { SmallTable } from '../../core/SmallTable';
import { EmptyPanel, PanelLoading } from '../../core/PanelStates';
import { PanelPagination } from '../../core/PanelPagination';

const duration = (r: DataSourceRun) => formatDuration(r.finished_at ? Date.parse(r.finished_at) - Date.parse(r.started_at) : null);

export function RunsPanel({ sourceId }: { sourceId: number }) {
  const q = useQuery({ queryKey: dsKeys.runs(sourceId), queryFn: () => fetchRuns(sourceId) });
  const [open, setOpen] = useState<number | null>(null);
  if (q.isLoading) return <PanelLoading />;
  if (q.isError) return <Alert severity="error">Não foi possível carregar as execuções.</Alert>;
  const runs = q.data ?? [];
  if (runs.length === 0)
    return <EmptyPanel>Esta fonte ainda não foi executada. Use “Executar” para a primeira importação.</EmptyPanel>;
  return (
    <SmallTable
      label="Execuções da fonte"
      head={
        <>
          <TableCell sx={{ width: 48 }} />
          <TableCell>Início</TableCell>
          <TableCell>Situação</TableCell>
          <TableCell align="right">Criados</TableCell>
          <TableCell align="right">Atualizados</TableCell>
          <TableCell align="right">Rejeitados</TableCell>
          <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
            Duração
          </TableCell>
        </>
      }
    >
      {runs.map((r) => {
        const expandable = r.log.length > 0 || !!r.error;
        return (
          <ExpandableRow
            key={r.id}
            open={open === r.id}
            onToggle={() => setOpen(open === r.id ? null : r.id)}
            expandable={expandable}
            columns={7}
            cells={
              <>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.started_at, true)}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={RUN_STATUS[r.status].color} label={RUN_STATUS[r.status].label} />
                </TableCell>
                <TableCell align="right">{formatInt(r.created)}</TableCell>
                <TableCell align="right">{formatInt(r.updated)}</TableCell>
                <TableCell align="right">{formatInt(r.rejected)}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {duration(r)}
                </TableCell>
              </>
            }
          >
            <RunSummary run={r} />
          </ExpandableRow>
        );
      })}
    </SmallTable>
  );
}

export function RecordsPanel({ sourceId }: { sourceId: number }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const q = useQuery({
    queryKey: dsKeys.records(sourceId, page, pageSize),
    queryFn: () => fetchRecords(sourceId, page + 1, pageSize),
    placeholderData: keepPreviousData,
  });
  if (q.isLoading) return <PanelLoading />;
  if (q.isError) return <Alert severity="error">Não foi possível carregar os registros.</Alert>;
  const data = q.data!;
  if (data.total_items === 0)
    return <EmptyPanel>Nenhum registro importado ainda.</EmptyPanel>;
  const columns = [...new Set(data.items.flatMap((r) => Object.keys(r.data)))].slice(0, 10);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Registros importados">
          <TableHead>
            <TableRow>
              <TableCell>Chave</TableCell>
              {columns.map((c) => (
                <TableCell key={c} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {c}
                </TableCell>
              ))}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>Atualizado em</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((r) => (
              <TableRow key={r.external_key}>
                <TableCell sx={{ fontWeight: 600 }}>{r.external_key}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c} sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={cellText(r.data[c])}>
                    {cellText(r.data[c])}
                  </TableCell>
                ))}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.updated_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PanelPagination count={data.total_items} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
    </Paper>
  );
}
