// The public pages' only script (public.html, ADR 059): the pages arrive prerendered and are never hydrated;
// this wires their two islands, the mobile menu and the demo dialog. No React, no router, no console code.
import { mountDemoDialog } from './features/marketing/islands/demo-dialog';
import { mountMobileMenu } from './features/marketing/islands/mobile-menu';
import { readAuthFromStorage } from './lib/auth-state';
import { hasSignedInHint, writeSignedInHint } from './lib/signed-in-hint';
import './public-styles.css';

// '/' is the Overview for a signed-in visitor; the server sends it when the hint cookie says so. A session
// stored without the hint (cookies cleared) gets the hint back and the page again, now the console's.
if (window.location.pathname === '/' && readAuthFromStorage(localStorage).isAuthenticated) {
  writeSignedInHint(document, true);
  if (hasSignedInHint(document)) window.location.reload();
}

mountMobileMenu();
mountDemoDialog();
