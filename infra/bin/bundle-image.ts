/**
 * Bundles the image route's Lambda: `tsx infra/bin/bundle-image.ts <outDir>` (the CDK stack runs it
 * while staging the function's asset; see infra/lib/image-bundling.ts).
 */
import { bundleImageFunction } from '../lib/image-bundling';

const [outDir] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: bundle-image.ts <outDir>');
  process.exit(2);
}
await bundleImageFunction(outDir);
