/**
 * Bundles one route group's (or scheduled job's, or the live market's) Lambda handler: `tsx infra/bin/bundle-group.ts <group> <outDir>`.
 * The CDK stack runs it while staging each function's asset (esbuild plugins need its async API,
 * which the stack's synchronous bundling hook cannot call directly).
 */
import { routeGroups } from '../../src/server/routes';
import { SCHEDULED_JOBS, STREAM_FUNCTIONS, bundleGroup } from '../lib/bundling';

const [group, outDir] = process.argv.slice(2);
const known: readonly string[] = [...routeGroups(), ...SCHEDULED_JOBS, ...STREAM_FUNCTIONS];
if (!group || !outDir || !known.includes(group)) {
  console.error(`usage: bundle-group.ts <${known.join('|')}> <outDir>`);
  process.exit(2);
}
await bundleGroup(group, outDir);
