import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { can, type Action } from '#shared/permissions';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { usePrincipal } from '../../lib/permissions';
import { signInPathFor } from '../../lib/return-path';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading, loggedOut } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner className="min-h-screen" />;
  // Logout goes to the site root (part 1, section 4); any other way of being signed out, to /signin.
  if (!isAuthenticated) return <Navigate to={loggedOut ? '/' : signInPathFor(location)} replace />;
  return children;
}

export function AccessDenied({
  message = 'You do not have permission to view this page.',
}: {
  message?: string;
}) {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="mt-2 text-slate-600">{message}</p>
    </div>
  );
}

/** A console screen the shared policy must allow; the server checks the same rule on every call. */
export function RequireAccess({
  action,
  deniedMessage,
  children,
}: {
  action: Action;
  deniedMessage?: string;
  children: ReactNode;
}) {
  const { principal, isLoading } = usePrincipal();
  if (isLoading) return <Spinner />;
  if (!can(principal, action)) return <AccessDenied message={deniedMessage} />;
  return children;
}

export function ScreenNotAvailable({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">This screen is not available yet.</p>
    </div>
  );
}
