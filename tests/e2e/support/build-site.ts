/**
 * Builds the site as the e2e suite expects it (the settings of e2e-build.ts); any arguments go to
 * `astro build`, e.g. `npx tsx tests/e2e/support/build-site.ts --outDir /tmp/my-dist`.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { E2E_BUILD_ENV } from './e2e-build';

const root = resolve(import.meta.dirname, '../../..');
const result = spawnSync(resolve(root, 'node_modules/.bin/astro'), ['build', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...E2E_BUILD_ENV },
});
process.exit(result.status ?? 1);
