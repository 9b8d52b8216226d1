import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import {
  getPublicPage,
  PublicLayout,
  publicPageComponents,
  publicPages,
  type PublicPagePath,
} from '../../features/marketing';

/** A public page with its own <title> and meta description (prerendered HTML carries them too). */
function PublicPage({ path }: { path: PublicPagePath }) {
  const Page = publicPageComponents[path];
  useEffect(() => {
    const meta = getPublicPage(path);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [path]);
  return (
    <PublicLayout>
      <Page />
    </PublicLayout>
  );
}

/** The signed-out home page at '/'. */
export function PublicHome() {
  return <PublicPage path="/" />;
}

export const publicRoutes: RouteObject[] = publicPages
  .filter((page) => page.path !== '/')
  .map((page) => ({ path: page.path, element: <PublicPage path={page.path} /> }));
