/**
 * A page's history: every saved version (who, when, what kind of change); two picked versions
 * compared side by side (removed in red on the left, added in green on the right); a version
 * read on its own; a restore (confirmed; it becomes a new version, nothing is erased).
 */
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Pagination, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { WIKI_VERSION_ACTION_LABELS, type WikiDiff, type WikiDiffRow, type WikiPageView, type WikiVersionItem } from '@operacoes/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { confirmAction, toast } from '../../core/toast';
import { fetchDiff, fetchVersion, fetchVersions, invalidateWiki, restoreVersion, wikiHref, wikiKeys } from './api';
import { byWhen, WikiBody, WikiBreadcrumbs } from './parts';

const PAGE_SIZE = 20;

/** One side of a diff row: its pieces, the changed ones marked (a null side is an empty cell). */
function Cell({ pieces, side, kind }: { pieces: WikiDiffRow['left']; side: 'left' | 'right'; kind: WikiDiffRow['kind'] }) {
  const whole = (side === 'left' && kind === 'removed') || (side === 'right' && kind === 'added');
  const tint = side === 'left' ? 'rgba(211, 47, 47, 0.14)' : 'rgba(46, 125, 50, 0.16)';
  const strong = side === 'left' ? 'rgba(211, 47, 47, 0.32)' : 'rgba(46, 125, 50, 0.36)';
  const Mark = side === 'left' ? 'del' : 'ins';
  return (
    <Box
      data-side={side}
      sx={{
        p: 0.75,
        minWidth: 0,
        overflowWrap: 'anywhere',
        whiteSpace: 'pre-wrap',
        fontSize: 14,
        bgcolor: pieces === null ? 'action.hover' : whole || kind === 'changed' ? tint : undefined,
        '& del, & ins': { textDecoration: 'none', bgcolor: strong, borderRadius: 0.5 },
      }}
    >
      {pieces?.map((p, i) => (p.changed ? <Mark key={i}>{p.text}</Mark> : <span key={i}>{p.text}</span>))}
    </Box>
  );
}

function DiffTable({ diff }: { diff: WikiDiff }) {
  const rows = diff.title.kind === 'same' ? diff.rows : [diff.title, ...diff.rows];
  const changed = rows.some((r) => r.kind !== 'same');
  return (
    <Paper variant="outlined" sx={{ mb: 2, overflow: 'hidden' }} component="section" aria-label="Comparação de versões" data-testid="wiki-diff">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', borderBottom: 1, borderColor: 'divider', bgcolor: 'action.selected' }}>
        {[diff.from, diff.to].map((v) => (
          <Box key={v.version} sx={{ p: 1 }}>
            <Typography variant="subtitle2" component="h3">
              Versão {v.version}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {byWhen(v.author, v.created_at)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        {changed ? `${diff.removed} ${diff.removed === 1 ? 'linha removida' : 'linhas removidas'}, ${diff.added} ${diff.added === 1 ? 'linha adicionada' : 'linhas adicionadas'}` : 'As duas versões têm o mesmo texto.'}
      </Typography>
      {rows.map((r, i) => (
        <Box key={i} data-kind={r.kind} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', borderBottom: 1, borderColor: 'divider', '& > :first-of-type': { borderRight: 1, borderColor: 'divider' } }}>
          <Cell pieces={r.left} side="left" kind={r.kind} />
          <Cell pieces={r.right} side="right" kind={r.kind} />
        </Box>
      ))}
    </Paper>
  );
}

/** One version read on its own (title and body). */
function VersionDialog({ pageId, version, onClose }: { pageId: number; version: number; onClose: () => void }) {
  const q = useQuery({ queryKey: wikiKeys.version(pageId, version), queryFn: () => fetchVersion(pageId, version) });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="wiki-version-title">
      <DialogTitle id="wiki-version-title">Versão {version}{q.data ? `: ${q.data.title}` : ''}</DialogTitle>
      <DialogContent dividers>
        {q.data ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {byWhen(q.data.author, q.data.created_at)} · /wiki/{q.data.path}
            </Typography>
            {q.data.body.trim() ? <WikiBody html={q.data.body} /> : <Typography color="text.secondary">Sem conteúdo.</Typography>}
          </>
        ) : q.isError ? (
          <Alert severity="error">Não foi possível carregar a versão.</Alert>
        ) : (
          <Skeleton variant="rounded" height={160} aria-label="Carregando" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}

export function HistoryView({ view }: { view: WikiPageView }) {
  const { page, breadcrumbs, can_edit } = view;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [listPage, setListPage] = useState(1);
  const [reading, setReading] = useState<number | null>(null);
  const from = Number(params.get('de')) || null;
  const to = Number(params.get('para')) || null;
  const [picked, setPicked] = useState<number[]>(() => (from && to ? [from, to] : []));

  const versions = useQuery({ queryKey: wikiKeys.versions(page.id, listPage), queryFn: () => fetchVersions(page.id, listPage, PAGE_SIZE), placeholderData: keepPreviousData });
  const diff = useQuery({ queryKey: wikiKeys.diff(page.id, from ?? 0, to ?? 0), queryFn: () => fetchDiff(page.id, from!, to!), enabled: !!from && !!to });

  // Two versions at most: a third pick replaces the older pick.
  const toggle = (v: number) => setPicked((p) => (p.includes(v) ? p.filter((x) => x !== v) : [...p, v].slice(-2)));
  const compare = () => {
    const [a, b] = [...picked].sort((x, y) => x - y);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('de', String(a));
      next.set('para', String(b));
      return next;
    });
  };

  const restore = async (v: WikiVersionItem) => {
    const ok = await confirmAction({
      title: `Restaurar a versão ${v.version}?`,
      text: `O título e o conteúdo da versão ${v.version} (${byWhen(v.author, v.created_at)}) passam a ser uma nova versão da página. Nenhuma versão é apagada.`,
      confirmText: 'Restaurar',
      danger: false,
    });
    if (!ok) return;
    try {
      const restored = await restoreVersion(page.id, v.version, page.version);
      toast.success(`Versão ${v.version} restaurada!`);
      qc.setQueryData(wikiKeys.page(restored.page.path), restored);
      void invalidateWiki(qc);
      navigate(wikiHref(restored.page.path));
    } catch {
      // toasted by the API client (409: someone saved meanwhile); the list refreshes to show it
      void invalidateWiki(qc);
    }
  };

  const items = versions.data?.items ?? [];
  return (
    <Box>
      <WikiBreadcrumbs trail={[...breadcrumbs, { id: page.id, path: page.path, title: page.title }]} current="Histórico" />
      <PageTitle
        title={`Histórico: ${page.title}`}
        subtitle={versions.data ? `${versions.data.total_items} ${versions.data.total_items === 1 ? 'versão' : 'versões'}` : undefined}
        actions={
          <Button onClick={() => navigate(wikiHref(page.path))} color="inherit">
            Voltar à página
          </Button>
        }
      />
      {from && to && (diff.data ? <DiffTable diff={diff.data} /> : diff.isError ? <Alert severity="error" sx={{ mb: 2 }}>Não foi possível comparar as versões.</Alert> : <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} aria-label="Carregando comparação" />)}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          Marque duas versões para compará-las lado a lado.
        </Typography>
        <Button variant="outlined" startIcon={<CompareArrowsIcon />} disabled={picked.length !== 2} onClick={compare}>
          Comparar selecionadas
        </Button>
      </Box>
      {versions.isLoading ? (
        <Stack spacing={1} aria-busy="true" aria-label="Carregando versões">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : versions.isError ? (
        <Alert severity="error">Não foi possível carregar o histórico.</Alert>
      ) : (
        <Paper variant="outlined" component="ol" aria-label="Versões" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((v) => {
            const isCurrent = v.version === page.version;
            return (
              <Box
                component="li"
                key={v.version}
                data-version={v.version}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', '&:last-of-type': { borderBottom: 0 } }}
              >
                <Checkbox checked={picked.includes(v.version)} onChange={() => toggle(v.version)} slotProps={{ input: { 'aria-label': `Selecionar versão ${v.version}` } }} />
                <Box sx={{ flex: 1, minWidth: 180 }}>
                  <Typography sx={{ fontWeight: 600 }} component="span">
                    Versão {v.version}
                  </Typography>{' '}
                  <Chip size="small" label={WIKI_VERSION_ACTION_LABELS[v.action]} variant="outlined" sx={{ ml: 0.5 }} />
                  {isCurrent && <Chip size="small" label="atual" color="primary" sx={{ ml: 0.5 }} />}
                  <Typography variant="body2" color="text.secondary">
                    {byWhen(v.author, v.created_at)}
                    {v.restored_from ? ` · restaurada da versão ${v.restored_from}` : ''}
                    {v.action === 'move' ? ` · /wiki/${v.path}` : ''}
                  </Typography>
                  <Typography variant="body2" noWrap title={v.title}>
                    {v.title}
                  </Typography>
                </Box>
                <Button size="small" onClick={() => setReading(v.version)} aria-label={`Ver a versão ${v.version}`}>
                  Ver
                </Button>
                {can_edit && !isCurrent && (
                  <Button size="small" onClick={() => void restore(v)} aria-label={`Restaurar a versão ${v.version}`}>
                    Restaurar
                  </Button>
                )}
              </Box>
            );
          })}
        </Paper>
      )}
      {(versions.data?.total_pages ?? 0) > 1 && (
        <Pagination sx={{ mt: 2 }} count={versions.data!.total_pages} page={listPage} onChange={(_e, p) => setListPage(p)} getItemAriaLabel={(type, p) => (type === 'page' ? `Página ${p}` : type === 'next' ? 'Próxima página' : 'Página anterior')} />
      )}
      {reading !== null && <VersionDialog pageId={page.id} version={reading} onClose={() => setReading(null)} />}
    </Box>
  );
}
