import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earningsDeskServer } from './server/dev-middleware.ts';

export default defineConfig({
  plugins: [
    // The router plugin generates src/routeTree.gen.ts and splits each route into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // The API proxy (and, without a key, the embedded sandbox) on the app's own origin, in dev and preview.
    earningsDeskServer(),
  ],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: { target: 'es2022', sourcemap: false },
});
