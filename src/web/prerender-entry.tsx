// Built with `vite build --ssr` by scripts/prerender.mjs: renders each public page to HTML at build time. The
// pages are never hydrated (ADR 059): what is interactive is wired by public-entry.ts's islands.
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NotFoundContent } from './app/routes/not-found';
import { DemoDialog, PublicLayout, publicPageComponents, type PublicPagePath } from './features/marketing';

export { publicPages } from './features/marketing';

const page = (children: ReactNode, currentPath?: string) =>
  renderToString(
    <StrictMode>
      <PublicLayout currentPath={currentPath}>{children}</PublicLayout>
      <DemoDialog />
    </StrictMode>,
  );

export function render(path: PublicPagePath): string {
  const Page = publicPageComponents[path];
  return page(<Page />, path);
}

export function renderNotFound(): string {
  return page(<NotFoundContent />);
}
