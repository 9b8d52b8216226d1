import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

export interface PublicLayoutProps {
  children: ReactNode;
  /** The page's path, marked as the current page in the header's links. */
  currentPath?: string;
}

export function PublicLayout({ children, currentPath }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 antialiased">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-blue-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:outline-2 focus:outline-blue-600"
      >
        Skip to main content
      </a>
      <PublicHeader currentPath={currentPath} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
