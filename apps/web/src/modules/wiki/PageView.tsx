/** One wiki page as read: breadcrumbs, title, last edit, body, children; the writers' actions (edit, subpage, move, delete). */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { WIKI_MAX_DEPTH, wikiPath, type WikiPageView } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isAxiosError } from '../../core/api';
import { violationsOf } from '../../core/errors';
import { formatDate } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { Section } from '../../core/Section';
import { confirmAction, toast } from '../../core/toast';
import { deletePage, invalidateWiki, messageOf, movePage, wikiHref, wikiKeys } from './api';
import { byWhen, WikiBody, WikiBreadcrumbs } from './parts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Change a page's path: its subpages move along, the old path keeps leading to it. */
function MoveDialog({ view, onClose }: { view: WikiPageView; onClose: () => void }) {
  const { page, children } = view;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [path, setPath] = useState(page.path);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = wikiPath.safeParse(path);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Endereço inválido');
    if (parsed.data === page.path) return setError('Informe um endereço diferente do atual');
    setError(null);
    const ok = await confirmAction({
      title: `Mover a página para /wiki/${parsed.data}?`,
      text: `${children.length ? `${plural(children.length, 'subpágina vai', 'subpáginas vão')} junto. ` : ''}O endereço antigo continuará levando à página.`,
      confirmText: 'Mover',
      danger: false,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const moved = await movePage(page.id, parsed.data, page.version);
      toast.success('Página movida!');
      qc.setQueryData(wikiKeys.page(moved.page.path), moved);
      await invalidateWiki(qc);
      onClose();
      navigate(wikiHref(moved.page.path), { replace: true });
    } catch (err) {
      // 422 (parent missing, too deep, under itself) and 409 (path taken): the server's words on the field.
      const v = isAxiosError(err) ? violationsOf(err.response?.data) : [];
      setError(v[0]?.message ?? messageOf(err) ?? 'Não foi possível mover a página.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" disableEnforceFocus aria-labelledby="wiki-move-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="wiki-move-title">Mover página</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {children.length > 0
              ? `A página e suas subpáginas (${children.length} diretas) passam para o novo endereço. `
              : 'A página passa para o novo endereço. '}
            Links e o endereço antigo continuam levando a ela.
          </DialogContentText>
          <TextField
            label="Novo endereço"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            fullWidth
            required
            autoFocus
            error={!!error}
            helperText={error ?? `Até ${WIKI_MAX_DEPTH} níveis separados por "/", ex.: redes/mikrotik/vlan. O nível de cima precisa existir.`}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">/wiki/</InputAdornment> } }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Mover
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function PageView({ view, redirectedFrom }: { view: WikiPageView; redirectedFrom?: string | null }) {
  const { page, breadcrumbs, children, can_edit } = view;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // An action picked in the menu runs once the menu has closed: a confirmation opened while the
  // menu still hides the page from screen readers would restore that hidden state when it closes.
  const afterMenu = useRef<(() => void) | null>(null);
  const pick = (action: () => void) => {
    afterMenu.current = action;
    setMenu(null);
  };
  const [moving, setMoving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const depth = page.path.split('/').length;

  const remove = async () => {
    const ok = await confirmAction({
      title: `Excluir a página "${page.title}"?`,
      text: children.length
        ? `Ela tem ${plural(children.length, 'subpágina', 'subpáginas')}: mova ou exclua as subpáginas antes.`
        : 'A página e o seu histórico deixam de ser exibidos. Esta ação não pode ser desfeita.',
      confirmText: 'Excluir',
    });
    if (!ok) return;
    try {
      await deletePage(page.id);
    } catch (e) {
      // A page with subpages is refused (409): the server's message stays on the page (the toast goes away).
      setRefused(messageOf(e) ?? 'Não foi possível excluir a página.');
      return;
    }
    toast.success('Página excluída!');
    qc.removeQueries({ queryKey: wikiKeys.page(page.path) });
    void invalidateWiki(qc);
    navigate(wikiHref(breadcrumbs.at(-1)?.path ?? ''), { replace: true });
  };

  return (
    <Box component="article">
      <WikiBreadcrumbs trail={breadcrumbs} current={page.title} />
      <PageTitle
        title={page.title}
        subtitle={`Última edição ${byWhen(page.updated_by, page.updated_at)} · versão ${page.version}`}
        actions={
          <>
            {can_edit && (
              <Button variant="contained" startIcon={<EditIcon />} component={RouterLink} to={`${wikiHref(page.path)}?modo=editar`}>
                Editar
              </Button>
            )}
            <Button startIcon={<HistoryIcon />} component={RouterLink} to={`${wikiHref(page.path)}?modo=historico`}>
              Histórico
            </Button>
            {can_edit && (
              <>
                <Tooltip title="Mais ações">
                  <IconButton aria-label="Mais ações" aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
                    <MoreVertIcon />
                  </IconButton>
                </Tooltip>
                <Menu
                  anchorEl={menu}
                  open={!!menu}
                  onClose={() => setMenu(null)}
                  slotProps={{
                    transition: {
                      onExited: () => {
                        const action = afterMenu.current;
                        afterMenu.current = null;
                        action?.();
                      },
                    },
                  }}
                >
                  {depth < WIKI_MAX_DEPTH && (
                    <MenuItem component={RouterLink} to={`/wiki?modo=nova&pai=${encodeURIComponent(page.path)}`} onClick={() => setMenu(null)}>
                      <ListItemIcon>
                        <AddIcon fontSize="small" />
                      </ListItemIcon>
                      Nova subpágina
                    </MenuItem>
                  )}
                  <MenuItem onClick={() => pick(() => setMoving(true))}>
                    <ListItemIcon>
                      <DriveFileMoveIcon fontSize="small" />
                    </ListItemIcon>
                    Mover
                  </MenuItem>
                  <MenuItem onClick={() => pick(() => void remove())} sx={{ color: 'error.main' }}>
                    <ListItemIcon>
                      <DeleteIcon fontSize="small" color="error" />
                    </ListItemIcon>
                    Excluir
                  </MenuItem>
                </Menu>
              </>
            )}
          </>
        }
      />
      {redirectedFrom && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Esta página mudou de endereço: /wiki/{redirectedFrom} agora é /wiki/{page.path}.
        </Alert>
      )}
      {refused && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setRefused(null)} data-testid="wiki-refused">
          {refused}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, mb: 2 }}>
        {page.body.trim() ? (
          <WikiBody html={page.body} />
        ) : (
          <Typography color="text.secondary">Esta página ainda não tem conteúdo.</Typography>
        )}
      </Paper>
      {children.length > 0 && (
        <Section title="Subpáginas">
          <List dense disablePadding>
            {children.map((c) => (
              <ListItem key={c.id} disablePadding>
                <ListItemButton component={RouterLink} to={wikiHref(c.path)}>
                  <ListItemText primary={c.title} secondary={`/wiki/${c.path} · atualizada em ${formatDate(c.updated_at)}`} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      {moving && <MoveDialog view={view} onClose={() => setMoving(false)} />}
    </Box>
  );
}
