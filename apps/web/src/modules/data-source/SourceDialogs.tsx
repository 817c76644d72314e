/**
 * "Testar" (fetch and show the first rows, raw and mapped) and "Executar" (import into the
 * staging area with a progress indicator, then the run log) of a data source.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Stack,
  Tab,
  TableCell,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isAxiosError } from '../../core/api';
import { formatInt } from '../../core/format';
import { listKey } from '../../core/ResourceList';
import { WorkDialog } from '../../core/WorkDialog';
import { dsKeys, PATH, runSource, testSource, type DataSourceRun, type DataSourceTest } from './api';
import { RejectedRows } from '../../core/RejectedRows';
import { SmallTable } from '../../core/SmallTable';

/** The pt-BR message of a failed call (502/504 from a broken or slow source). */
export function errorMessage(e: unknown): string {
  if (isAxiosError(e)) {
    const m = (e.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof m === 'string') return m;
    if (!e.response) return 'Sem resposta do servidor.';
  }
  return 'Erro ao executar a ação.';
}

export const cellText = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : String(v);

export function RowsTable({ rows, label, maxColumns = 12 }: { rows: Record<string, unknown>[]; label: string; maxColumns?: number }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].slice(0, maxColumns);
  if (rows.length === 0) return <Typography color="text.secondary">Nenhum registro.</Typography>;
  return (
    <SmallTable
      label={label}
      maxHeight={360}
      head={
        <>
          <TableCell sx={{ width: 40 }}>#</TableCell>
          {columns.map((c) => (
            <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
              {c}
            </TableCell>
          ))}
        </>
      }
    >
      {rows.map((r, i) => (
        <TableRow key={i}>
          <TableCell>{i + 1}</TableCell>
          {columns.map((c) => (
            <TableCell key={c} sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={cellText(r[c])}>
              {cellText(r[c])}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </SmallTable>
  );
}

function Shell({ open, title, onClose, busy, children, actions }: { open: boolean; title: string; onClose: () => void; busy: boolean; children: ReactNode; actions?: ReactNode }) {
  return (
    <WorkDialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          {actions}
          <Button onClick={onClose} disabled={busy}>
            Fechar
          </Button>
        </>
      }
    >
      {children}
    </WorkDialog>
  );
}

function Elapsed() {
  const [s, setS] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setS((x) => x + 1), 1000);
    return () => clearInterval(t);
  }, []);
  return <>{s} s</>;
}

export function TestDialog({ source, onClose }: { source: { id: number; name: string } | null; onClose: () => void }) {
  const [state, setState] = useState<{ loading: boolean; result?: DataSourceTest; error?: string }>({ loading: false });
  const [view, setView] = useState<'raw' | 'mapped'>('raw');
  const started = useRef<number | null>(null);
  const run = async (id: number) => {
    setState({ loading: true });
    try {
      setState({ loading: false, result: await testSource(id) });
    } catch (e) {
      setState({ loading: false, error: errorMessage(e) });
    }
  };
  useEffect(() => {
    if (source && started.current !== source.id) {
      started.current = source.id;
      setView('raw');
      void run(source.id);
    }
    if (!source) started.current = null;
  }, [source]);
  const r = state.result;
  return (
    <Shell
      open={!!source}
      title={`Testar fonte: ${source?.name ?? ''}`}
      onClose={onClose}
      busy={state.loading}
      actions={
        <Button onClick={() => source && void run(source.id)} disabled={state.loading}>
          Testar novamente
        </Button>
      }
    >
      {state.loading && (
        <Box sx={{ py: 2 }} role="status">
          <Typography sx={{ mb: 1 }}>
            Buscando registros na fonte… <Elapsed />
          </Typography>
          <LinearProgress aria-label="Testando a fonte" />
        </Box>
      )}
      {state.error && <Alert severity="error">{state.error}</Alert>}
      {r && (
        <>
          <Alert severity={r.total ? 'success' : 'warning'} sx={{ mb: 2 }}>
            {r.total
              ? `A fonte respondeu com ${formatInt(r.total)} ${r.total === 1 ? 'registro' : 'registros'}. Nada foi gravado; abaixo, os primeiros ${r.rows.length}.`
              : 'A fonte respondeu, mas sem registros no caminho informado.'}
          </Alert>
          {r.rows.length > 0 && (
            <>
              <Tabs value={view} onChange={(_e, v) => setView(v)} sx={{ mb: 1 }} aria-label="Visão dos registros">
                <Tab value="raw" label="Dados da fonte" />
                <Tab value="mapped" label="Após o mapeamento" />
              </Tabs>
              {view === 'raw' ? <RowsTable rows={r.rows} label="Primeiros registros da fonte" /> : <RowsTable rows={r.mapped} label="Registros mapeados" />}
            </>
          )}
        </>
      )}
    </Shell>
  );
}

export const RUN_STATUS: Record<DataSourceRun['status'], { label: string; color: 'info' | 'success' | 'error' }> = {
  running: { label: 'Em execução', color: 'info' },
  success: { label: 'Concluída', color: 'success' },
  failed: { label: 'Falhou', color: 'error' },
};

export function RunSummary({ run }: { run: DataSourceRun }) {
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        <Chip color={RUN_STATUS[run.status].color} label={RUN_STATUS[run.status].label} variant="outlined" />
        <Typography variant="body2">Criados: <strong>{formatInt(run.created)}</strong></Typography>
        <Typography variant="body2">Atualizados: <strong>{formatInt(run.updated)}</strong></Typography>
        <Typography variant="body2">Rejeitados: <strong>{formatInt(run.rejected)}</strong></Typography>
      </Stack>
      {run.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {run.error}
        </Alert>
      )}
      <RejectedRows rows={run.log} noun="Registro" maxHeight={280} />
    </Box>
  );
}

export function RunDialog({ source, onClose }: { source: { id: number; name: string } | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [state, setState] = useState<{ phase: 'confirm' | 'running' | 'done'; run?: DataSourceRun; error?: string }>({ phase: 'confirm' });
  const sourceId = source?.id;
  // A new confirmation each time the dialog opens (by id: the parent may pass a new object per render).
  useEffect(() => {
    if (sourceId) setState({ phase: 'confirm' });
  }, [sourceId]);
  const execute = async () => {
    if (!source) return;
    setState({ phase: 'running' });
    try {
      const run = await runSource(source.id);
      setState({ phase: 'done', run });
    } catch (e) {
      setState({ phase: 'done', error: errorMessage(e) });
    } finally {
      void qc.invalidateQueries({ queryKey: ['data-source', source.id] });
      void qc.invalidateQueries({ queryKey: listKey(PATH) });
      void qc.invalidateQueries({ queryKey: dsKeys.runs(source.id) });
    }
  };
  return (
    <Shell
      open={!!source}
      title={`Executar importação: ${source?.name ?? ''}`}
      onClose={onClose}
      busy={state.phase === 'running'}
      actions={
        state.phase === 'confirm' ? (
          <Button variant="contained" onClick={() => void execute()}>
            Executar agora
          </Button>
        ) : undefined
      }
    >
      {state.phase === 'confirm' && (
        <Typography>
          Os registros da fonte serão buscados e gravados na área de preparação: novos são criados, existentes (mesmo campo-chave) são atualizados e
          os inválidos aparecem no log com o motivo. Se a fonte falhar ou demorar demais, nada é alterado.
        </Typography>
      )}
      {state.phase === 'running' && (
        <Box sx={{ py: 2 }} role="status">
          <Typography sx={{ mb: 1 }}>
            Importando registros… <Elapsed />
          </Typography>
          <LinearProgress aria-label="Executando a importação" />
        </Box>
      )}
      {state.phase === 'done' && state.error && (
        <Alert severity="error">
          {state.error} Nenhum registro foi alterado.
        </Alert>
      )}
      {state.phase === 'done' && state.run && (
        <>
          <Alert severity={state.run.status === 'success' ? 'success' : 'error'} sx={{ mb: 2 }}>
            {state.run.status === 'success' ? 'Importação concluída.' : 'A importação falhou.'}
          </Alert>
          <RunSummary run={state.run} />
        </>
      )}
    </Shell>
  );
}
