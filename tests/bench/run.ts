/**
 * `npm run bench`: the figures of issue 22 and the load run (loopback only, each part bounded in
 * time): Lighthouse on the landing and the app pages, the image bytes of a collection page on a
 * phone, the collection API as a share of a bare Node server answering the same bytes, the Lambda
 * bundles' cold start, the load run, the write flows' times on mainnet's clock, the mirror calls per page view and of a 300-trade portfolio. Runs each part in its own process, in order, and prints
 * their figures; exits non-zero if a part failed (Lighthouse below target, the load run on any error
 * or double sale; the image budget and the API ratio too with BENCH_STRICT=1).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const tsx = resolve(root, 'node_modules/.bin/tsx');
const PARTS: [title: string, script: string][] = [
  ['Lighthouse (mobile) on the landing and the app pages', 'tests/bench/lighthouse.ts'],
  ['Image budget: /collection on a phone', 'tests/bench/image-budget.ts'],
  ['Collection API against a bare Node server (same bytes, 50 connections)', 'tests/bench/collection-load.ts'],
  ['Lambda bundles: size and cold start', 'infra/bench/cold-start.ts'],
  ['Load: hot reads and racing PAWS buyers', 'tests/bench/load.ts'],
  ['Write flows on mainnet’s clock: from the wallet’s answer to done (median of 5)', 'tests/bench/write-flows.ts'],
  ['A 10-tiger sweep of the floor on mainnet’s clock: wallet prompts, and time to owning all ten', 'tests/bench/sweep.ts'],
  ['Mirror calls per page view with 10 and 1,000 open offers from 300 makers', 'tests/bench/page-mirror-calls.ts'],
  ['The live market: event to screen, 1,000 sockets, the fan-out per subscriber', 'tests/bench/live-market.ts'],
  ['Mirror calls of a holder’s portfolio with 300 trades: cold, warm, after one more trade', 'tests/bench/portfolio-mirror-calls.ts'],
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
