// The browser UI build: React 18 through Vite's built-in JSX transform (oxc), output in dist/web.
// Three pages, three entries: index.html (the landing page, served at /), workbook.html (the grid,
// served at /workbook) and signin.html (SaaS sign-in, at /signin). They share only React and the
// API client, so the landing page never downloads the grid (docs/ui-rules.md PERF-13).
// @vitejs/plugin-react is not used (its peer range conflicts with Vite 8 here), so there is no
// fast refresh: `npm run build:web` and reload.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  base: '/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
  resolve: {
    alias: {
      // Glide imports this carousel only for its image-cell editor, which Gridbook never
      // opens; the peer package is not installed, so a small local component stands in.
      'react-responsive-carousel': fileURLToPath(
        new URL('./src/shims/carousel.tsx', import.meta.url),
      ),
    },
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        workbook: fileURLToPath(new URL('./workbook.html', import.meta.url)),
        signin: fileURLToPath(new URL('./signin.html', import.meta.url)),
      },
    },
  },
});
