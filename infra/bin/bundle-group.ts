/**
 * Bundles one route group's Lambda handler: `tsx infra/bin/bundle-group.ts <group> <outDir>`.
 * The CDK stack runs it while staging each function's asset (esbuild plugins need its async API,
 * which the stack's synchronous bundling hook cannot call directly).
 */
import { routeGroups } from '../../src/server/routes';
import { bundleGroup } from '../lib/bundling';

const [group, outDir] = process.argv.slice(2);
if (!group || !outDir || !routeGroups().some((known) => known === group)) {
  console.error(`usage: bundle-group.ts <${routeGroups().join('|')}> <outDir>`);
  process.exit(2);
}
await bundleGroup(group, outDir);
