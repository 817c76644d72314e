/**
 * The app layer's layout: core's Layout with the pieces modules give it (core imports no
 * module): the notification bell, the realtime connection, the "what's new" dialog, and the
 * revision log's history tab used by every record page.
 */
import { lazy } from 'react';
import { HistoryProvider } from './core/history';
import Layout from './core/layout/Layout';
import { NotificationBell, RealtimeConnection } from './modules/notification';
import { WhatsNewDialog } from './modules/release-note';

const RevisionHistory = lazy(() => import('./modules/revision').then((m) => ({ default: m.RevisionHistory })));

export default function AppLayout() {
  return (
    <HistoryProvider value={RevisionHistory}>
      <Layout
        bell={<NotificationBell />}
        extras={
          <>
            <RealtimeConnection />
            <WhatsNewDialog />
          </>
        }
      />
    </HistoryProvider>
  );
}
