/// <reference types="vite-plugin-pwa/react" />
/**
 * Registers the service worker (after login: /login loads none of this) and announces a new
 * version; starts the queue of on-site records and the offline copy of the technician's orders.
 * registerType 'prompt': the new worker waits until the user taps "Atualizar", so a record being
 * typed is never replaced under the technician's fingers.
 */
import { Alert, Button, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { deleteDB } from 'idb';
import { getToken } from '../storage';
import { ORDERS_DB, ordersRefreshed, refreshOrdersCache } from './ordersCache';
import { startQueue } from './queue';

/** How often an open app asks the server for a new version (only when online). */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** How often the technician's orders are kept again while online. */
const ORDERS_EVERY_MS = 10 * 60 * 1000;

/**
 * The first page after login is served first: the service worker's precache (~4 MB) and the copy
 * of the week's orders start a few seconds later instead of competing with it.
 */
const SETTLE_MS = 5000;

export default function UpdatePrompt() {
  const [settled, setSettled] = useState(false);
  // At every start after login: send what the queue holds and keep the orders of the week.
  useEffect(() => {
    startQueue();
    const first = setTimeout(() => {
      setSettled(true);
      void refreshOrdersCache();
    }, SETTLE_MS);
    const again = () => void refreshOrdersCache();
    window.addEventListener('online', again);
    const timer = setInterval(again, ORDERS_EVERY_MS);
    return () => {
      // The layout goes at logout: the cached orders (this user's API answers) go with the session.
      // Done here, not in the logout code, which is part of /login's bundle (at its budget).
      if (!getToken()) void deleteDB(ORDERS_DB).catch(() => {});
      clearTimeout(first);
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, []);
  return settled ? <Registration /> : null;
}

function Registration() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, CHECK_EVERY_MS);
    },
  });
  const [applying, setApplying] = useState(false);
  const apply = async () => {
    setApplying(true);
    // Tapped while the copy of the orders was being made (its requests passing through the old
    // worker), the new worker stayed waiting for minutes in Chromium: the copy is finished first.
    await ordersRefreshed();
    await updateServiceWorker(true);
  };
  return (
    <Snackbar open={needRefresh} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        onClose={() => setNeedRefresh(false)}
        action={
          <Button color="inherit" size="small" disabled={applying} onClick={() => void apply()}>
            {applying ? 'Atualizando…' : 'Atualizar'}
          </Button>
        }
      >
        Nova versão disponível
      </Alert>
    </Snackbar>
  );
}
