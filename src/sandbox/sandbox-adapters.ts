/**
 * The sandbox network's adapter for each port. Only the composition root (src/server/adapters.ts)
 * and the local server import this module, and only on the sandbox network; Lambda bundles and
 * mainnet page builds cannot include anything under src/sandbox.
 */
import type { CollectionCatalog } from '../features/tiger/catalog';
import type { MediaSource } from '../features/tiger/thumbnail-service';
import { config } from '../server/config';
import { documentClient, tableName } from '../server/store/client';
import { createSandboxCatalog } from './collection/sandbox-catalog';
import { createSandboxMediaSource } from './collection/sandbox-media';
import { type SandboxMarket, createSandboxMarket } from './hbar-market/sandbox-market';
import { createSandboxMarketRepo } from './hbar-market/sandbox-market-repo';
import { createDynamoLedgerLog } from './ledger/ledger-log-repo';
import { sandboxKeyNames, sandboxKeySeed } from './ledger/sandbox-keys';
import { type SandboxLedger, createSandboxLedger } from './ledger/sandbox-ledger';
import { defaultSandboxNetwork } from './ledger/sandbox-network';
import { SANDBOX_SAUCERSWAP_KEY } from './prices/price-apis';

let ledger: SandboxLedger | undefined;
let market: SandboxMarket | undefined;

/**
 * The sandbox network's ledger of this process, over the log kept in the store, on the configured
 * clock; its consensus node answers gRPC-web on this server's own address (consensus-node.ts).
 */
export function sandboxLedger(): SandboxLedger {
  const settings = config();
  const { consensusDelayMs, mirrorLagMs } = settings.sandboxTiming;
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  ledger ??= createSandboxLedger({
    log: createDynamoLedgerLog({ doc: documentClient(), tableName: tableName() }),
    network: { ...defaultSandboxNetwork, nodeWebProxy: { host, port: settings.port } },
    timing: { consensusDelayMs, mirrorLagMs },
  });
  return ledger;
}

/**
 * The secrets of the sandbox network, where none is set: the marketplace operator's key in the
 * typed form OPERATOR_KEY takes (anyone can derive it), and the key the SaucerSwap stand-in takes.
 */
export function sandboxSecretDefaults(): Record<'OPERATOR_KEY' | 'SAUCERSWAP_API_KEY', string> {
  return { OPERATOR_KEY: `ed25519:${sandboxKeySeed(sandboxKeyNames.operator).toString('hex')}`, SAUCERSWAP_API_KEY: SANDBOX_SAUCERSWAP_KEY };
}

/** The stand-in for SentX over the sandbox ledger (one per process). */
export function sandboxMarket(): SandboxMarket {
  market ??= createSandboxMarket({ ledger: sandboxLedger(), store: createSandboxMarketRepo(documentClient(), tableName()) });
  return market;
}

/** The generated collection; its images are served by the sandbox's own IPFS gateway. */
export function sandboxCatalog(): CollectionCatalog {
  return createSandboxCatalog();
}

/** The sandbox art's bytes, for the thumbnails. */
export function sandboxMediaSource(): MediaSource {
  return createSandboxMediaSource();
}
