/**
 * The topology drawing: React Flow with the ELK layout (left to right; top to bottom on a phone), live circuit
 * states, zoom buttons (+, −, fit: the whole picture, routes and labels included), minimap and export.
 */
import ImageIcon from '@mui/icons-material/Image';
import { Alert, Box, Button, CircularProgress, useMediaQuery, useTheme } from '@mui/material';
import type { LmcTopology } from '@operacoes/contract';
import { Controls, type FitViewOptions, getViewportForBounds, MiniMap, ReactFlow, useReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../core/toast';
import { elkInstance } from './elk';
import { exportTopology } from './exportImage';
import { laidOut, NARROW_QUERY } from './laidOut';
import { type Box as Frame, type Direction, initialViewport, shapeKey, type TopoEdge, type TopoNode, withDown } from './layout';
import { EDGE_COLORS, edgeTypes, nodeTypes } from './parts';

// Started as soon as this code is loaded, while the topology's data is on its way.
elkInstance();

type Laid = { key: string; direction: Direction; nodes: TopoNode[]; edges: TopoEdge[]; frame: Frame };

/** The fit button frames the whole picture (its hidden frame node holds every route and label). */
const FIT: FitViewOptions = { includeHiddenNodes: true, padding: 0.04, maxZoom: 1.25 };

/** React Flow's own words, in Portuguese. */
const ARIA = {
  'controls.ariaLabel': 'Controles de zoom',
  'controls.zoomIn.ariaLabel': 'Aproximar',
  'controls.zoomOut.ariaLabel': 'Afastar',
  'controls.fitView.ariaLabel': 'Ajustar à tela',
  'minimap.ariaLabel': 'Miniatura da topologia',
  'node.a11yDescription.default': 'Pressione Enter para abrir o ativo.',
  'edge.a11yDescription.default': 'Pressione Enter para abrir o segmento ou o circuito.',
};

/** A file name from the LMC's code (letters, digits, dot, dash and underscore). */
export const fileBaseOf = (code: string) => code.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'lmc';

export function TopologyCanvas({ topo, down, toolbar }: { topo: LmcTopology; down: ReadonlyMap<number, boolean>; toolbar?: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const direction: Direction = narrow ? 'DOWN' : 'RIGHT';
  const navigate = useNavigate();
  const flow = useReactFlow();
  const box = useRef<HTMLDivElement>(null);
  const key = useMemo(() => shapeKey(topo), [topo]);
  const [laid, setLaid] = useState<Laid | null>(null);
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState<'png' | 'svg' | null>(null);

  // A new layout only when the picture's shape changes; circuit states alone keep it.
  useEffect(() => {
    let live = true;
    const { key: shape, layout } = laidOut(topo, direction);
    layout.then(
      (r) => live && setLaid({ key: shape, direction, ...r }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // `key` is the shape of `topo`: the same shape keeps its layout.
  }, [key, direction]);

  const edges = useMemo(() => (laid ? withDown(laid.edges, down) : []), [laid, down]);

  const onNodeClick = (_: unknown, node: Node) => {
    const d = (node as TopoNode).data;
    if (d.kind === 'asset') void navigate(`/asset/edit/${d.id}`);
  };
  const openEdge = (e: Edge) => {
    const d = (e as TopoEdge).data!;
    void navigate(d.kind === 'segment' ? `/lmx/edit/${d.entityId}` : `/circuit/edit/${d.entityId}`);
  };

  async function exportAs(format: 'png' | 'svg') {
    if (!box.current) return;
    setExporting(format);
    try {
      await exportTopology(format, fileBaseOf(topo.lmc.code), box.current, { getNodes: flow.getNodes, getNodesBounds: flow.getNodesBounds, getViewportForBounds });
    } catch {
      toast.error('Não foi possível exportar a imagem');
    } finally {
      setExporting(null);
    }
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1, alignItems: 'center' }}>
        {toolbar}
        <Button size="small" variant="outlined" startIcon={exporting === 'png' ? <CircularProgress size={16} /> : <ImageIcon />} disabled={!laid || exporting !== null} onClick={() => void exportAs('png')}>
          Exportar PNG
        </Button>
        <Button size="small" variant="outlined" startIcon={exporting === 'svg' ? <CircularProgress size={16} /> : <ImageIcon />} disabled={!laid || exporting !== null} onClick={() => void exportAs('svg')}>
          Exportar SVG
        </Button>
      </Box>
      {failed && <Alert severity="error">Não foi possível desenhar a topologia.</Alert>}
      <Box
        ref={box}
        data-testid="topology-canvas"
        data-direction={laid?.direction}
        className="topo-canvas"
        aria-busy={laid ? 'false' : 'true'}
        sx={{
          // A phone gets the whole screen under the top bar; a wide screen keeps the header in view.
          height: { xs: 'calc(100dvh - 60px)', md: 'calc(100vh - 230px)' },
          minHeight: { xs: 420, md: 480 },
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'var(--topo-canvas-bg)',
          // The nodes' colours (topology.css).
          '--topo-font': theme.typography.fontFamily,
          '--topo-text': theme.palette.text.primary,
          '--topo-text-2': theme.palette.text.secondary,
          '--topo-paper': theme.palette.background.paper,
          '--topo-primary': theme.palette.primary.main,
          '--topo-site-border': theme.palette.grey[500],
          '--topo-site-bg': theme.palette.mode === 'dark' ? 'rgba(96, 125, 139, 0.16)' : 'rgba(236, 239, 241, 0.55)',
          // The canvas's own colour, for React Flow's pane and under the sites' headers (topology.css).
          '--topo-canvas-bg': theme.palette.mode === 'dark' ? '#15181c' : '#fafbfc',
          '--xy-background-color': 'var(--topo-canvas-bg)',
          position: 'relative',
          touchAction: 'none',
        }}
      >
        {!laid && !failed && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <CircularProgress aria-label="Calculando o desenho" />
          </Box>
        )}
        {laid && (
          <ReactFlow
            // Mounted anew with each direction's first layout, which it frames (initialViewport).
            key={laid.direction}
            onInit={(rf) => {
              const el = box.current;
              if (el) void rf.setViewport(initialViewport(laid.frame, el.clientWidth, el.clientHeight, laid.direction === 'DOWN'));
            }}
            colorMode={theme.palette.mode}
            ariaLabelConfig={ARIA}
            nodes={laid.nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            onNodeClick={onNodeClick}
            onEdgeClick={(_, e) => openEdge(e)}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable
            panOnDrag
            zoomOnPinch
            minZoom={0.05}
            maxZoom={2.5}
            proOptions={{ hideAttribution: true }}
          >
            <Controls showInteractive={false} position="bottom-left" fitViewOptions={FIT} />
            {wide && <MiniMap pannable zoomable nodeColor={(n) => (n.type === 'site' ? '#cfd8dc' : n.type === 'siteHead' ? 'transparent' : EDGE_COLORS.main)} nodeStrokeWidth={2} />}
          </ReactFlow>
        )}
      </Box>
      <LabelClicks container={box} edges={edges} onOpen={openEdge} />
    </Box>
  );
}

/** A click on an edge's label opens it too (labels live outside the SVG edges, in EdgeLabelRenderer). */
function LabelClicks({ container, edges, onOpen }: { container: React.RefObject<HTMLDivElement | null>; edges: TopoEdge[]; onOpen: (e: Edge) => void }) {
  const byKey = useRef(new Map<string, TopoEdge>());
  byKey.current = new Map(edges.map((e) => [e.id, e]));
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const listener = (ev: MouseEvent) => {
      const label = (ev.target as HTMLElement | null)?.closest?.('[data-edge-key]');
      const edge = label ? byKey.current.get(label.getAttribute('data-edge-key')!) : undefined;
      if (edge) open.current(edge);
    };
    el.addEventListener('click', listener);
    return () => el.removeEventListener('click', listener);
  }, [container]);
  return null;
}
