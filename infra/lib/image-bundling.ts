import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT, lambdaBuildOptions } from './bundling';

/** The image route's handler (not a route group of the API: it answers bytes). */
export const IMAGE_ENTRY = resolve(REPO_ROOT, 'functions/img.ts');

/** The native image library, installed beside the bundle instead of bundled (its binaries cannot be inlined). */
export const IMAGE_NATIVE_MODULES = ['sharp'] as const;

/** The Lambda's platform: sharp's prebuilt binaries for it come from the npm registry as optional packages. */
export const IMAGE_PLATFORM = { os: 'linux', cpu: 'arm64', libc: 'glibc' } as const;

/** The exact versions of the native modules, as package.json pins them. */
export function nativeModuleVersions(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return Object.fromEntries(
    IMAGE_NATIVE_MODULES.map((name) => {
      const version = pkg.dependencies[name];
      if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json must pin ${name} to an exact version`);
      return [name, version];
    }),
  );
}

/**
 * Bundles the image Lambda into `outDir`: index.mjs built as every handler is (lambdaBuildOptions)
 * with sharp left external, then sharp installed beside it for the Lambda's platform
 * (IMAGE_PLATFORM), as the CDK's NodejsFunction does with `nodeModules`: npm picks sharp's prebuilt
 * linux-arm64 packages whatever machine synthesises, with no Docker and no download outside the registry.
 */
export async function bundleImageFunction(outDir: string): Promise<void> {
  await build({ ...lambdaBuildOptions(IMAGE_ENTRY, resolve(outDir, 'index.mjs')), external: [...IMAGE_NATIVE_MODULES] });
  writeFileSync(resolve(outDir, 'package.json'), `${JSON.stringify({ private: true, type: 'module', dependencies: nativeModuleVersions() }, null, 2)}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(
    npm,
    [
      'install',
      '--omit=dev',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--ignore-scripts',
      `--os=${IMAGE_PLATFORM.os}`,
      `--cpu=${IMAGE_PLATFORM.cpu}`,
      `--libc=${IMAGE_PLATFORM.libc}`,
    ],
    { cwd: outDir, stdio: 'inherit' },
  );
}
