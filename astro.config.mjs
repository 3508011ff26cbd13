// Astro pre-renders every page (static output); React islands hydrate the interactive parts.
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4322'}`;

export default defineConfig({
  site: process.env.SITE_ORIGIN ?? 'http://127.0.0.1:4321',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev`: the API runs beside Astro's dev server on API_PORT; same origin as in production.
    server: { proxy: { '/api': apiTarget, '/sandbox': apiTarget } },
  },
});
