import { config } from './config';

/**
 * True on the sandbox network. Lambda bundles are built with WILD_TIGERS_BUNDLE defined as
 * "lambda" (infra/lib/bundling.ts), so the deployed stack is mainnet only. Where a sandbox
 * branch imports sandbox code, write the `process.env.WILD_TIGERS_BUNDLE !== 'lambda'` test
 * literally in its condition (esbuild does not inline this function across modules), so that
 * esbuild drops the branch and the code it imports from the Lambda bundles.
 */
export function onSandbox(): boolean {
  return process.env.WILD_TIGERS_BUNDLE !== 'lambda' && config().network === 'sandbox';
}
