/**
 * Import of cities from an IBGE-format CSV (code, name, UF): choose the file, preview (a dry run
 * of the whole file: first rows and rejected rows with reasons), import in chunks of 1,000 rows
 * with a progress bar, then the report. Running it twice creates no duplicates (upsert by code).
 */
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { CityImportReport } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { formatInt } from '../../core/format';
import { listKey } from '../../core/ResourceList';
import { toast } from '../../core/toast';
import { importCities } from './api';
import { buildChunks, CHUNK_ROWS, decodeCsv, mapRejected, MAX_CSV_CHARS, prepareCsv, type PreparedCsv } from './csv-import';
import { RejectedRows } from '../../core/RejectedRows';
import { SmallTable } from '../../core/SmallTable';
import { WorkDialog } from '../../core/WorkDialog';

type Rejected = CityImportReport['rejected'];
type Phase =
  | { step: 'file' }
  | { step: 'checking'; file: string }
  | { step: 'preview'; file: string; csv: PreparedCsv; report: CityImportReport; rejected: Rejected }
  | { step: 'importing'; file: string; done: number; total: number; chunk: number; chunks: number }
  | { step: 'done'; file: string; created: number; updated: number; sent: number; rejected: Rejected; failed?: string };

const SAMPLE = 'codigo;nome;uf\n4106902;Curitiba;PR\n3550308;São Paulo;SP\n';
const SHOW_REJECTED = 200;

const RejectedTable = ({ rows }: { rows: Rejected }) => <RejectedRows rows={rows.map((r) => ({ row: r.line, reason: r.reason, content: r.content }))} noun="Linha" limit={SHOW_REJECTED} />;

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.25, flex: '1 1 120px', textAlign: 'center' }}>
      <Typography variant="h6" component="p" sx={{ color, fontWeight: 700 }}>
        {formatInt(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

export function CityImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'file' });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);

  const busy = phase.step === 'checking' || phase.step === 'importing';
  const close = () => {
    if (busy) return;
    setPhase({ step: 'file' });
    setError(null);
    onClose();
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_CSV_CHARS * 2) return setError('Arquivo muito grande: o limite é de 4 MB.');
    const text = decodeCsv(await file.arrayBuffer());
    if (text.length > MAX_CSV_CHARS) return setError('Arquivo muito grande: o limite é de 4 MB.');
    const csv = prepareCsv(text);
    if (csv.rows.length === 0) return setError('O arquivo não tem linhas de dados.');
    setPhase({ step: 'checking', file: file.name });
    try {
      // One dry run of the whole file: exact preview and every rejected row (repeated codes included).
      const [chunk] = buildChunks(csv.rows, csv.delimiter, csv.rows.length);
      const report = await importCities(chunk.csv, true);
      const rejected = report.rejected.map((r) => mapRejected(chunk, r));
      setPhase({ step: 'preview', file: file.name, csv, report, rejected });
    } catch {
      setPhase({ step: 'file' });
      setError('Não foi possível analisar o arquivo.');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const runImport = async () => {
    if (phase.step !== 'preview') return;
    const { csv, rejected, file } = phase;
    // Only the rows the preview accepted; the rejected ones are already in the report.
    const bad = new Set(rejected.map((r) => r.line));
    const rows = csv.rows.filter((r) => !bad.has(r.line));
    const chunks = buildChunks(rows, csv.delimiter, CHUNK_ROWS);
    const ctrl = new AbortController();
    abort.current = ctrl;
    let created = 0;
    let updated = 0;
    let sent = 0;
    const extra: Rejected = [];
    setPhase({ step: 'importing', file, done: 0, total: rows.length, chunk: 0, chunks: chunks.length });
    try {
      for (let i = 0; i < chunks.length; i++) {
        if (ctrl.signal.aborted) throw new Error('cancelado');
        setPhase({ step: 'importing', file, done: sent, total: rows.length, chunk: i + 1, chunks: chunks.length });
        // Stopping waits for the chunk in flight, so the counts stay exact.
        const r = await importCities(chunks[i].csv, false);
        created += r.created;
        updated += r.updated;
        sent += chunks[i].lines.length;
        extra.push(...r.rejected.map((x) => mapRejected(chunks[i], x)));
      }
      setPhase({ step: 'done', file, created, updated, sent, rejected: [...rejected, ...extra].sort((a, b) => a.line - b.line) });
      toast.success('Importação concluída!');
    } catch (e) {
      const cancelled = (e as Error).message === 'cancelado';
      setPhase({
        step: 'done',
        file,
        created,
        updated,
        sent,
        rejected: [...rejected, ...extra].sort((a, b) => a.line - b.line),
        failed: cancelled
          ? `Importação interrompida: ${formatInt(sent)} de ${formatInt(rows.length)} linhas processadas.`
          : `A importação parou com erro após ${formatInt(sent)} de ${formatInt(rows.length)} linhas. Importar o arquivo de novo é seguro: nada é duplicado.`,
      });
    } finally {
      abort.current = null;
      void qc.invalidateQueries({ queryKey: listKey('/city') });
      void qc.invalidateQueries({ queryKey: ['city'] });
    }
  };

  const stepIndex = { file: 0, checking: 0, preview: 1, importing: 2, done: 3 }[phase.step];

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void readFile(e.dataTransfer.files?.[0]);
  };

  return (
    <WorkDialog
      open={open}
      title="Importar cidades (CSV do IBGE)"
      onClose={close}
      busy={busy}
      actionsSx={{ flexWrap: 'wrap', gap: 1 }}
      actions={
        <>
          {phase.step === 'preview' && (
            <>
              <Button color="inherit" onClick={() => setPhase({ step: 'file' })}>
                Escolher outro arquivo
              </Button>
              <Button variant="contained" onClick={() => void runImport()} disabled={phase.report.accepted === 0}>
                Importar {formatInt(phase.report.accepted)} {phase.report.accepted === 1 ? 'cidade' : 'cidades'}
              </Button>
            </>
          )}
          {phase.step === 'importing' && (
            <Button color="inherit" onClick={() => abort.current?.abort()}>
              Interromper
            </Button>
          )}
          {phase.step === 'done' && (
            <>
              <Button color="inherit" onClick={() => setPhase({ step: 'file' })}>
                Importar outro arquivo
              </Button>
              <Button variant="contained" onClick={close}>
                Concluir
              </Button>
            </>
          )}
          {(phase.step === 'file' || phase.step === 'checking') && (
            <Button color="inherit" onClick={close} disabled={busy}>
              Cancelar
            </Button>
          )}
        </>
      }
    >
        <Stepper activeStep={stepIndex} alternativeLabel sx={{ mb: 2, display: { xs: 'none', sm: 'flex' } }}>
          {['Arquivo', 'Pré-visualização', 'Importação'].map((l) => (
            <Step key={l}>
              <StepLabel>{l}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}

        {(phase.step === 'file' || phase.step === 'checking') && (
          <>
            <Typography sx={{ mb: 1 }}>
              O arquivo deve ter três colunas: <strong>código IBGE</strong> (7 dígitos), <strong>nome</strong> e <strong>UF</strong>, separadas por
              ponto e vírgula, vírgula ou tabulação. A linha de cabeçalho é opcional. Cidades já cadastradas (mesmo código) são atualizadas, nunca
              duplicadas.
            </Typography>
            <Box
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                borderRadius: 2,
                p: { xs: 2, sm: 4 },
                textAlign: 'center',
                my: 2,
              }}
            >
              <UploadFileIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
              <Typography sx={{ mb: 1.5 }} color="text.secondary">
                {phase.step === 'checking' ? `Analisando ${phase.file}…` : 'Arraste o arquivo aqui ou'}
              </Typography>
              <input
                ref={input}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                hidden
                aria-label="Arquivo CSV de cidades"
                data-testid="city-import-file"
                onChange={(e) => void readFile(e.target.files?.[0])}
              />
              <Button variant="contained" onClick={() => input.current?.click()} loading={phase.step === 'checking'}>
                Escolher arquivo
              </Button>
            </Box>
            <Button size="small" startIcon={<DownloadIcon />} href={`data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`} download="modelo-cidades.csv">
              Baixar modelo
            </Button>
          </>
        )}

        {phase.step === 'preview' && (
          <>
            <Typography sx={{ mb: 1.5 }}>
              Arquivo <strong>{phase.file}</strong>: nada foi gravado ainda. Confira as primeiras linhas e as rejeitadas antes de importar.
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Resumo da pré-visualização">
              <Figure label="Linhas lidas" value={phase.csv.rows.length} />
              <Figure label="Novas" value={phase.report.created} color="success.main" />
              <Figure label="A atualizar" value={phase.report.updated} color="info.main" />
              <Figure label="Sem alteração" value={phase.report.accepted - phase.report.created - phase.report.updated} />
              <Figure label="Rejeitadas" value={phase.rejected.length} color={phase.rejected.length ? 'error.main' : undefined} />
            </Stack>
            {phase.report.preview.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  Primeiras linhas aceitas
                </Typography>
                <SmallTable
                  label="Primeiras linhas aceitas"
                  maxHeight={260}
                  head={
                    <>
                      <TableCell>Código IBGE</TableCell>
                      <TableCell>Nome</TableCell>
                      <TableCell>UF</TableCell>
                    </>
                  }
                >
                  {phase.report.preview.map((r) => (
                    <TableRow key={r.ibge_code}>
                      <TableCell>{r.ibge_code}</TableCell>
                      <TableCell>{r.name}</TableCell>
                      <TableCell>{r.uf}</TableCell>
                    </TableRow>
                  ))}
                </SmallTable>
              </>
            )}
            <RejectedTable rows={phase.rejected} />
            {phase.report.accepted === 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                Nenhuma linha válida para importar.
              </Alert>
            )}
          </>
        )}

        {phase.step === 'importing' && (
          <Box sx={{ py: 2 }}>
            <Typography sx={{ mb: 1 }}>
              Importando {phase.file}: parte {phase.chunk} de {phase.chunks}…
            </Typography>
            <LinearProgress
              variant="determinate"
              value={phase.total ? (phase.done / phase.total) * 100 : 0}
              aria-label="Progresso da importação"
              sx={{ height: 10, borderRadius: 5 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {formatInt(phase.done)} de {formatInt(phase.total)} linhas ({phase.total ? Math.round((phase.done / phase.total) * 100) : 0}%)
            </Typography>
          </Box>
        )}

        {phase.step === 'done' && (
          <>
            <Alert severity={phase.failed ? 'warning' : 'success'} sx={{ mb: 2 }}>
              {phase.failed ?? `Importação de ${phase.file} concluída.`}
            </Alert>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Relatório da importação">
              <Figure label="Linhas aceitas" value={phase.sent} />
              <Figure label="Criadas" value={phase.created} color="success.main" />
              <Figure label="Atualizadas" value={phase.updated} color="info.main" />
              <Figure label="Sem alteração" value={Math.max(0, phase.sent - phase.created - phase.updated)} />
              <Figure label="Rejeitadas" value={phase.rejected.length} color={phase.rejected.length ? 'error.main' : undefined} />
            </Stack>
            <RejectedTable rows={phase.rejected} />
          </>
        )}
    </WorkDialog>
  );
}
