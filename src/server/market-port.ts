import { parseMarketConfig } from '../features/hbar-market/market-config';
import type { MarketPort } from '../features/hbar-market/market-port';
import { createSentxAdapter } from '../features/hbar-market/sentx-adapter';
import { config } from './config';
import { log } from './log';
import { secret } from './secrets';
import { documentClient, tableName } from './store/client';

async function buildMarketPort(): Promise<MarketPort> {
  if (process.env.WILD_TIGERS_BUNDLE !== 'lambda' && config().network === 'sandbox') {
    const [{ createSandboxMarket }, { createSandboxMarketStore }, { sandboxLedger }] = await Promise.all([
      import('../sandbox/hbar-market/sandbox-market'),
      import('../sandbox/hbar-market/sandbox-market-repo'),
      import('../sandbox/sandbox-ledger-instance'),
    ]);
    return createSandboxMarket({ ledger: sandboxLedger(), store: createSandboxMarketStore(documentClient(), tableName()) });
  }
  const apiKey = await secret('SENTX_API_KEY');
  if (!apiKey) log.warn('SENTX_API_KEY is not set: SentX buys will be refused and reads may be limited');
  return createSentxAdapter({ baseUrl: parseMarketConfig(process.env).sentxApiBase, apiKey });
}

let port: Promise<MarketPort> | undefined;

/** The one place the external market adapter is chosen: SentX on mainnet, the sandbox market locally (one per process). */
export function marketPort(): Promise<MarketPort> {
  port ??= buildMarketPort().catch((error: unknown) => {
    port = undefined;
    throw error;
  });
  return port;
}
