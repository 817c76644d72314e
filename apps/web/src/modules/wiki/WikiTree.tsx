/**
 * The tree of the whole wiki (side panel on wide screens, a drawer on phones): nested lists of
 * links, each branch opened by its own button. Only the open branches render, so a wiki of thousands of pages stays light; the branch of the page being
 * read opens by itself.
 */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, IconButton, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import type { WikiTreeItem } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { fetchTree, wikiHref, wikiKeys } from './api';

type Node = WikiTreeItem & { children: Node[] };

/** Nests the flat list (a parent before its children) into roots, each level by title. */
export function buildTree(items: WikiTreeItem[]): Node[] {
  const byId = new Map<number, Node>();
  for (const i of items) byId.set(i.id, { ...i, children: [] });
  const roots: Node[] = [];
  for (const n of byId.values()) {
    const parent = n.parent_id !== null ? byId.get(n.parent_id) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: Node[]) => {
    list.sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'));
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** The paths above a path, nearest last (`a/b/c` → ['a', 'a/b']). */
const ancestorsOf = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
};

function Branch({ nodes, depth, current, open, toggle, onNavigate }: {
  nodes: Node[];
  depth: number;
  current: string;
  open: Set<string>;
  toggle: (path: string) => void;
  onNavigate?: () => void;
}) {
  return (
    <List dense disablePadding>
      {nodes.map((n) => {
        const expanded = open.has(n.path);
        const hasChildren = n.children.length > 0;
        return (
          <ListItem key={n.id} disablePadding sx={{ display: 'block' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 1.5 }}>
              {hasChildren ? (
                <IconButton size="small" onClick={() => toggle(n.path)} aria-label={`${expanded ? 'Recolher' : 'Expandir'} ${n.title}`} aria-expanded={expanded} sx={{ p: 0.25 }}>
                  {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                </IconButton>
              ) : (
                <Box sx={{ width: 26, flexShrink: 0 }} />
              )}
              <ListItemButton
                component={RouterLink}
                to={wikiHref(n.path)}
                selected={n.path === current}
                aria-current={n.path === current ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ py: 0.25, px: 1, borderRadius: 1, minWidth: 0 }}
              >
                <ListItemText primary={n.title} slotProps={{ primary: { noWrap: true, title: n.title, variant: 'body2' } }} />
              </ListItemButton>
            </Box>
            {hasChildren && expanded && <Branch nodes={n.children} depth={depth + 1} current={current} open={open} toggle={toggle} onNavigate={onNavigate} />}
          </ListItem>
        );
      })}
    </List>
  );
}

/** The tree, with the current page's branch open. `onNavigate`: a link was followed (closes the drawer). */
export function WikiTree({ current, onNavigate }: { current: string; onNavigate?: () => void }) {
  const q = useQuery({ queryKey: wikiKeys.tree, queryFn: fetchTree });
  const roots = useMemo(() => buildTree(q.data ?? []), [q.data]);
  const [open, setOpen] = useState<Set<string>>(() => new Set(ancestorsOf(current)));
  // Following a link elsewhere opens that page's branch too (the ones opened by hand stay open).
  useEffect(() => {
    setOpen((prev) => {
      const need = [...ancestorsOf(current), current].filter((p) => !prev.has(p));
      return need.length ? new Set([...prev, ...need]) : prev;
    });
  }, [current]);
  const toggle = (path: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  if (q.isLoading)
    return (
      <Stack spacing={1} aria-busy="true" aria-label="Carregando páginas" sx={{ p: 1 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={24} />
        ))}
      </Stack>
    );
  if (q.isError)
    return (
      <Typography variant="body2" color="error" sx={{ p: 1 }}>
        Não foi possível carregar as páginas.
      </Typography>
    );
  if (roots.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        Nenhuma página ainda.
      </Typography>
    );
  return (
    <Box component="nav" aria-label="Páginas da wiki">
      <Branch nodes={roots} depth={0} current={current} open={open} toggle={toggle} onNavigate={onNavigate} />
    </Box>
  );
}
