import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is a single-page app served by the relay at `/` (with history fallback),
// so assets are referenced from the site root. Everything is bundled locally: no web
// fonts or CDNs, because the relay serves the console under a strict Content-Security-Policy.
// `root` is resolved from this file so builds work from any working directory.
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
  },
});
