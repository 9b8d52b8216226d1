import { useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, useLocation, useNavigate } from 'react-router';
import { MENU_ITEMS } from '#shared/permissions';
import { Spinner } from '../components/ui/spinner';
import { onUnauthorized } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { ConsoleLayout } from './layouts/console-layout';
import { PublicHome, publicRoutes } from './routes/public';
import { AuditLogRoute } from './routes/audit-log';
import { RequireAccess, RequireAuth, ScreenNotAvailable } from './routes/guards';
import { LinkedAccountsRoute } from './routes/linked-accounts';
import { NotFoundRoute } from './routes/not-found';
import { OverviewRoute } from './routes/overview';
import { SignInRoute } from './routes/sign-in';
import { UserManagementRoute } from './routes/user-management';

/** Every page: scroll to the top on navigation, and go to /signin when the API says the session is gone. */
function RootLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => onUnauthorized(() => navigate('/signin', { replace: true })), [navigate]);
  return <Outlet />;
}

/** '/' is the Overview when signed in and the marketing home page otherwise. */
function HomeRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <Spinner className="min-h-screen" />;
  return isAuthenticated ? (
    <ConsoleLayout>
      <OverviewRoute />
    </ConsoleLayout>
  ) : (
    <PublicHome />
  );
}

/** Built console screens by path; every other menu path shows that it is not available yet. */
const SCREENS: Record<string, ReactNode> = {
  '/linked-accounts': <LinkedAccountsRoute />,
  '/user-management': <UserManagementRoute />,
  '/audit-log': <AuditLogRoute />,
};

const DENIED_MESSAGES: Record<string, string> = {
  '/user-management': 'You need admin privileges to access user management.',
};

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/signin', element: <SignInRoute /> },
      ...publicRoutes,
      {
        element: (
          <RequireAuth>
            <ConsoleLayout />
          </RequireAuth>
        ),
        children: MENU_ITEMS.filter((item) => item.path !== '/').map((item) => ({
          path: item.path,
          element: (
            <RequireAccess action={item.action} deniedMessage={DENIED_MESSAGES[item.path]}>
              {SCREENS[item.path] ?? <ScreenNotAvailable title={item.label} />}
            </RequireAccess>
          ),
        })),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
