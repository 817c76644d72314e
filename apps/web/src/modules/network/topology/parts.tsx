/** The topology's drawing pieces: site groups, asset nodes, the edges with their labels, and the legend. */
import { Box, Typography } from '@mui/material';
import { ASSET_ROLE_LABELS, ASSET_VENDOR_LABELS, type AssetRole, type AssetVendor } from '@operacoes/contract';
import { BaseEdge, EdgeLabelRenderer, Handle, type EdgeProps, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { type AssetNodeData, type EdgeRole, edgeLabel, edgePath, type SiteNodeData, type TopoEdge, type TopoNode } from './layout';

export const EDGE_COLORS: Record<EdgeRole | 'down', string> = { main: '#1565c0', sibling: '#7b1fa2', circuit: '#00796b', down: '#d32f2f' };
const DASH: Record<EdgeRole, string | undefined> = { main: undefined, sibling: '8 5', circuit: '2 5' };

const hidden = { opacity: 0, width: 6, height: 6, minWidth: 0, minHeight: 0, border: 0 } as const;

function SiteNodeView({ data }: NodeProps<Extract<TopoNode, { type: 'site' }>>) {
  const d = data as SiteNodeData;
  return (
    <Box
      data-testid={`node-site-${d.id}`}
      sx={{ width: '100%', height: '100%', border: '1.5px solid', borderColor: 'grey.500', borderRadius: 2, bgcolor: (t) => (t.palette.mode === 'dark' ? 'rgba(96, 125, 139, 0.16)' : 'rgba(236, 239, 241, 0.55)'), position: 'relative' }}
    >
      <Handle type="target" position={Position.Left} style={hidden} isConnectable={false} />
      <Box sx={{ px: 1.5, pt: 0.75, display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
        <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {d.code}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap>
          {d.name}
          {d.end ? ` · ponta ${d.end}` : ''}
        </Typography>
      </Box>
      <Handle type="source" position={Position.Right} style={hidden} isConnectable={false} />
    </Box>
  );
}

function AssetNodeView({ data }: NodeProps<Extract<TopoNode, { type: 'asset' }>>) {
  const d = data as AssetNodeData;
  return (
    <Box
      data-testid={`node-asset-${d.id}`}
      title={`Abrir ${d.hostname}`}
      sx={{
        width: '100%',
        height: '100%',
        bgcolor: 'background.paper',
        border: '1.5px solid',
        borderColor: 'primary.main',
        borderRadius: 1.5,
        px: 1.25,
        py: 0.5,
        cursor: 'pointer',
        boxShadow: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        minWidth: 0,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Handle type="target" position={Position.Left} style={hidden} isConnectable={false} />
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {d.hostname}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {ASSET_ROLE_LABELS[d.role as AssetRole] ?? d.role} · {ASSET_VENDOR_LABELS[d.vendor as AssetVendor] ?? d.vendor}
      </Typography>
      <Handle type="source" position={Position.Right} style={hidden} isConnectable={false} />
    </Box>
  );
}

function TopoEdgeView({ id, sourceX, sourceY, targetX, targetY, data, markerEnd }: EdgeProps<TopoEdge>) {
  const d = data!;
  const { path, labelX, labelY } = edgePath(sourceX, sourceY, targetX, targetY, d.offset);
  const color = d.down ? EDGE_COLORS.down : EDGE_COLORS[d.role];
  const testId = d.kind === 'segment' ? `edge-lmx-${d.entityId}` : `edge-circuit-${d.entityId}`;
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} interactionWidth={18} style={{ stroke: color, strokeWidth: d.role === 'main' ? 2.5 : 2, strokeDasharray: DASH[d.role] }} />
      <EdgeLabelRenderer>
        <div
          className="nodrag nopan"
          data-testid={testId}
          data-down={d.down ? 'true' : 'false'}
          data-role={d.role}
          data-edge-key={d.key}
          style={{
            position: 'absolute',
            transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
            pointerEvents: 'all',
            cursor: 'pointer',
            fontSize: 11,
            lineHeight: 1.3,
            padding: '1px 6px',
            borderRadius: 4,
            background: d.down ? '#ffebee' : 'rgba(255, 255, 255, 0.92)',
            border: `1px solid ${color}`,
            color: d.down ? EDGE_COLORS.down : '#263238',
            fontWeight: d.down ? 700 : 400,
            whiteSpace: 'nowrap',
            zIndex: 3,
          }}
        >
          {edgeLabel(d)}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

export const nodeTypes = { site: memo(SiteNodeView), asset: memo(AssetNodeView) };
export const edgeTypes = { topo: memo(TopoEdgeView) };

function Swatch({ color, dash, label }: { color: string; dash?: string; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <svg width="30" height="10" aria-hidden="true">
        <line x1="1" y1="5" x2="29" y2="5" stroke={color} strokeWidth="2.5" strokeDasharray={dash} />
      </svg>
      <Typography variant="caption">{label}</Typography>
    </Box>
  );
}

/** What the colours and dashes mean. */
export function Legend({ code, siblings, circuits }: { code: string; siblings: boolean; circuits: boolean }) {
  return (
    <Box data-testid="topology-legend" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center', mb: 1 }}>
      <Swatch color={EDGE_COLORS.main} label={`Segmento da ${code}`} />
      {siblings && <Swatch color={EDGE_COLORS.sibling} dash={DASH.sibling} label="Segmento de LMC da mesma união" />}
      {circuits && <Swatch color={EDGE_COLORS.circuit} dash={DASH.circuit} label="Circuito membro da união" />}
      <Swatch color={EDGE_COLORS.down} label="Circuito fora do ar" />
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <Box component="span" sx={{ width: 22, height: 12, border: '1.5px solid', borderColor: 'grey.400', bgcolor: 'rgba(236, 239, 241, 0.8)', borderRadius: 0.5 }} />
        <Typography variant="caption">Site</Typography>
      </Box>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <Box component="span" sx={{ width: 22, height: 12, border: '1.5px solid', borderColor: 'primary.main', borderRadius: 0.5 }} />
        <Typography variant="caption">Ativo</Typography>
      </Box>
    </Box>
  );
}
