import type { RouteObject } from 'react-router';
import { Link } from 'react-router';

/** Temporary until the marketing feature lands: the signed-out home. */
export function PublicHome() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold text-slate-900">Your practice&apos;s AI receptionist</h1>
      <Link
        to="/signin"
        className="rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700"
      >
        Sign In
      </Link>
    </main>
  );
}

export const publicRoutes: RouteObject[] = [];
