/**
 * `npm run bench`: timings, reported not asserted (loopback only, each part bounded in time).
 * Runs each part in its own process, in order, and prints their figures; exits non-zero if a part
 * failed (the load run fails on any error or double sale).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const tsx = resolve(root, 'node_modules/.bin/tsx');
const PARTS: [title: string, script: string][] = [
  ['Lighthouse (mobile) on the built pages', 'tests/bench/lighthouse.ts'],
  ['Lambda bundles: size and cold start', 'infra/bench/cold-start.ts'],
  ['Collection API latency', 'tests/bench/collection-load.ts'],
  ['Load: hot reads and racing PAWS buyers', 'tests/bench/load.ts'],
];

let failed = 0;
for (const [title, script] of PARTS) {
  process.stdout.write(`\n=== ${title} (${script})\n`);
  if (!existsSync(resolve(root, script))) {
    process.stdout.write('missing\n');
    failed += 1;
    continue;
  }
  const result = spawnSync(tsx, [script], { cwd: root, stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' }, timeout: 10 * 60_000 });
  if (result.status !== 0) {
    process.stdout.write(`${script} exited with ${result.status ?? result.signal}\n`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
