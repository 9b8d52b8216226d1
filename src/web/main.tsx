import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import './styles.css';

// Styles the dialogs inject at run time carry this response's nonce, which the strict CSP requires.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The console's shell (app.html) arrives empty; the public pages have their own entry (public-entry.ts).
createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  </StrictMode>,
);
