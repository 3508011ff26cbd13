import { resolve, sep } from 'node:path';
import type { Plugin } from 'esbuild';

/** The folder of every sandbox module (ledger, market, catalog, prices, wallet, routes). */
export const SANDBOX_DIR = resolve(import.meta.dirname, '../../src/sandbox');

/** True for a module path inside src/sandbox. */
export function isSandboxModule(path: string): boolean {
  return path === SANDBOX_DIR || path.startsWith(SANDBOX_DIR + sep);
}

/**
 * Refuses any import that resolves into src/sandbox: the deployed stack is mainnet only, and a
 * Lambda bundle that reached sandbox code (a sandbox branch the `WILD_TIGERS_BUNDLE` define did not
 * fold away, or a direct import) fails to build instead of shipping it.
 */
export function sandboxExclusion(): Plugin {
  return {
    name: 'sandbox-exclusion',
    setup(build) {
      build.onResolve({ filter: /sandbox/ }, (args) => {
        if (!args.path.startsWith('.') || !isSandboxModule(resolve(args.resolveDir, args.path))) return undefined;
        return { errors: [{ text: `Sandbox code cannot be part of a Lambda bundle: ${args.importer} imports ${args.path}` }] };
      });
    },
  };
}
