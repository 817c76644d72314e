/** The topology's drawing pieces: site groups, asset nodes, the edges with their labels, and the legend. */
import { Box, Typography } from '@mui/material';
import { BaseEdge, EdgeLabelRenderer, Handle, type EdgeProps, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import './topology.css';
import { assetSub, type AssetNodeData, type EdgeRole, edgeLabel, edgeLines, routePath, type SiteHeadNodeData, type SiteNodeData, siteNameLine, type TopoEdge, type TopoNode } from './layout';

export const EDGE_COLORS: Record<EdgeRole | 'down', string> = { main: '#1565c0', sibling: '#7b1fa2', circuit: '#00796b', down: '#c62828' };
const DASH: Record<EdgeRole, string | undefined> = { main: undefined, sibling: '8 5', circuit: '2 5' };

function SiteNodeView({ data }: NodeProps<Extract<TopoNode, { type: 'site' }>>) {
  const d = data as SiteNodeData;
  return (
    <div className="topo-site" data-testid={`node-site-${d.id}`}>
      <Handle type="target" position={Position.Left} className="topo-handle" isConnectable={false} />
      <Handle type="source" position={Position.Right} className="topo-handle" isConnectable={false} />
    </div>
  );
}

function SiteHeadNodeView({ data }: NodeProps<Extract<TopoNode, { type: 'siteHead' }>>) {
  const d = data as SiteHeadNodeData;
  return (
    <div className="topo-site-head" data-testid={`node-site-head-${d.id}`}>
      <span className="topo-site-code">{d.code}</span>
      <span className="topo-site-name">{siteNameLine(d.name, d.end)}</span>
    </div>
  );
}

function AssetNodeView({ data }: NodeProps<Extract<TopoNode, { type: 'asset' }>>) {
  const d = data as AssetNodeData;
  return (
    <div className="topo-asset" data-testid={`node-asset-${d.id}`} title={`Abrir ${d.hostname}`}>
      <Handle type="target" position={Position.Left} className="topo-handle" isConnectable={false} />
      <span className="topo-asset-host">{d.hostname}</span>
      <span className="topo-asset-sub">{assetSub(d)}</span>
      <Handle type="source" position={Position.Right} className="topo-handle" isConnectable={false} />
    </div>
  );
}

/** The picture's frame: never drawn (the view is fitted to it). */
function FrameNodeView() {
  return null;
}

/**
 * An edge along ELK's route, its description where ELK put it (beside the line, clear of the nodes) and
 * the interface names at its two ends.
 */
function TopoEdgeView({ id, data, markerEnd }: EdgeProps<TopoEdge>) {
  const d = data!;
  const color = d.down ? EDGE_COLORS.down : EDGE_COLORS[d.role];
  const what = d.kind === 'segment' ? `lmx-${d.entityId}` : `circuit-${d.entityId}`;
  const testId = `edge-${what}`;
  const lines = edgeLines(d);
  return (
    <>
      <BaseEdge id={id} path={routePath(d.points)} markerEnd={markerEnd} interactionWidth={14} style={{ stroke: color, strokeWidth: d.role === 'main' ? 2.5 : 2, strokeDasharray: DASH[d.role] }} />
      <EdgeLabelRenderer>
        {d.label && (
          <div
            className="topo-label nodrag nopan"
            data-testid={testId}
            data-down={d.down ? 'true' : 'false'}
            data-role={d.role}
            data-edge-key={d.key}
            title={edgeLabel(d)}
            style={{ transform: `translate(${d.label.x + d.label.width / 2}px, ${d.label.y + d.label.height / 2}px) translate(-50%, -50%)`, borderColor: color, color: d.down ? EDGE_COLORS.down : undefined }}
          >
            {lines.map((line, i) => (
              <span key={i} className={i === 0 && d.lmcCode ? 'topo-label-code' : undefined}>
                {line}
              </span>
            ))}
          </div>
        )}
        {(['from', 'to'] as const).map((side) => {
          const end = d.ends[side];
          return end ? (
            <div
              key={side}
              className="topo-end nodrag nopan"
              data-testid={`iface-${what}-${side}`}
              data-edge-key={d.key}
              title={`Interface ${end.text}`}
              style={{ transform: `translate(${end.x + end.width / 2}px, ${end.y + end.height / 2}px) translate(-50%, -50%)`, borderColor: color }}
            >
              {end.text}
            </div>
          ) : null;
        })}
      </EdgeLabelRenderer>
    </>
  );
}

export const nodeTypes = { site: memo(SiteNodeView), siteHead: memo(SiteHeadNodeView), asset: memo(AssetNodeView), frame: FrameNodeView };
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
        <span className="topo-end topo-end-sample" aria-hidden="true">
          ether1
        </span>
        <Typography variant="caption">Interface na ponta</Typography>
      </Box>
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
