import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
