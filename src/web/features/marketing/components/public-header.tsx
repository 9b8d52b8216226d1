import { Menu, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { MOBILE_MENU_ID } from '../dom-ids';
import { buttonClasses } from './button-styles';
import { Logo } from './logo';

const NAV_LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/solutions', label: 'Solutions' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/integration', label: 'Integration' },
] as const;

const navLinkClasses = (isActive: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-600',
    isActive ? 'text-blue-700' : 'text-slate-700 hover:text-slate-900',
  );

function NavLinks({ currentPath, mobile }: { currentPath: string | undefined; mobile?: boolean }) {
  return NAV_LINKS.map((link) => {
    const isActive = link.to === currentPath;
    return (
      <li key={link.to}>
        <a
          href={link.to}
          aria-current={isActive ? 'page' : undefined}
          className={cn(navLinkClasses(isActive), mobile && 'block text-base')}
        >
          {link.label}
        </a>
      </li>
    );
  });
}

/**
 * Plain links and markup with no state: the page is prerendered and never hydrated (ADR 059). The menu button
 * swaps its icons by its aria-expanded, which the mobile-menu island toggles with the menu's `hidden`.
 */
export function PublicHeader({ currentPath }: { currentPath?: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <NavLinks currentPath={currentPath} />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <a href="/signin" className={buttonClasses()}>
            Sign In
          </a>
          <button
            type="button"
            aria-expanded="false"
            aria-controls={MOBILE_MENU_ID}
            className={buttonClasses({ variant: 'ghost', className: 'group px-2.5 md:hidden' })}
          >
            <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
      <div id={MOBILE_MENU_ID} hidden className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label="Main mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col gap-1">
            <NavLinks currentPath={currentPath} mobile />
          </ul>
        </nav>
      </div>
    </header>
  );
}
