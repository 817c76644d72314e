/** The LMC page's path: its segments in order (move up/down, edit, remove), the SVCs it carries and its unions. */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import { LMX_MEDIUM_LABELS } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRemove } from '../../../core/resource';
import { Section } from '../../../core/Section';
import { toast } from '../../../core/toast';
import { DownChip } from '../CircuitParts';
import { lmcApi, lmxApi, reorderSegments, type LmcRead, type LmxRead } from '../pathApi';
import { mbps, SvcStatusChip } from '../pathParts';

const end = (a: { hostname: string }, i: { name: string }) => `${a.hostname}:${i.name}`;

function SegmentCard({ s, last, canWrite, busy, onMove, onRemove }: { s: LmxRead; last: boolean; canWrite: boolean; busy: boolean; onMove: (d: -1 | 1) => void; onRemove: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }} role="group" aria-label={`Segmento ${s.position}`} data-testid={`segment-${s.id}`}>
      <Typography sx={{ fontWeight: 700, minWidth: 24 }}>{s.position}</Typography>
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {end(s.from_asset, s.from_interface)} → {end(s.to_asset, s.to_interface)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {LMX_MEDIUM_LABELS[s.medium]}
          {s.vlan_id ? ` · VLAN ${s.vlan_id}` : ''} · {mbps(s.capacity_mbps)}
          {s.subnet ? ` · ${s.subnet} (${s.from_address} → ${s.to_address})` : ''}
        </Typography>
        {s.circuit && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={`/circuit/edit/${s.circuit.id}`} variant="body2">
              {s.circuit.carrier} · {s.circuit.designation}
            </Link>
            <DownChip down={s.circuit.down} />
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {canWrite && (
          <>
            <IconButton aria-label={`Subir o segmento ${s.position}`} disabled={busy || s.position === 1} onClick={() => onMove(-1)}>
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton aria-label={`Descer o segmento ${s.position}`} disabled={busy || last} onClick={() => onMove(1)}>
              <ArrowDownwardIcon />
            </IconButton>
          </>
        )}
        <IconButton aria-label={`${canWrite ? 'Editar' : 'Ver'} o segmento ${s.position}`} component={RouterLink} to={`/lmx/edit/${s.id}`}>
          <EditIcon />
        </IconButton>
        {canWrite && (
          <IconButton aria-label={`Remover o segmento ${s.position}`} disabled={busy} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        )}
      </Box>
    </Paper>
  );
}

export function LmcPath({ lmc, canWrite }: { lmc: LmcRead; canWrite: boolean }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = useRemove(lmxApi, { title: (n) => `Remover o segmento ${n}?`, text: 'O caminho precisa continuar contínuo: remova pelas pontas.', done: 'Segmento removido!' });
  const refresh = () => Promise.all([lmcApi.invalidate(qc), qc.invalidateQueries({ queryKey: lmcApi.keys.one(lmc.id) })]);
  const move = async (index: number, d: -1 | 1) => {
    const ids = lmc.segments.map((s) => s.id);
    [ids[index], ids[index + d]] = [ids[index + d], ids[index]];
    setBusy(true);
    try {
      await reorderSegments(lmc.id, ids);
      toast.success('Ordem dos segmentos salva!');
      await refresh();
    } catch {
      // the API client toasts the reason (e.g. the path would break)
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Section
        title="Segmentos"
        hint={lmc.bottleneck_mbps ? `Menor capacidade do caminho: ${mbps(lmc.bottleneck_mbps)} · SVCs: ${mbps(lmc.svc_bandwidth_mbps)}` : undefined}
        actions={
          canWrite && (
            <Button startIcon={<AddIcon />} component={RouterLink} to={`/lmx/create/${lmc.id}`}>
              Adicionar segmento
            </Button>
          )
        }
      >
        {lmc.warnings.map((w) => (
          <Alert key={w} severity="warning" sx={{ mb: 1 }}>
            {w}
          </Alert>
        ))}
        {lmc.segments.length === 0 ? (
          <Typography color="text.secondary">Esta LMC ainda não tem segmentos. Adicione o primeiro, a partir da ponta A.</Typography>
        ) : (
          <Stack spacing={1}>
            {lmc.segments.map((s, i) => (
              <SegmentCard
                key={s.id}
                s={s}
                last={i === lmc.segments.length - 1}
                canWrite={canWrite}
                busy={busy}
                onMove={(d) => void move(i, d)}
                onRemove={() => void remove(s.id, String(s.position)).then((ok) => { if (ok) void refresh(); })}
              />
            ))}
          </Stack>
        )}
      </Section>
      <Section title="SVCs transportados">
        {lmc.svcs.length === 0 ? (
          <Typography color="text.secondary">Nenhum SVC usa esta LMC.</Typography>
        ) : (
          <Stack spacing={0.5}>
            {lmc.svcs.map((s) => (
              <Box key={s.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={`/svc/edit/${s.id}`}>
                  {s.code}
                </Link>
                <Typography variant="body2">
                  {s.client_name} · {mbps(s.bandwidth_mbps)}
                </Typography>
                <SvcStatusChip status={s.status} />
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      {lmc.unions.length > 0 && (
        <Section title="Uniões">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {lmc.unions.map((u) => (
              <Link key={u.id} component={RouterLink} to={`/union/edit/${u.id}`}>
                {u.code} · {u.name}
              </Link>
            ))}
          </Stack>
        </Section>
      )}
    </>
  );
}
