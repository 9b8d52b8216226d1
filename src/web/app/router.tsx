import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { MENU_ITEMS } from '#shared/permissions';
import { SIGN_IN_PATH } from '#shared/site';
import { Spinner } from '../components/ui/spinner';
import { onUnauthorized } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { usePrincipal } from '../lib/permissions';
import { signInPathFor } from '../lib/return-path';
import { PublicPageLoad, publicRoutes } from './routes/public';
import { RequireAccess, RequireAuth, ScreenNotAvailable } from './routes/guards';
import { NotFoundRoute } from './routes/not-found';

/** A named export loaded on demand: the console ships apart from the public pages (ADR 011). */
function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, (props: P) => ReactNode>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const ConsoleLayout = lazyNamed(() => import('./layouts/console-layout'), 'ConsoleLayout');
const OverviewRoute = lazyNamed(() => import('./routes/overview'), 'OverviewRoute');
const SignInRoute = lazyNamed(() => import('./routes/sign-in'), 'SignInRoute');
const InviteRoute = lazyNamed(() => import('./routes/invite'), 'InviteRoute');
const PracticesScreen = lazyNamed<'PracticesScreen', object>(
  () => import('../features/practices'),
  'PracticesScreen',
);
const SentMailScreen = lazyNamed(() => import('../features/sent-mail'), 'SentMailScreen');
const LinkedAccountsRoute = lazyNamed(() => import('./routes/linked-accounts'), 'LinkedAccountsRoute');
const UserManagementRoute = lazyNamed(() => import('./routes/user-management'), 'UserManagementRoute');
const CallLogsRoute = lazyNamed(() => import('./routes/call-logs'), 'CallLogsRoute');
const AuditLogRoute = lazyNamed(() => import('./routes/audit-log'), 'AuditLogRoute');
const AppointmentsCalendarRoute = lazyNamed(
  () => import('./routes/appointments-calendar'),
  'AppointmentsCalendarRoute',
);
const BookAppointmentRoute = lazyNamed(() => import('./routes/book-appointment'), 'BookAppointmentRoute');
const DemoRequestsScreen = lazyNamed(() => import('../features/demo-requests'), 'DemoRequestsScreen');
const AssistantsRoute = lazyNamed(() => import('./routes/assistants'), 'AssistantsRoute');
const WorkflowsRoute = lazyNamed(() => import('./routes/workflows'), 'WorkflowsRoute');
const PhoneNumbersRoute = lazyNamed(() => import('./routes/phone-numbers'), 'PhoneNumbersRoute');
const AppointmentProcessorScreen = lazyNamed(
  () => import('../features/appointment-processor'),
  'AppointmentProcessorScreen',
);
const CallbacksRoute = lazyNamed(() => import('./routes/callbacks'), 'CallbacksRoute');
const OutboundCallsRoute = lazyNamed(() => import('./routes/outbound-calls'), 'OutboundCallsRoute');
const MessagesRoute = lazyNamed(() => import('./routes/messages'), 'MessagesRoute');
const AnalyticsRoute = lazyNamed(() => import('./routes/analytics'), 'AnalyticsRoute');

/** Every page: scroll to the top on navigation, and go to /signin when the API says the session is gone. */
function RootLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(
    () => onUnauthorized(() => navigate(signInPathFor(window.location), { replace: true })),
    [navigate],
  );
  return (
    <Suspense fallback={<Spinner className="min-h-screen" />}>
      <Outlet />
    </Suspense>
  );
}

/** The operator's console starts at Practices: they have no Overview (it is a practice's data). */
export const OPERATOR_HOME = '/practices';

function SignedInHome() {
  const { principal, isLoading } = usePrincipal();
  if (isLoading) return <Spinner className="min-h-screen" />;
  if (principal?.role === 'operator') return <Navigate to={OPERATOR_HOME} replace />;
  return (
    <ConsoleLayout>
      <Suspense fallback={<Spinner />}>
        <OverviewRoute isBuilt={isBuilt} />
      </Suspense>
    </ConsoleLayout>
  );
}

/** '/' is the Overview when signed in (the operator's Practices) and the prerendered home page otherwise. */
function HomeRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <Spinner className="min-h-screen" />;
  return isAuthenticated ? <SignedInHome /> : <PublicPageLoad />;
}

/** Built console screens by path; every other menu path shows that it is not available yet. */
const SCREENS: Record<string, ReactNode> = {
  '/assistants': <AssistantsRoute />,
  '/workflows': <WorkflowsRoute />,
  '/phone-numbers': <PhoneNumbersRoute />,
  '/call-logs': <CallLogsRoute />,
  '/appointments-calendar': <AppointmentsCalendarRoute />,
  '/book-appointment': <BookAppointmentRoute />,
  '/linked-accounts': <LinkedAccountsRoute />,
  '/user-management': <UserManagementRoute />,
  '/audit-log': <AuditLogRoute />,
  '/demo-requests': <DemoRequestsScreen />,
  '/practices': <PracticesScreen />,
  '/sent-mail': <SentMailScreen />,
  '/appointment-processor': <AppointmentProcessorScreen />,
  '/callbacks': <CallbacksRoute />,
  '/outbound-calls': <OutboundCallsRoute />,
  '/messages': <MessagesRoute />,
  '/analytics': <AnalyticsRoute />,
};

const isBuilt = (path: string) => path in SCREENS;

const DENIED_MESSAGES: Record<string, string> = {
  '/user-management': 'You need admin privileges to access user management.',
};

/** The console's routes (main.tsx); the public pages are prerendered apart (prerender-entry.tsx). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: SIGN_IN_PATH, element: <SignInRoute /> },
      { path: '/invite/:token', element: <InviteRoute /> },
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
              <Suspense fallback={<Spinner />}>
                {SCREENS[item.path] ?? <ScreenNotAvailable title={item.label} />}
              </Suspense>
            </RequireAccess>
          ),
        })),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
