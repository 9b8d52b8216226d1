import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  </StrictMode>
);

// Public pages arrive prerendered and are hydrated. On '/' a signed-in visitor gets the Overview instead, so
// public/signed-in.js has hidden the marketing HTML and the app renders afresh (ADR 011).
if (container.hasChildNodes() && !document.documentElement.classList.contains('signed-in')) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  container.removeAttribute('data-prerendered');
  createRoot(container).render(app);
}
