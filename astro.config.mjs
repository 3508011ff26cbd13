// Astro pre-renders every page (static output); React islands hydrate the interactive parts.
import { writeFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { siteOriginFromEnv } from './src/lib/site-origin.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4322'}`;
const SANDBOX_DIR = resolve('src/sandbox');
const EXCLUDED = '\0sandbox-excluded';

/**
 * A mainnet build cannot include sandbox code: every import that resolves into src/sandbox becomes
 * a module that only throws (a named import from it fails the build). With BUNDLE_INPUTS_FILE set,
 * every emitted chunk's input modules are written there (tests/infra/sandbox-exclusion.test.ts).
 */
function sandboxExclusion(network) {
  const inputs = {};
  return {
    name: 'sandbox-exclusion',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (network !== 'mainnet' || !source.includes('sandbox') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const path = resolved?.id.split('?')[0] ?? '';
      return path.startsWith(SANDBOX_DIR + sep) ? EXCLUDED : null;
    },
    load(id) {
      return id === EXCLUDED ? "throw new Error('Sandbox code is not part of mainnet builds');" : null;
    },
    generateBundle(_options, bundle) {
      if (!process.env.BUNDLE_INPUTS_FILE) return;
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') inputs[chunk.fileName] = chunk.moduleIds;
      writeFileSync(process.env.BUNDLE_INPUTS_FILE, JSON.stringify(inputs));
    },
  };
}

export default defineConfig({
  site: siteOriginFromEnv(process.env),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [sandboxExclusion(process.env.PUBLIC_NETWORK === 'mainnet' ? 'mainnet' : 'sandbox'), tailwindcss()],
    // `npm run dev`: the API runs beside Astro's dev server on API_PORT; same origin as in production.
    server: { proxy: { '/api': apiTarget, '/sandbox': apiTarget } },
  },
});
