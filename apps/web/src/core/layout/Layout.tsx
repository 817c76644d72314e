/**
 * The logged-in frame (SPEC §2): top bar (sandwich, theme toggle, the bell given by the app layer, user menu)
 * and the permission-gated side menu. Persistent drawer from md up, temporary on phones.
 */
import 'dayjs/locale/pt-br';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Avatar,
  Box,
  Chip,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import { Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { canSeeRoute } from '../permissions';
import { useSession } from '../session';
import { endSession } from '../session-expiry';
import { isSessionValid } from '../storage';
import { MENU_ICONS } from './icons';
import { useMenu, visibleMenu } from './menu';

const DRAWER_WIDTH = 264;

/**
 * `bell`: the top bar's notification button; `extras`: what the app layer mounts with the
 * session (realtime connection, "what's new" dialog). Core imports no module: they are given.
 */
export default function Layout({ bell, extras }: { bell?: ReactNode; extras?: ReactNode }) {
  const { user, prefs, setPrefs, logout } = useSession();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [userMenu, setUserMenu] = useState<HTMLElement | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // SPEC §4: a passed expiry logs the user out, also while the app stays open.
  useEffect(() => {
    const t = setInterval(() => {
      if (!isSessionValid()) endSession();
    }, 30_000);
    return () => clearInterval(t);
  }, []);

  useEffect(() => setMobileOpen(false), [location.pathname]);

  const open = desktop ? prefs.sandwichMenuOpen : mobileOpen;
  const toggleMenu = () => (desktop ? setPrefs({ sandwichMenuOpen: !prefs.sandwichMenuOpen }) : setMobileOpen(!mobileOpen));
  const groups = visibleMenu(useMenu(), (gate) => canSeeRoute(user, gate));
  const isActive = (path: string) =>
    path === '/' ? location.pathname === '/' : location.pathname === path || location.pathname.startsWith(`${path}/`);

  const drawer = (
    <Box component="nav" aria-label="Menu principal" sx={{ overflowY: 'auto', pb: 2 }}>
      {groups.map((g, i) => (
        <List
          key={g.label ?? i}
          dense
          subheader={
            g.label ? (
              <ListSubheader component="li" sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
                {g.label}
              </ListSubheader>
            ) : undefined
          }
        >
          {g.entries.map((e) => (
            <ListItem key={e.path} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={e.path}
              selected={isActive(e.path)}
              aria-current={isActive(e.path) ? 'page' : undefined}
              data-menu-path={e.path}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{MENU_ICONS[e.icon]}</ListItemIcon>
              <ListItemText primary={e.label} />
              {e.soon && (
                <Chip
                  label="em breve"
                  size="small"
                  variant="outlined"
                  data-testid="menu-soon"
                  sx={{ height: 20, fontSize: 11, ml: 1, color: 'text.secondary' }}
                />
              )}
            </ListItemButton>
            </ListItem>
          ))}
        </List>
      ))}
    </Box>
  );

  const initials = (user?.person?.nickname || user?.username || '?').slice(0, 1).toUpperCase();

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="pt-br"
      localeText={pickersPtBR.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        {/* The first stop of the keyboard: past the top bar and the side menu's links, straight to the page. */}
        <Box
          component="a"
          href="#conteudo"
          onClick={(e: MouseEvent) => {
            e.preventDefault();
            document.getElementById('conteudo')?.focus();
          }}
          sx={{
            position: 'fixed',
            top: 8,
            left: 8,
            zIndex: (t) => t.zIndex.tooltip + 1,
            px: 2,
            py: 1,
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'primary.main',
            fontWeight: 600,
            boxShadow: 3,
            transform: 'translateY(-150%)',
            '&:focus': { transform: 'none' },
          }}
        >
          Pular para o conteúdo
        </Box>
        <AppBar position="fixed" color="default" elevation={1} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar variant="dense" sx={{ gap: 0.5 }}>
            <IconButton
              edge="start"
              onClick={toggleMenu}
              aria-label={open ? 'Fechar menu' : 'Abrir menu'}
              aria-expanded={open}
            >
              <MenuIcon />
            </IconButton>
            <Typography
              component={RouterLink}
              to="/"
              variant="h6"
              sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flex: 1, ml: 1 }}
              noWrap
            >
              Operações
            </Typography>
            <Tooltip title={prefs.darkTheme ? 'Usar tema claro' : 'Usar tema escuro'}>
              <IconButton
                onClick={() => setPrefs({ darkTheme: !prefs.darkTheme })}
                aria-label={prefs.darkTheme ? 'Usar tema claro' : 'Usar tema escuro'}
                data-testid="theme-toggle"
              >
                {prefs.darkTheme ? <Brightness7Icon /> : <Brightness4Icon />}
              </IconButton>
            </Tooltip>
            {bell}
            <Tooltip title="Minha conta">
              <IconButton
                onClick={(e) => setUserMenu(e.currentTarget)}
                aria-label="Menu do usuário"
                aria-haspopup="menu"
                aria-expanded={!!userMenu}
              >
                <Avatar src={user?.picture ?? undefined} alt="" sx={{ width: 30, height: 30, fontSize: 14 }}>
                  {initials}
                </Avatar>
              </IconButton>
            </Tooltip>
            <Menu
              anchorEl={userMenu}
              open={!!userMenu}
              onClose={() => setUserMenu(null)}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            >
              <Box sx={{ px: 2, py: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{user?.person?.full_name || user?.username}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {user?.organization?.fantasy_name}
                  {user?.unit_organizational ? ` · ${user.unit_organizational.name}` : ''}
                </Typography>
              </Box>
              <Divider />
              {[
                ['Minha conta', '/my-account'],
                ['Meu patrimônio', '/my-patrimony'],
                ['Configurações', '/settings'],
                ['Notas de versão', '/release-notes'],
                ['Wiki', '/wiki'],
              ].map(([label, to]) => (
                <MenuItem
                  key={to}
                  onClick={() => {
                    setUserMenu(null);
                    navigate(to);
                  }}
                >
                  {label}
                </MenuItem>
              ))}
              <Divider />
              <MenuItem
                onClick={() => {
                  setUserMenu(null);
                  void logout();
                }}
              >
                Sair
              </MenuItem>
            </Menu>
          </Toolbar>
        </AppBar>
        <Drawer
          variant={desktop ? 'persistent' : 'temporary'}
          open={open}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{
            width: desktop && open ? DRAWER_WIDTH : 0,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar variant="dense" />
          {drawer}
        </Drawer>
        <Box component="main" id="conteudo" tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, '&:focus': { outline: 'none' } }}>
          <Toolbar variant="dense" />
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
                <CircularProgress aria-label="Carregando" />
              </Box>
            }
          >
            <Outlet />
          </Suspense>
        </Box>
        {extras}
      </Box>
    </LocalizationProvider>
  );
}
