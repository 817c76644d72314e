/**
 * The app layer's layout: core's Layout with the pieces modules give it (core imports no
 * module): the notification bell, the realtime connection, the "what's new" dialog, the
 * revision log's history tab used by every record page, and the menu (built pages known here).
 */
import { lazy, Suspense } from 'react';
import { HistoryProvider } from './core/history';
import Layout from './core/layout/Layout';
import { buildMenu, MenuProvider } from './core/layout/menu';
import { preloadDialogs } from './core/toast';
import { BUILT_PATHS } from './modules';
import { NotificationBell, RealtimeConnection } from './modules/notification';
import { WhatsNewDialog } from './modules/release-note';

/** The menu from the contract's registry, "em breve" where no module has built the page. */
const MENU = buildMenu((path) => BUILT_PATHS.has(path));

/** The service worker's registration and its "Nova versão disponível" prompt, loaded after login. */
const UpdatePrompt = lazy(() => import('./core/offline/UpdatePrompt'));

// Toasts and confirmations come from a library /login does not load: fetched as soon as the user is in.
preloadDialogs();

const RevisionHistory = lazy(() => import('./modules/revision').then((m) => ({ default: m.RevisionHistory })));

export default function AppLayout() {
  return (
    <MenuProvider value={MENU}>
    <HistoryProvider value={RevisionHistory}>
      <Layout
        bell={<NotificationBell />}
        extras={
          <>
            <RealtimeConnection />
            <WhatsNewDialog />
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </>
        }
      />
    </HistoryProvider>
    </MenuProvider>
  );
}
