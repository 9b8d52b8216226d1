import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="font-medium text-blue-700 hover:underline">
        Go to the home page
      </Link>
    </main>
  );
}
