import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { SignInForm } from '../../features/auth';
import { useAuth } from '../../lib/auth';
import { usePrincipal } from '../../lib/permissions';
import { returnPathFor } from '../../lib/return-path';

export const SIGN_IN_TITLE = 'Sign In | Servc AI Receptionist';

/** Signed in: to the page asked for (`?next=`) when the user may open it, else to the Overview. */
function SignedIn({ next }: { next: string | null }) {
  const { principal, isLoading } = usePrincipal();
  if (isLoading) return <Spinner className="min-h-screen" />;
  return <Navigate to={returnPathFor(next, principal)} replace />;
}

export function SignInRoute() {
  const { isAuthenticated } = useAuth();
  const next = useSearchParams()[0].get('next');
  useEffect(() => {
    document.title = SIGN_IN_TITLE;
  }, []);
  if (isAuthenticated) return <SignedIn next={next} />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <SignInForm />
    </main>
  );
}
