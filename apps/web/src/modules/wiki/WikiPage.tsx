/**
 * `/wiki` and `/wiki/:module1?/…/:module4?`: the wiki's home, a page by its path, and, by
 * `?modo=`, its editor (`editar`), its history (`historico`) or a new page (`/wiki?modo=nova`,
 * with `caminho=` a fixed path or `pai=` the parent's path). A moved page's old path lands on
 * the new one. Reading needs a login; writing super admin or ORG (the server checks too).
 */
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { LoadFailed, RecordSkeleton } from '../../core/RecordPage';
import { Section } from '../../core/Section';
import { fetchPageByPath, fetchTree, wikiHref, wikiKeys } from './api';
import { HistoryView } from './HistoryView';
import { PageCreate, PageEdit } from './PageEditor';
import { PageView } from './PageView';
import { WikiBreadcrumbs } from './parts';
import { WikiFrame } from './WikiFrame';

/** Super admins and ORG write; the page view's `can_edit` says the same for a loaded page. */
function useCanWrite() {
  return useCan().can(['ORG']);
}

function Home() {
  const canWrite = useCanWrite();
  const tree = useQuery({ queryKey: wikiKeys.tree, queryFn: fetchTree });
  const roots = (tree.data ?? []).filter((p) => p.parent_id === null);
  return (
    <Box>
      <PageTitle
        title="Wiki"
        subtitle="A documentação da organização"
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/wiki?modo=nova">
              Nova página
            </Button>
          )
        }
      />
      {tree.isLoading ? (
        <RecordSkeleton />
      ) : tree.isError ? (
        <Alert severity="error">Não foi possível carregar as páginas.</Alert>
      ) : roots.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            A wiki ainda não tem páginas.
          </Typography>
          {canWrite && (
            <Button variant="outlined" sx={{ mt: 2 }} component={RouterLink} to="/wiki?modo=nova">
              Criar a primeira página
            </Button>
          )}
        </Paper>
      ) : (
        <Section title="Seções da wiki">
          <List dense disablePadding>
            {roots
              .sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'))
              .map((p) => (
                <ListItem key={p.id} disablePadding>
                  <ListItemButton component={RouterLink} to={wikiHref(p.path)}>
                    <ListItemText primary={p.title} secondary={`/wiki/${p.path}`} />
                  </ListItemButton>
                </ListItem>
              ))}
          </List>
        </Section>
      )}
    </Box>
  );
}

/** The plain block of a path with no page; writers get the button that creates it. */
function PageNotFound({ path }: { path: string }) {
  const canWrite = useCanWrite();
  return (
    <Box>
      <WikiBreadcrumbs trail={[]} />
      <PageTitle title="Página não encontrada" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} data-testid="wiki-not-found">
        <Typography variant="h6" component="p">
          Não há página em /wiki/{path}.
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {canWrite ? 'Você pode criá-la agora.' : 'Ela pode ter sido excluída, ou o endereço está incorreto.'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
          {canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`/wiki?modo=nova&caminho=${encodeURIComponent(path)}`}>
              Criar esta página
            </Button>
          )}
          <Button variant="outlined" component={RouterLink} to="/wiki">
            Ir para o início da wiki
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

function PathPage({ path, mode }: { path: string; mode: string | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const location = useLocation();
  const editing = mode === 'editar';
  // The editor starts from the page as it is now, not from a view cached a while ago (that would
  // only end in a 409); later refetches do not touch an open editor (it keeps its own base).
  const q = useQuery({ queryKey: wikiKeys.page(path), queryFn: () => fetchPageByPath(path), refetchOnMount: editing ? 'always' : true });
  const view = q.data;
  // An old address of a moved page: the URL becomes the new one (the notice says where it came from).
  useEffect(() => {
    if (view?.redirected_from && view.page.path !== path) {
      qc.setQueryData(wikiKeys.page(view.page.path), { ...view, redirected_from: null });
      navigate(`${wikiHref(view.page.path)}${location.search}`, { replace: true, state: { wikiRedirectedFrom: view.redirected_from } });
    }
  }, [view, path, navigate, qc, location.search]);
  const redirectedFrom = (location.state as { wikiRedirectedFrom?: string } | null)?.wikiRedirectedFrom ?? null;

  if (q.isLoading) return <RecordSkeleton />;
  if (q.isError) return <LoadFailed what="a página" onRetry={() => void q.refetch()} />;
  if (!view) return <PageNotFound path={path} />;
  if (view.redirected_from && view.page.path !== path) return <RecordSkeleton />;
  if (editing && view.can_edit) return q.isFetchedAfterMount ? <PageEdit key={view.page.id} view={view} /> : <RecordSkeleton />;
  if (mode === 'historico') return <HistoryView view={view} />;
  return <PageView view={view} redirectedFrom={redirectedFrom !== path ? redirectedFrom : null} />;
}

export default function WikiPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const path = [params.module1, params.module2, params.module3, params.module4].filter(Boolean).join('/');
  const mode = search.get('modo');
  const canWrite = useCanWrite();
  let content;
  if (mode === 'nova' && !path && canWrite) content = <PageCreate key={search.toString()} fixedPath={search.get('caminho')} parent={search.get('pai')} />;
  else if (!path) content = <Home />;
  // Keyed by the editor too: opening it remounts the page, which fetches it fresh.
  else content = <PathPage key={`${path}|${mode === 'editar'}`} path={path} mode={mode} />;
  return <WikiFrame current={path}>{content}</WikiFrame>;
}
