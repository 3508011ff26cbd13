/**
 * The composition root: the one module that builds each port's adapter from the validated config.
 * Every port has one adapter, the production one; on the sandbox network the config points them at
 * the sandbox's stand-ins (its mirror, consensus node, SentX, price APIs and IPFS gateway), so no
 * adapter is chosen by network here. Adapters with module-level code (zod schemas, the ledger SDK)
 * are imported inside their factories, so a bundle that never builds them carries none.
 */
import { createAuthRepo } from '@/features/auth/auth-repo';
import { createSessions } from '@/features/auth/sessions';
import type { MarketPort } from '@/features/hbar-market/market-port';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { LedgerWriter, ReceiptReader } from '@/features/ledger/ledger-writer-port';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import type { BatchSettlement, Settlement } from '@/features/paws-market/settlement';
import type { PortfolioLedger } from '@/features/portfolio/portfolio-ledger-port';
import { createPortfolioMirrorAdapter } from '@/features/portfolio/portfolio-mirror-adapter';
import type { PriceSource } from '@/features/prices/price-port';
import type { CollectionCatalog } from '@/features/tiger/catalog-port';
import { createMetadataCatalog } from '@/features/tiger/metadata-catalog-adapter';
import type { MediaSource } from '@/features/tiger/thumbnail-service';
import { createGatewayMediaSource } from '@/features/tiger/thumbnail-source';
import { once, onceAsync } from '@/lib/once';
import { config } from './config';
import { log } from '@/platform/log';
import { requiredSecret, secret } from './secrets';
import { documentClient, tableName } from './store/client';

/** Ledger reads: the mirror node REST (the sandbox serves the same REST at its own base URL). */
export const ledgerReader = /* @__PURE__ */ once((): LedgerReader => createMirrorLedgerReader({ baseUrl: config().mirrorNodeUrl }));

/** The portfolio's ledger reads (an account's transactions, a tiger's transfers, a transaction's fees) on the same mirror node. */
export const portfolioLedger = /* @__PURE__ */ once((): PortfolioLedger => createPortfolioMirrorAdapter({ baseUrl: config().mirrorNodeUrl }));

/**
 * Ledger writes: the SDK with the marketplace operator key (checked against the account's key on
 * the ledger) over the gRPC-web proxies of the mirror's address book; on the sandbox network its
 * mirror lists the sandbox consensus node's, and OPERATOR_KEY defaults to the sandbox operator's.
 */
export const ledgerWriter = /* @__PURE__ */ onceAsync(async (): Promise<LedgerWriter> => {
  const { createLedgerWriter } = await import('@/features/ledger/sdk-writer-adapter');
  return createLedgerWriter({
    reader: ledgerReader(),
    operatorAccountId: config().marketplaceAccountId,
    operatorKey: await requiredSecret('OPERATOR_KEY'),
  });
});

/**
 * The consensus nodes' receipts: a client of their own with no operator (receipt queries are free),
 * over the address book's gRPC-web proxies, so the routes that follow users' transactions (the
 * status route, the HBAR purchase's completion) need no operator key. One that cannot be built (the
 * address book unread) gives no receipt: the mirror node then confirms, as before, and the next
 * call tries again.
 */
const receiptReader = /* @__PURE__ */ onceAsync(async (): Promise<ReceiptReader> => {
  const { createReceiptReader } = await import('@/features/ledger/sdk-writer-adapter');
  return createReceiptReader({ reader: ledgerReader() });
});
export const receipts: ReceiptReader = {
  async receiptStatus(transactionId, waitMs) {
    const reader = await receiptReader().catch(() => undefined);
    return reader ? reader.receiptStatus(transactionId, waitMs) : null;
  },
};

/** The ledger settlement, loaded (with the SDK) on a group's first settlement. */
async function ledgerSettlement() {
  const { createLedgerSettlement } = await import('@/features/paws-market/ledger-settlement');
  return createLedgerSettlement(await ledgerWriter());
}

/** The PAWS market's settlement: one atomic approved transfer through the ledger writer, for one tiger or a checkout's batch. */
export const settlement: Settlement & BatchSettlement = {
  prepare: async (input) => (await ledgerSettlement()).prepare(input),
  prepareBatch: async (input) => (await ledgerSettlement()).prepareBatch(input),
};

/** The SentX adapter's module, its settings (base URL, affiliate account) and API key. */
async function sentx() {
  const adapter = await import('@/features/hbar-market/sentx-adapter');
  const apiKey = await secret('SENTX_API_KEY');
  if (!apiKey) log.warn('SENTX_API_KEY is not set: SentX buys will be refused and reads may be limited');
  const { apiBase, affiliateAccountId } = config().sentx;
  return { adapter, options: { baseUrl: apiBase, apiKey }, affiliateAccountId };
}

/** The SentX affiliate's key (SENTX_AFFILIATE_KEY, typed like OPERATOR_KEY), read on the first buy. */
const sentxAffiliateKey = /* @__PURE__ */ onceAsync(async () => {
  const { parsePrivateKey } = await import('@/features/ledger/private-key');
  return parsePrivateKey(await requiredSecret('SENTX_AFFILIATE_KEY'), 'SENTX_AFFILIATE_KEY');
});

/** The external HBAR market: SentX (on the sandbox network, its stand-in), signing in as the affiliate for buys. */
export const marketPort = /* @__PURE__ */ onceAsync(async (): Promise<MarketPort> => {
  const { adapter, options, affiliateAccountId: accountId } = await sentx();
  if (!accountId) {
    log.warn('SENTX_AFFILIATE_ACCOUNT_ID is not set: SentX buys are sent without a user-auth token');
    return adapter.createSentxAdapter(options);
  }
  const affiliate = { accountId, sign: async (message: Uint8Array) => (await sentxAffiliateKey()).sign(message) };
  const { createSentxUserAuth } = await import('@/features/hbar-market/sentx-user-auth');
  return adapter.createSentxAdapter({ ...options, userAuth: createSentxUserAuth({ ...options, affiliate }) });
});

/**
 * The external HBAR market for reads only (listings, sales): the same adapters without the
 * affiliate's key, so a group that never buys (collection) carries no signing code.
 */
export const marketReads = /* @__PURE__ */ onceAsync(async (): Promise<Pick<MarketPort, 'listings' | 'activity'>> => {
  const { adapter, options } = await sentx();
  return adapter.createSentxAdapter(options);
});

/** HBAR and PAWS prices: the public price APIs (on the sandbox network, their stand-ins). */
export const priceSource = /* @__PURE__ */ onceAsync(async (): Promise<PriceSource> => {
  const [{ createPublicPriceSource }, saucerSwapApiKey] = await Promise.all([import('@/features/prices/public-prices-adapter'), secret('SAUCERSWAP_API_KEY')]);
  const { pawsTokenId, priceApis } = config();
  return createPublicPriceSource({ pawsTokenId, bases: priceApis, ledger: ledgerReader(), ...(saucerSwapApiKey ? { saucerSwapApiKey } : {}) });
});

/**
 * The collection catalog: each serial's HIP-412 metadata from the ledger and the IPFS gateway chain,
 * and the published rarity dataset (on the sandbox network, its mirror, gateway and dataset).
 */
export const collectionCatalog = /* @__PURE__ */ once((): CollectionCatalog => {
  const settings = config();
  return createMetadataCatalog({
    ledger: ledgerReader(),
    nftTokenId: settings.nftTokenId,
    rarityUrl: settings.rarityUrl,
    gateways: settings.ipfsGateways,
    imageGateway: settings.imageGateway,
  });
});

/** A tiger's art as bytes, for the thumbnails: through the IPFS gateway chain. */
export const mediaSource = /* @__PURE__ */ once((): MediaSource => createGatewayMediaSource({ gateways: config().ipfsGateways }));

/** Sign-in challenges and sessions in the table. */
export const authRepo = /* @__PURE__ */ once(() => createAuthRepo(documentClient(), tableName()));

/** The key that signs session cookies. */
export const sessionSecret = () => requiredSecret('SESSION_SECRET');

/** Reads and ends the sessions of requests. */
export const sessions = /* @__PURE__ */ once(() => createSessions({ store: authRepo(), sessionSecret }));
