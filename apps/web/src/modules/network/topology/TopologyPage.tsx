/**
 * `/lmc/topology/:id`: the LMC's graph. Sites are groups holding their assets, segments are
 * edges (the LMC's solid, its union siblings' dashed, union member circuits between sites); a circuit
 * that goes down turns red live through the realtime hub, without a reload.
 */
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import CodeIcon from '@mui/icons-material/Code';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Paper, Typography } from '@mui/material';
import { type CircuitRealtimeMessage, type LmcTopology, UNION_MODE_LABELS, type UnionMode } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageTitle } from '../../../core/PageTitle';
import { RecordPage } from '../../../core/RecordPage';
import { useRealtimeEvent } from '../../notification';
import { downOf, withCircuitState } from './layout';
import { Legend } from './parts';
import { fetchTopology, topologyKey } from './query';
import { TopologyCanvas } from './TopologyCanvas';


export default function TopologyPage() {
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const query = useQuery({ queryKey: topologyKey(id), queryFn: () => fetchTopology(id), enabled: Number.isInteger(id) && id > 0 });

  // Live: the edges of a circuit that went down (or came back) change at once, then the answer is refetched.
  useRealtimeEvent<CircuitRealtimeMessage>('circuit', (msg) => {
    const current = qc.getQueryData<LmcTopology>(topologyKey(id));
    if (!current) return;
    qc.setQueryData<LmcTopology>(topologyKey(id), withCircuitState(current, msg.circuit_id, msg.down));
    void qc.invalidateQueries({ queryKey: topologyKey(id) });
  });

  return (
    <Box>
      <RecordPage query={query} what="LMC" gender="f" backTo="/lmc">
        {(topo) => <Topology topo={topo} />}
      </RecordPage>
    </Box>
  );
}

function Topology({ topo }: { topo: LmcTopology }) {
  const down = useMemo(() => downOf(topo), [topo]);
  const links = (
    <>
      <Button size="small" component={RouterLink} to={`/lmc/edit/${topo.lmc.id}`} startIcon={<EditIcon />}>
        Editar LMC
      </Button>
      <Button size="small" component={RouterLink} to={`/lmc/generate-script/${topo.lmc.id}`} startIcon={<CodeIcon />}>
        Gerar script MikroTik
      </Button>
    </>
  );
  const subtitle = [topo.lmc.name, topo.unions.length ? `União: ${topo.unions.map((u) => `${u.code} (${UNION_MODE_LABELS[u.mode as UnionMode] ?? u.mode})`).join(', ')}` : null].filter(Boolean).join(' · ');
  const hasSegments = topo.edges.some((e) => e.kind === 'segment' && e.lmc_id === topo.lmc.id);
  return (
    <>
      <PageTitle title={`Topologia ${topo.lmc.code}`} subtitle={subtitle} />
      {hasSegments || topo.edges.length ? (
        <>
          {!hasSegments && <EmptyNotice id={topo.lmc.id} compact />}
          <Legend code={topo.lmc.code} siblings={topo.siblings.length > 0} circuits={topo.edges.some((e) => e.kind === 'circuit')} />
          <ReactFlowProvider>
            <TopologyCanvas topo={topo} down={down} toolbar={links} />
          </ReactFlowProvider>
        </>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>{links}</Box>
          <EmptyNotice id={topo.lmc.id} />
        </>
      )}
    </>
  );
}

function EmptyNotice({ id, compact = false }: { id: number; compact?: boolean }) {
  return (
    <Paper variant="outlined" data-testid="topology-empty" sx={{ p: compact ? 1.5 : { xs: 2, sm: 4 }, mb: compact ? 1 : 0, textAlign: compact ? 'left' : 'center', display: 'flex', flexDirection: compact ? 'row' : 'column', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      {!compact && <AccountTreeIcon color="disabled" sx={{ fontSize: 48 }} />}
      <Typography variant={compact ? 'body2' : 'h6'} component="p">
        Esta LMC ainda não tem segmentos
      </Typography>
      <Button component={RouterLink} to={`/lmx/create/${id}`} variant={compact ? 'text' : 'contained'} size={compact ? 'small' : 'medium'} startIcon={<AddIcon />}>
        Adicionar segmento
      </Button>
    </Paper>
  );
}
