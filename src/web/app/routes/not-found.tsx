import { PublicLayout } from '../../features/marketing';

/** The message of the prerendered not-found page (prerender-entry.tsx) and of the app's unknown paths. */
export function NotFoundContent() {
  return (
    <div className="flex flex-col items-center justify-center gap-4 bg-slate-50 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <a href="/" className="font-medium text-blue-700 hover:underline">
        Go to the home page
      </a>
    </div>
  );
}

/** Any path no route knows (the server answers it with 404): the site's header and footer around the message. */
export function NotFoundRoute() {
  return (
    <PublicLayout>
      <NotFoundContent />
    </PublicLayout>
  );
}
