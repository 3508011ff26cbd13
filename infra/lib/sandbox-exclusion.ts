import { resolve, sep } from 'node:path';
import type { Plugin } from 'esbuild';

/** The folder of every sandbox module (the stand-in services, the seed, the sandbox wallet). */
export const SANDBOX_DIR = resolve(import.meta.dirname, '../../src/sandbox');

/** True for a module path inside src/sandbox. */
export function isSandboxModule(path: string): boolean {
  return path === SANDBOX_DIR || path.startsWith(SANDBOX_DIR + sep);
}

/**
 * Refuses any import that resolves into src/sandbox: the deployed stack is mainnet only, and a
 * Lambda bundle that reached sandbox code fails to build instead of shipping it.
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
