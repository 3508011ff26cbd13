/**
 * `npm start`: the whole product on one origin (pages, /api and, on the sandbox network, the
 * sandbox ledger), over an embedded DynamoDB-compatible store kept on disk in DATA_DIR.
 * Flags: --api-only (no pages; used by `npm run dev` beside Astro's dev server). The reconciler runs
 * on a timer every RECONCILER_INTERVAL_MS (0: off), as an EventBridge schedule runs it in AWS.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, config } from '@/server/config';
import { log } from '@/platform/log';
import { requireRarityDataset } from '@/server/rarity-dataset';
import { ensureTable } from '@/server/store/bootstrap';
import { documentClient } from '@/server/store/client';
import { type EmbeddedStore, startEmbeddedStore } from '@/server/store/dynalite';
import { type PrefixHandler, createLocalServer } from './server';
import { attachStreamServer } from './stream-server';

const apiOnly = process.argv.includes('--api-only');
const projectRoot = resolve(import.meta.dirname, '../../..');

/** Runs the reconciler's Lambda handler every `intervalMs`, one run at a time; returns what stops it. */
function startReconciler(intervalMs: number): () => void {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { handler } = await import('../../../functions/reconciler');
      await handler();
    } catch (error) {
      log.error('reconciler run failed', { error });
    } finally {
      busy = false;
    }
  }, intervalMs);
  return () => clearInterval(timer);
}

async function main(): Promise<void> {
  let embedded: EmbeddedStore | undefined;
  if (!process.env.DYNAMODB_ENDPOINT) {
    const dataDir = resolve(projectRoot, process.env.DATA_DIR ?? '.data');
    embedded = await startEmbeddedStore(join(dataDir, 'dynalite'));
    process.env.DYNAMODB_ENDPOINT = embedded.endpoint;
  }
  const settings = config();
  const siteDir = resolve(projectRoot, process.env.SITE_DIR ?? 'dist');
  if (!apiOnly && !existsSync(join(siteDir, 'index.html'))) throw new Error(`No site build in ${siteDir}: run \`npm run build\` first`);

  // The port is taken first, so a port in use fails at once rather than after the sandbox's seed; requests wait until all is ready.
  const prefixHandlers: PrefixHandler[] = [];
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((done) => (ready = done));
  const server = createLocalServer({ ...(apiOnly ? {} : { siteDir }), prefixHandlers, ready: whenReady });
  // The live market's push (/api/stream), as the WebSocket API serves it in AWS.
  const stream = attachStreamServer(server, whenReady);
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(settings.port, settings.host, () => listening());
  });

  await ensureTable(documentClient(), settings.tableName);
  // The sandbox ledger = its deterministic seed + the transaction log in the store: replay it now.
  const sandbox = settings.network === 'sandbox' ? await import('@/sandbox/sandbox-routes') : undefined;
  await sandbox?.readSandboxLedger();
  // The sandbox changes keys, not adapters: the ledger writer signs with the sandbox operator's key.
  if (sandbox) for (const [name, value] of Object.entries(sandbox.sandboxSecretDefaults())) process.env[name] ??= value;
  // The mainnet collection's ranks come from the published dataset (the sandbox generates its own).
  if (settings.network === 'mainnet') requireRarityDataset(apiOnly ? resolve(projectRoot, 'public') : siteDir);
  // On mainnet the operator key is read and checked against its account before anything is served.
  if (settings.network === 'mainnet') await (await import('@/server/adapters')).ledgerWriter();
  if (sandbox) prefixHandlers.push(sandbox.sandboxRoutes);
  ready();

  const origin = `http://${settings.host}:${settings.port}`;
  log.info('listening', { origin, network: settings.network, store: embedded ? 'embedded dynalite' : settings.dynamoEndpoint });
  if (!apiOnly) process.stdout.write(`\n  Wild Tigers is running at ${origin}  (network: ${settings.network}; Ctrl-C stops)\n\n`);

  const stopReconciler = settings.reconciler.intervalMs > 0 ? startReconciler(settings.reconciler.intervalMs) : undefined;

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopReconciler?.();
    stream.stop();
    server.closeAllConnections();
    server.close(() => {
      void (embedded?.close() ?? Promise.resolve()).then(() => process.exit(0));
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // A configuration error (a setting, or a key setting that cannot be used) is its message alone.
  const setting = error instanceof ConfigError || (error instanceof Error && error.name === 'KeySettingError');
  process.stderr.write(`${setting ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
