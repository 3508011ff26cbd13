/**
 * The sandbox network's stand-in services, built once per process: its ledger (with its mirror and
 * consensus node), the SentX stand-in and its book, and the secrets its stand-ins take. Only the
 * local server imports this module, and only on the sandbox network; Lambda bundles and mainnet
 * page builds cannot include anything under src/sandbox.
 */
import { config } from '@/server/config';
import { documentClient, tableName } from '@/server/store/client';
import { type SandboxMarket, createSandboxMarket } from './hbar-market/sandbox-market';
import { createSandboxMarketRepo } from './hbar-market/sandbox-market-repo';
import { SANDBOX_SENTX_API_KEY, type SentxStandIn, createSentxStandIn } from './hbar-market/sentx-api';
import { createDynamoLedgerLog } from './ledger/ledger-log-repo';
import { sandboxKeyNames, sandboxKeySeed } from './ledger/sandbox-keys';
import { type SandboxLedger, createSandboxLedger } from './ledger/sandbox-ledger';
import { defaultSandboxNetwork } from './ledger/sandbox-network';
import { SANDBOX_SAUCERSWAP_KEY } from './prices/price-apis';

let ledger: SandboxLedger | undefined;
let market: SandboxMarket | undefined;
let sentx: SentxStandIn | undefined;

/**
 * The sandbox network's ledger of this process, over the log kept in the store, on the configured
 * clock; its consensus node answers gRPC-web on this server's own address (consensus-node.ts).
 */
export function sandboxLedger(): SandboxLedger {
  if (ledger) return ledger;
  const settings = config();
  const { consensusDelayMs, mirrorLagMs } = settings.sandboxTiming;
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  ledger = createSandboxLedger({
    log: createDynamoLedgerLog({ doc: documentClient(), tableName: tableName() }),
    network: {
      ...defaultSandboxNetwork,
      nodeWebProxy: { host, port: settings.port },
      nftRoyalty: settings.sandboxFees.nftRoyalty && { ...settings.sandboxFees.nftRoyalty, fallbackHbar: defaultSandboxNetwork.nftRoyalty?.fallbackHbar ?? 0 },
      feeCollectorHoldsPaws: settings.sandboxFees.royaltyCollectorHoldsPaws,
      pawsFractionalFee: settings.sandboxFees.pawsFractionalFee,
    },
    timing: { consensusDelayMs, mirrorLagMs },
  });
  return ledger;
}

/**
 * The secrets of the sandbox network, where none is set: the marketplace operator's key in the
 * typed form OPERATOR_KEY takes (anyone can derive it), and the keys the stand-ins take.
 */
export function sandboxSecretDefaults(): Record<'OPERATOR_KEY' | 'SAUCERSWAP_API_KEY' | 'SENTX_API_KEY' | 'SENTX_AFFILIATE_KEY', string> {
  const operatorKey = `ed25519:${sandboxKeySeed(sandboxKeyNames.operator).toString('hex')}`;
  // The marketplace account is the SentX affiliate on the sandbox network (config.ts).
  return { OPERATOR_KEY: operatorKey, SAUCERSWAP_API_KEY: SANDBOX_SAUCERSWAP_KEY, SENTX_API_KEY: SANDBOX_SENTX_API_KEY, SENTX_AFFILIATE_KEY: operatorKey };
}

/** The book of the stand-in for SentX over the sandbox ledger (one per process). */
export function sandboxMarket(): SandboxMarket {
  market ??= createSandboxMarket({ ledger: sandboxLedger(), store: createSandboxMarketRepo(documentClient(), tableName()) });
  return market;
}

/** SentX's REST API over that book (one per process: it holds the affiliate's sign-ins). */
export function sentxStandIn(): SentxStandIn {
  sentx ??= createSentxStandIn(sandboxMarket(), sandboxLedger().network);
  return sentx;
}
