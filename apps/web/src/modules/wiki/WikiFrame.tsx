/**
 * The frame of every wiki page: the tree of the wiki beside the content on wide screens, in a
 * drawer opened by "Páginas" on phones; a search field above the content.
 */
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Drawer, IconButton, InputAdornment, Paper, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { WikiTree } from './WikiTree';

const PANEL_WIDTH = 260;

/** A search field that opens the search page (`/wiki/search?q=`). */
export function WikiSearchField({ initial = '', autoFocus = false, onSearch }: { initial?: string; autoFocus?: boolean; onSearch?: (q: string) => void }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = q.trim();
    if (!term) return;
    if (onSearch) onSearch(term);
    else navigate(`/wiki/search?q=${encodeURIComponent(term)}`);
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: 1, minWidth: 0, maxWidth: 480 }}>
      <TextField
        size="small"
        fullWidth
        type="search"
        label="Pesquisar na wiki"
        value={q}
        autoFocus={autoFocus}
        onChange={(e) => setQ(e.target.value)}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label="Pesquisar" size="small">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

export function WikiFrame({ current, children, search = true }: { current: string; children: ReactNode; search?: boolean }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawer, setDrawer] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      {wide && (
        <Paper
          variant="outlined"
          component="aside"
          aria-label="Árvore da wiki"
          sx={{ width: PANEL_WIDTH, flexShrink: 0, position: 'sticky', top: 64, maxHeight: 'calc(100vh - 88px)', overflowY: 'auto', p: 1 }}
        >
          <Typography variant="overline" color="text.secondary" component="h2" sx={{ px: 1 }}>
            Páginas
          </Typography>
          <WikiTree current={current} />
        </Paper>
      )}
      <Box sx={{ flex: 1, minWidth: 0, maxWidth: 1100 }}>
        {(search || !wide) && (
          <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
            {!wide && (
              <Button variant="outlined" startIcon={<AccountTreeIcon />} onClick={() => setDrawer(true)} aria-haspopup="dialog" sx={{ flexShrink: 0 }}>
                Páginas
              </Button>
            )}
            {search && <WikiSearchField />}
          </Box>
        )}
        {children}
      </Box>
      {!wide && (
        <Drawer
          anchor="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          // above the app bar (which sits over the side menu's drawer), so its header shows
          sx={{ zIndex: (t) => t.zIndex.modal }}
          slotProps={{ paper: { sx: { width: 'min(320px, 85vw)' }, role: 'dialog', 'aria-label': 'Árvore da wiki' } as object }}>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
              Páginas da wiki
            </Typography>
            <IconButton onClick={() => setDrawer(false)} aria-label="Fechar páginas">
              <CloseIcon />
            </IconButton>
          </Box>
          <Box sx={{ px: 1, pb: 2, overflowY: 'auto' }}>
            <WikiTree current={current} onNavigate={() => setDrawer(false)} />
          </Box>
        </Drawer>
      )}
    </Box>
  );
}
