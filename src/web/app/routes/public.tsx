import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { publicPages } from '../../features/marketing';
import { writeSignedInHint } from '../../lib/signed-in-hint';

/**
 * The public pages are prerendered with their own small script, not part of this app (ADR 059): reaching one
 * inside the app (a link, signing out to '/') loads it from the server. The hint goes first, or '/' would
 * answer the console again.
 */
export function PublicPageLoad() {
  useEffect(() => {
    writeSignedInHint(document, false);
    window.location.replace(window.location.href);
  }, []);
  return <Spinner className="min-h-screen" />;
}

export const publicRoutes: RouteObject[] = publicPages
  .filter((page) => page.path !== '/')
  .map((page) => ({ path: page.path, element: <PublicPageLoad /> }));
