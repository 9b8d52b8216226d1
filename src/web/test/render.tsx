import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { SessionUser } from '#shared/schemas/auth';
import { Toaster } from '../components/ui/toaster';
import { clearAuthFromStorage, writeAuthToStorage } from '../lib/auth-state';
import { AuthProvider } from '../lib/auth';

export const TEST_ADMIN: SessionUser = {
  id: 'u-admin',
  email: 'admin@brightsmile.example',
  username: 'admin',
  name: 'Ada Admin',
  role: 'admin',
};

export const TEST_FRONT_DESK: SessionUser = {
  id: 'u-front',
  email: 'frontdesk@brightsmile.example',
  username: 'frontdesk',
  name: 'Fran Desk',
  role: 'sub',
};

export interface RenderOptions {
  /** The URL the memory router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted at (so `useParams` works). */
  path?: string;
  /** Signed-in user; `null` renders signed out. */
  user?: SessionUser | null;
}

/**
 * Renders a screen the way the app does: memory router, a fresh query client (no retries, so an error
 * state shows at once), the auth provider reading a signed-in user from storage, and the toaster.
 */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', path = '*', user = TEST_ADMIN }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { route, user },
  );
}

/** Renders a whole route table (e.g. the app's own, with its guards) with the same providers. */
export function renderRoutes(
  routes: RouteObject[],
  { route = '/', user = TEST_ADMIN }: Omit<RenderOptions, 'path'> = {},
): RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  clearAuthFromStorage(localStorage);
  if (user) writeAuthToStorage(localStorage, 'test-session', user);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
