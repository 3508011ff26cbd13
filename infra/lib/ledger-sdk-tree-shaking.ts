import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';

const SDK_MODULE = /[\\/]node_modules[\\/]@hiero-ledger[\\/]sdk[\\/]lib[\\/].+\.js$/;
/** `import X from "../Cache.js"`: the SDK's registry that breaks its import cycles. */
const CACHE_IMPORT = /import\s*([A-Za-z_$][\w$]*)\s*from\s*"(?:\.\.?\/)+(?:[\w/]+\/)?Cache\.js"/;

/**
 * True when an SDK module must run even if nothing imports a name from it: it fills the SDK's
 * Cache (e.g. PublicKey registers its constructors there, and keys decode through that Cache).
 */
export function registersWithSdkCache(source: string): boolean {
  const binding = CACHE_IMPORT.exec(source)?.[1];
  if (!binding) return false;
  return new RegExp(`(?:^|[^\\w$.])${binding.replace(/\$/g, '\\$')}\\.set[A-Z]\\w*\\(`).test(source);
}

/**
 * The Hedera SDK declares every module as having side effects, so a bundle that imports two names
 * from it carries all ~300 transaction and query types, the native gRPC client and three address
 * books. Each module only registers itself (a transaction type in the registry that
 * `Transaction.fromBytes` reads, or constructors in the SDK's Cache): this plugin lets esbuild drop
 * the modules a handler never names, except those that fill the Cache. The consequence is that a
 * bundle decodes only the transaction types it imports; tests/infra/ledger-bundle.test.ts runs the
 * bundled code paths (settlement over gRPC-web, allowance bytes, purchase checks) against the SDK.
 */
export function ledgerSdkTreeShaking(): Plugin {
  const keep = new Map<string, boolean>();
  return {
    name: 'ledger-sdk-tree-shaking',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === ledgerSdkTreeShaking) return undefined;
        const fromSdk = args.path.startsWith('@hiero-ledger/sdk') || SDK_MODULE.test(args.importer);
        if (!fromSdk) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: ledgerSdkTreeShaking,
        });
        if (resolved.errors.length || !SDK_MODULE.test(resolved.path)) return resolved;
        let sideEffects = keep.get(resolved.path);
        if (sideEffects === undefined) {
          sideEffects = registersWithSdkCache(readFileSync(resolved.path, 'utf8'));
          keep.set(resolved.path, sideEffects);
        }
        return { ...resolved, sideEffects };
      });
    },
  };
}
