import { LogOut, Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { visibleMenuItems, type MenuItem } from '#shared/permissions';
import { Button } from '../../components/ui/button';
import { OutboxDelivery } from '../../features/book-appointment';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { usePrincipal } from '../../lib/permissions';
import { useScheduleRefresh } from '../schedule-data';

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  return (
    <NavLink
      to={item.path}
      end={item.path === '/'}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
          isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
        )
      }
    >
      {item.label}
    </NavLink>
  );
}

/** The signed-in shell: side menu by the shared policy (only Overview until permissions load). */
export function ConsoleLayout({ children }: { children?: ReactNode }) {
  const { user, signOut } = useAuth();
  const { principal } = usePrincipal();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const items = visibleMenuItems(principal);
  const main = items.filter((item) => item.section === 'main');
  const admin = items.filter((item) => item.section === 'admin');
  const operator = items.filter((item) => item.section === 'operator');
  const close = () => setOpen(false);
  const { afterBooking } = useScheduleRefresh();

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <OutboxDelivery onBooked={afterBooking} />
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <span className="font-bold text-slate-900">Servc</span>
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls="side-menu"
          onClick={() => setOpen(!open)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        </Button>
      </header>
      <aside
        id="side-menu"
        className={cn(
          'w-full shrink-0 flex-col border-r border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-64',
          open ? 'flex' : 'hidden',
        )}
      >
        <div className="hidden px-6 py-5 text-xl font-bold text-slate-900 md:block">Servc</div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3">
          <ul className="grid gap-1">
            {main.map((item) => (
              <li key={item.path}>
                <MenuLink item={item} onNavigate={close} />
              </li>
            ))}
          </ul>
          {operator.length > 0 && (
            <div className="mt-6">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">
                Operator
              </p>
              <ul className="grid gap-1">
                {operator.map((item) => (
                  <li key={item.path}>
                    <MenuLink item={item} onNavigate={close} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {admin.length > 0 && (
            <div className="mt-6">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">Admin</p>
              <ul className="grid gap-1">
                {admin.map((item) => (
                  <li key={item.path}>
                    <MenuLink item={item} onNavigate={close} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </nav>
        <div className="border-t border-slate-200 p-4">
          <p className="truncate text-sm text-slate-700" data-testid="menu-user">
            {user?.email || user?.username || 'User'}
          </p>
          <Button
            variant="ghost"
            className="mt-2 w-full justify-start"
            // Part 1, section 4: logout goes to the site root (the page's sign-in guard agrees, see RequireAuth).
            onClick={() => {
              signOut();
              navigate('/', { replace: true });
            }}
          >
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">{children ?? <Outlet />}</main>
    </div>
  );
}
