import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { readAuthFromStorage } from './lib/auth-state';
import './styles.css';

// Styles the dialogs inject at run time carry this response's nonce, which the strict CSP requires.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  </StrictMode>
);

// Public pages arrive prerendered and are hydrated. '/' is the Overview for a signed-in visitor: the server
// normally sends the empty shell then (SIGNED_IN_HINT_COOKIE); without the hint, the app replaces the page.
const signedInHome = window.location.pathname === '/' && readAuthFromStorage(localStorage).isAuthenticated;
if (container.hasChildNodes() && !signedInHome) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
