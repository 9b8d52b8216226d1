import { Navigate } from 'react-router';
import { SignInForm } from '../../features/auth';
import { useAuth } from '../../lib/auth';

export function SignInRoute() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/" replace />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <SignInForm />
    </main>
  );
}
