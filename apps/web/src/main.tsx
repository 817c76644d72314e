import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { clearSession, isSessionValid } from './core/storage';

// SPEC §4: on start, a missing token or a passed expiry logs the user out.
if (!isSessionValid()) clearSession(window.location.pathname + window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
