import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SIGNED_IN_HINT_COOKIE } from './src/shared/site.ts';

/**
 * `npm run dev`: the public pages as the build serves them (rendered by prerender-entry.tsx into public.html,
 * with the islands' script) rather than the console's index.html, which would only send them to the server.
 */
function devPublicPages(): Plugin {
  return {
    name: 'servc-dev-public-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://dev.invalid');
        const signedIn = (request.headers.cookie ?? '').includes(`${SIGNED_IN_HINT_COOKIE}=1`);
        if (request.method !== 'GET' || (url.pathname === '/' && signedIn)) return next();
        server
          .ssrLoadModule('/src/web/prerender-entry.tsx')
          .then(async ({ render, publicPages }) => {
            if (!(publicPages as { path: string }[]).some((page) => page.path === url.pathname))
              return next();
            const template = await server.transformIndexHtml(
              url.pathname,
              readFileSync('public.html', 'utf8'),
            );
            const body = (render as (path: string) => string)(url.pathname);
            response.setHeader('content-type', 'text/html; charset=utf-8');
            response.end(template.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`));
          })
          .catch(next);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), devPublicPages()],
  root: '.',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/budgets.mjs (ADR 059).
    manifest: true,
    rolldownOptions: {
      // The console (a single-page app) and the prerendered public pages' islands (scripts/prerender.mjs).
      input: { index: 'index.html', public: 'public.html' },
      // Our modules only declare (see ADR 059; lib/user-activity.ts's listeners come with its used export): a
      // feature's index.ts then brings only what is used from it, not every screen's schemas behind it.
      treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/](web|shared)[\\/].*\.tsx?$/.test(id) },
      output: {
        codeSplitting: {
          // zod apart: the demo form's check loads it without the console's schemas.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
