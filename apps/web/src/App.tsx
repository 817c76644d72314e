import { CssBaseline, GlobalStyles, ThemeProvider } from '@mui/material';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider, useSession } from './core/session';
import { registerSessionHandlers } from './core/session-expiry';
import { createAppTheme } from './core/theme';
import { setToastTheme } from './core/toast';
import { loadAppRoutes, patchRoutes, routes } from './routes';
import { preloadRoute } from './core/lazyPage';
import { isSessionValid } from './core/storage';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => {
        // Read from the error's shape: axios itself loads with the first page that calls the API.
        const status = (err as { response?: { status?: number } } | null)?.response?.status;
        return !!status && status >= 500 && status !== 500 && count < 2;
      },
    },
    mutations: { retry: false },
  },
});

// The query cache assumes a connection until an 'offline' event: the installed app opened without
// signal would send the layout's background reads (notifications, release notes) and toast each
// failure as "444". Started from what the phone says, they wait for the connection instead.
onlineManager.setOnline(navigator.onLine);

const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchRoutes });
// A deep link's page chunk (and data) load beside the layout's instead of after it.
if (isSessionValid()) void loadAppRoutes().then((app) => preloadRoute(app.MODULE_ROUTES, window.location.pathname, queryClient));

function Themed() {
  const { prefs, reset } = useSession();
  const theme = useMemo(() => createAppTheme(prefs.darkTheme), [prefs.darkTheme]);
  useEffect(() => {
    setToastTheme(prefs.darkTheme);
    document.documentElement.style.colorScheme = prefs.darkTheme ? 'dark' : 'light';
  }, [prefs.darkTheme]);
  useEffect(() => {
    registerSessionHandlers(
      (to) => void router.navigate(to),
      () => {
        queryClient.clear();
        reset();
      },
    );
  }, [reset]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <GlobalStyles styles={{ '.app-swal.swal2-container': { zIndex: 2000 }, 'body.swal2-toast-shown .app-swal.swal2-container': { zIndex: 2000 } }} />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Themed />
      </SessionProvider>
    </QueryClientProvider>
  );
}
