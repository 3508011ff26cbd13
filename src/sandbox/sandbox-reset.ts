/**
 * `npm run sandbox:reset`: forgets every transaction, listing, sale, profile and session of the
 * local sandbox, so the next `npm start` begins again from the deterministic seed. Refuses while
 * the server answers on HOST:PORT (stop it first).
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const projectRoot = resolve(import.meta.dirname, '../..');
const storeDir = join(resolve(projectRoot, process.env.DATA_DIR ?? '.data'), 'dynalite');
const origin = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '4321'}`;

const running = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(500) }).then(
  () => true,
  () => false,
);
if (running) {
  process.stderr.write(`A server is answering at ${origin}: stop npm start first, then reset.\n`);
  process.exit(1);
}
rmSync(storeDir, { recursive: true, force: true });
process.stdout.write(`Sandbox reset: ${storeDir} removed. The next npm start seeds it again.\n`);
