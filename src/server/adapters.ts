/**
 * The composition root: the one module that decides, from the validated config, which adapter
 * each port gets. On the sandbox network every port but the store and the ledger reader comes
 * from src/sandbox/sandbox-adapters.ts; on mainnet the real adapters read their secrets here.
 *
 * Lambda bundles define WILD_TIGERS_BUNDLE as "lambda" (infra/lib/bundling.ts), so the sandbox
 * branch below folds to false and esbuild drops it with the import it holds; the bundler also
 * refuses any module under src/sandbox outright. Write that test literally in each condition:
 * esbuild does not inline a helper function across the branch. Adapters with module-level code
 * (zod schemas) are imported inside their factories, so a bundle that never builds them carries none.
 */
import { createAuthRepo } from '../features/auth/auth-repo';
import { createSessions } from '../features/auth/sessions';
import type { MarketPort } from '../features/hbar-market/market-port';
import type { LedgerReader } from '../features/ledger/ledger-reader';
import type { LedgerWriter } from '../features/ledger/ledger-writer';
import { createMirrorLedgerReader } from '../features/ledger/mirror-client';
import type { Settlement } from '../features/paws-market/settlement';
import type { PriceSource } from '../features/prices/prices';
import type { CollectionCatalog } from '../features/tiger/catalog';
import { IPFS_GATEWAYS, SANDBOX_IPFS_GATEWAY } from '../features/tiger/ipfs';
import { createMetadataCatalog } from '../features/tiger/metadata-catalog';
import type { MediaSource } from '../features/tiger/thumbnail-service';
import { createGatewayMediaSource } from '../features/tiger/thumbnail-source';
import { once, onceAsync } from '../lib/once';
import { config } from './config';
import { log } from './log';
import { requiredSecret, secret } from './secrets';
import { documentClient, tableName } from './store/client';

type SandboxAdapters = typeof import('../sandbox/sandbox-adapters');

/** The sandbox adapters, loaded on the sandbox network only; undefined on mainnet and in every Lambda bundle. */
function sandbox(): Promise<SandboxAdapters> | undefined {
  if (process.env.WILD_TIGERS_BUNDLE !== 'lambda' && config().network === 'sandbox') return import('../sandbox/sandbox-adapters');
  return undefined;
}

/** Ledger reads: the mirror node REST (the sandbox serves the same REST at its own base URL). */
export const ledgerReader = /* @__PURE__ */ once((): LedgerReader => createMirrorLedgerReader({ baseUrl: config().mirrorNodeUrl }));

/**
 * Ledger writes: the SDK with the marketplace operator key (checked against the account's key on
 * the ledger) over the gRPC-web proxies of the mirror's address book; on the sandbox network its
 * mirror lists the sandbox consensus node's, and OPERATOR_KEY defaults to the sandbox operator's.
 */
export const ledgerWriter = /* @__PURE__ */ onceAsync(async (): Promise<LedgerWriter> => {
  const { createLedgerWriter } = await import('../features/ledger/sdk-writer');
  return createLedgerWriter({
    reader: ledgerReader(),
    operatorAccountId: config().marketplaceAccountId,
    operatorKey: await requiredSecret('OPERATOR_KEY'),
  });
});

/** The PAWS market's settlement: one atomic approved transfer through the ledger writer. */
export const settlement: Settlement = {
  async prepare(input) {
    const { createLedgerSettlement } = await import('../features/paws-market/ledger-settlement');
    return createLedgerSettlement(await ledgerWriter()).prepare(input);
  },
};

/** The SentX adapter's module, its settings (base URL, affiliate account) and API key. */
async function sentx() {
  const [adapter, { parseMarketConfig }] = await Promise.all([
    import('../features/hbar-market/sentx-adapter'),
    import('../features/hbar-market/market-config'),
  ]);
  const apiKey = await secret('SENTX_API_KEY');
  if (!apiKey) log.warn('SENTX_API_KEY is not set: SentX buys will be refused and reads may be limited');
  const settings = parseMarketConfig(process.env);
  return { adapter, options: { baseUrl: settings.sentxApiBase, apiKey }, affiliateAccountId: settings.sentxAffiliateAccountId };
}

/** The SentX affiliate's key (SENTX_AFFILIATE_KEY, typed like OPERATOR_KEY), read on the first buy. */
const sentxAffiliateKey = /* @__PURE__ */ onceAsync(async () => {
  const { parsePrivateKey } = await import('../features/ledger/private-key');
  return parsePrivateKey(await requiredSecret('SENTX_AFFILIATE_KEY'), 'SENTX_AFFILIATE_KEY');
});

/** The external HBAR market: SentX on mainnet (signing in as the affiliate for buys), the sandbox market locally. */
export const marketPort = /* @__PURE__ */ onceAsync(async (): Promise<MarketPort> => {
  const local = sandbox();
  if (local) return (await local).sandboxMarket();
  const { adapter, options, affiliateAccountId: accountId } = await sentx();
  if (!accountId) {
    log.warn('SENTX_AFFILIATE_ACCOUNT_ID is not set: SentX buys are sent without a user-auth token');
    return adapter.createSentxAdapter(options);
  }
  const affiliate = { accountId, sign: async (message: Uint8Array) => (await sentxAffiliateKey()).sign(message) };
  const { createSentxUserAuth } = await import('../features/hbar-market/sentx-user-auth');
  return adapter.createSentxAdapter({ ...options, userAuth: createSentxUserAuth({ ...options, affiliate }) });
});

/**
 * The external HBAR market for reads only (listings, sales): the same adapters without the
 * affiliate's key, so a group that never buys (collection) carries no signing code.
 */
export const marketReads = /* @__PURE__ */ onceAsync(async (): Promise<Pick<MarketPort, 'listings' | 'activity'>> => {
  const local = sandbox();
  if (local) return (await local).sandboxMarket();
  const { adapter, options } = await sentx();
  return adapter.createSentxAdapter(options);
});

/** HBAR and PAWS prices: the public price APIs (on the sandbox network, their stand-ins). */
export const priceSource = /* @__PURE__ */ onceAsync(async (): Promise<PriceSource> => {
  const [{ createPublicPriceSource }, saucerSwapApiKey] = await Promise.all([import('../features/prices/public-price-source'), secret('SAUCERSWAP_API_KEY')]);
  const { pawsTokenId, priceApis } = config();
  return createPublicPriceSource({ pawsTokenId, bases: priceApis, ledger: ledgerReader(), ...(saucerSwapApiKey ? { saucerSwapApiKey } : {}) });
});

/** The collection catalog: generated sandbox metadata locally; ledger + IPFS metadata and the published rarity on mainnet. */
export const collectionCatalog = /* @__PURE__ */ once((): CollectionCatalog => {
  const local = sandbox();
  if (local) {
    const catalog = local.then((adapters) => adapters.sandboxCatalog());
    return {
      imageGateway: SANDBOX_IPFS_GATEWAY,
      rarity: async () => (await catalog).rarity(),
      entry: async (serial) => (await catalog).entry(serial),
      displayAll: async (total) => (await catalog).displayAll?.(total) ?? new Map(),
    };
  }
  const settings = config();
  return createMetadataCatalog({
    ledger: ledgerReader(),
    nftTokenId: settings.nftTokenId,
    rarityUrl: `${settings.siteOrigin}/data/rarity.json`,
    gateways: IPFS_GATEWAYS,
  });
});

/** A tiger's art as bytes, for the thumbnails: the sandbox art locally; the IPFS gateway chain on mainnet. */
export const mediaSource = /* @__PURE__ */ once((): MediaSource => {
  const local = sandbox();
  if (local) {
    const source = local.then((adapters) => adapters.sandboxMediaSource());
    return async (uri) => (await source)(uri);
  }
  return createGatewayMediaSource({ gateways: IPFS_GATEWAYS });
});

/** Sign-in challenges and sessions in the table. */
export const authRepo = /* @__PURE__ */ once(() => createAuthRepo(documentClient(), tableName()));

/** The key that signs session cookies. */
export const sessionSecret = () => requiredSecret('SESSION_SECRET');

/** Reads and ends the sessions of requests. */
export const sessions = /* @__PURE__ */ once(() => createSessions({ store: authRepo(), sessionSecret }));
