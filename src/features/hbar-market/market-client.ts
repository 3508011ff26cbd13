/**
 * The HBAR marketplace's data and its buy flow in the browser: recent sales, current listings and
 * rarity (spec 000 §7, §9), the cache refresh after a purchase, and the purchase itself:
 * POST /api/market/buy -> the wallet signs and executes the bytes -> POST /api/market/buy/complete
 * (asked again while the ledger settles the transaction), followed to its end even when the wallet
 * answers late or the page reloads (purchase-store.ts).
 */
import { atom, computed } from 'nanostores';
import { ApiError, apiJson, createFetcherStore, errorCode, errorText, invalidateKeys } from '@/lib/api';
import { refreshBalances } from '../balances/balance-store';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import { toast } from '../toast/toast-store';
import { WalletError, mayStillExecute } from '../wallet/wallet-errors';
import { signAndExecute } from '../wallet/wallet-store';
import { frozenTransactionId } from './frozen-transaction-id';
import { type CurrentListing, LISTINGS_FETCH_LIMIT, type ListingRecord, type RarityMap, SALES_FETCH_LIMIT, type SaleRecord } from './market-model';
import { serverMessage } from '@/lib/api/error-text';
import { PURCHASE_MESSAGES, PurchaseError, completeFailureText, prepareFailureText } from './purchase-machine';
import { $purchasesInProgress, forgetPurchase, purchasesOf, rememberPurchase, setPurchasePhase } from './purchase-store';

const TOKEN = PUBLIC_CONFIG.nftTokenId;
export const SALES_PATH = `/api/market/activity?token=${TOKEN}&activityFilter=Sales&amount=${SALES_FETCH_LIMIT}`;
export const LISTINGS_PATH = `/api/market/listings?token=${TOKEN}&sortBy=listingDate&sortDirection=DESC&fetchAll=true&limit=${LISTINGS_FETCH_LIMIT}`;
/** The cards need each serial's rank and percentile only: an eighth of the whole dataset's bytes. */
export const RARITY_PATH = `/api/collection/hedera-rarity/${TOKEN}?fields=rank`;
/** Spec 000 §9: rarity is refetched and goes stale after 5 minutes. */
export const RARITY_FRESH_MS = 5 * 60_000;

export interface SalesAnswer {
  success: boolean;
  marketActivity: SaleRecord[];
}
export interface ListingsAnswer {
  success: boolean;
  marketListings: ListingRecord[];
}
export interface RarityAnswer {
  rarityData: RarityMap;
}

/** Keys are null while rendering on the server: the island fetches in the browser only. */
const $inBrowser = atom<string | null>(typeof window === 'undefined' ? null : '');

/** Paths the next fetch must load past any CDN copy (after a purchase). */
const bustNext = new Set<string>();

/**
 * The API lets CDNs and browsers keep these answers a while (s-maxage 15 s, stale-while-revalidate
 * 45 s). After a purchase the browser remembers the time, so a reload (or another tab) within that
 * minute still reads past the cached copies instead of showing the bought tiger as listed. It is
 * kept in localStorage, which the wallet's flags have opened already: a first sessionStorage read
 * cost 2-10 ms inside the page's hydration.
 */
const CHANGED_AT_KEY = 'wildTigers.market.changedAt';
export const CACHED_COPY_MS = 60_000;

function recentlyChanged(): boolean {
  try {
    const at = Number(localStorage.getItem(CHANGED_AT_KEY));
    return at > 0 && Date.now() - at < CACHED_COPY_MS;
  } catch {
    return false;
  }
}

function markChanged(): void {
  try {
    localStorage.setItem(CHANGED_AT_KEY, String(Date.now()));
  } catch {
    // No storage (private mode, server): the in-page refresh still busts the cache.
  }
}

/**
 * A fetcher that never fails (spec 000 §7: failed activity and listing fetches yield empty data
 * with a console warning, nothing the user sees); adds a cache-buster when a refresh asked for one.
 */
function fetchOrEmpty<T>(what: string, empty: () => T) {
  return async (...parts: (string | number | true)[]): Promise<T> => {
    const path = parts.join('');
    const bust = bustNext.delete(path) || recentlyChanged();
    try {
      return await apiJson<T>(bust ? `${path}${path.includes('?') ? '&' : '?'}_=${Date.now()}` : path);
    } catch (error) {
      console.warn(`Failed to fetch ${what}`, error);
      return empty();
    }
  };
}

/** Recent sales (up to 100), with the spec's defaults: fetched once, never stale, no retries. */
export const $sales = createFetcherStore<SalesAnswer>([SALES_PATH, $inBrowser], {
  fetcher: fetchOrEmpty('market activity', () => ({ success: false, marketActivity: [] })),
});

/** Current listings (up to 1000), same defaults. */
export const $listings = createFetcherStore<ListingsAnswer>([LISTINGS_PATH, $inBrowser], {
  fetcher: fetchOrEmpty('market listings', () => ({ success: false, marketListings: [] })),
});

/** Rarity is loaded once sales exist. */
const $rarityEnabled = computed($sales, (sales) => (sales.data?.marketActivity.length ? '' : null));

/** Rarity by serial: refetched and stale after 5 minutes; a failure leaves the tiers Unknown. */
export const $rarity = createFetcherStore<RarityAnswer>([RARITY_PATH, $rarityEnabled], {
  dedupeTime: RARITY_FRESH_MS,
  revalidateInterval: RARITY_FRESH_MS,
  fetcher: fetchOrEmpty('rarity data', () => ({ rarityData: {} })),
});

/** What the market's cards are built from. */
export interface MarketData {
  sales: SalesAnswer;
  listings: ListingsAnswer;
  /** Undefined when there are no sales: rarity is not loaded then. */
  rarity: RarityMap | undefined;
}

/** The market $market last held: a value with the same answers is this one again. */
let lastMarket: MarketData | undefined;

/**
 * Sales, listings and rarity once all three have come (rarity only when there are sales, spec 000
 * §9), else undefined. It changes only when one of the answers does, not on the stores' loading
 * flags: the marketplace renders once when the market is known instead of once per flag and answer.
 */
export const $market = computed([$sales, $listings, $rarity], ({ data: sales }, { data: listings }, { data: rarity }) => {
  if (!sales || !listings || (!rarity && sales.marketActivity.length > 0)) return undefined;
  const same = lastMarket?.sales === sales && lastMarket.listings === listings && lastMarket.rarity === rarity?.rarityData;
  if (!same) lastMarket = { sales, listings, rarity: rarity?.rarityData };
  return lastMarket;
});

/** After a purchase: refetch listings and activity past any CDN copy, and the buyer's balances. */
export function refreshMarket(): void {
  const keys = [SALES_PATH, LISTINGS_PATH];
  markChanged();
  for (const key of keys) bustNext.add(key);
  invalidateKeys(keys);
  void refreshBalances();
}

// ---------------------------------------------------------------------------------------------
// Buying

export interface PurchaseTarget {
  serialId: number;
  /** The tiger's name, for what the page says about the purchase later. */
  name?: string;
  currentListing: CurrentListing | null;
}

export interface PurchaseProgress {
  onPrepared?: (saleVerificationCode: string) => void;
  onSigned?: (transactionId: string) => void;
  /** The wallet did not answer within 45 s; its prompt may still be open, so the purchase goes on waiting for it or the ledger. */
  onWalletTimeout?: () => void;
}

export interface PurchaseResult {
  saleVerificationCode: string;
  transactionId: string;
  apimessage: string;
}

interface Prepared {
  saleVerificationCode: string;
  transBytes: string;
  /** The id frozen into the bytes (for the wallet's inconclusive-rejection fallback). */
  frozenId: string | undefined;
  preparedAt: number;
  /** Set once the wallet executed the bytes (or the ledger shows them paid): a retry then only completes, it never signs again. */
  executedTransactionId?: string;
}

/**
 * Prepared purchases are reused while the server would hand out the same sale anyway (60 s), so a
 * retry (after a cancel or a wallet time-out) signs the very same transaction: the ledger executes
 * a transaction id once, so it can never pay twice.
 */
export const PREPARED_REUSE_MS = 60_000;
/** After the wallet answered, the page waits this long for the ledger before it says so and offers to check again. */
export const LEDGER_WAIT_MS = 120_000;
/** Time between two completion attempts while the ledger settles the purchase (each one also waits server-side). */
export const SETTLE_RETRY_MS = 2_000;
const prepared = new Map<string, Prepared>();
const inFlight = new Map<string, Promise<PurchaseResult>>();
const settling = new Map<string, Promise<string>>();
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

interface BuyAnswer {
  success?: boolean;
  data?: { saleVerificationCode?: string; transBytes?: string; apimessage?: string; resumed?: 'paid' | 'pending' };
  error?: string;
}
interface CompleteAnswer {
  success?: boolean;
  data?: { success?: boolean; apimessage?: string };
  error?: string;
}

function purchaseKey(accountId: string, serialId: number, listing: CurrentListing): string {
  return `${accountId}|${serialId}|${listing.marketplaceListingId}|${listing.price}`;
}

/** Test seam: forgets prepared purchases and the completions in progress. */
export function forgetPreparedPurchases(): void {
  prepared.clear();
  inFlight.clear();
  settling.clear();
}

async function prepare(key: string, accountId: string, target: PurchaseTarget, listing: CurrentListing, now: number): Promise<Prepared> {
  const known = prepared.get(key);
  if (known && (known.executedTransactionId !== undefined || now - known.preparedAt < PREPARED_REUSE_MS)) return known;
  let answer: BuyAnswer;
  try {
    answer = await apiJson<BuyAnswer>('/api/market/buy', {
      method: 'POST',
      body: { token_address: TOKEN, serial_number: target.serialId, user_address: accountId, price: String(listing.price) },
    });
  } catch (error) {
    throw new PurchaseError('prepare', prepareFailureText(error), error);
  }
  const code = answer.data?.saleVerificationCode;
  const bytes = answer.data?.transBytes;
  if (!answer.success || !code || !bytes) throw new PurchaseError('prepare', serverMessage(answer) ?? PURCHASE_MESSAGES.prepareFailed);
  const frozenId = frozenTransactionId(bytes);
  const entry: Prepared = { saleVerificationCode: code, transBytes: bytes, frozenId, preparedAt: now };
  // The server handed out this tiger's earlier purchase, which the ledger already settled: only complete it.
  if (answer.data?.resumed === 'paid') entry.executedTransactionId = frozenId ?? '';
  prepared.set(key, entry);
  return entry;
}

async function execute(entry: Prepared, onLateAnswer: (transactionId: string) => void): Promise<string> {
  if (entry.executedTransactionId !== undefined) return entry.executedTransactionId;
  try {
    entry.executedTransactionId = await signAndExecute(entry.transBytes, 'transaction', entry.frozenId, onLateAnswer);
  } catch (error) {
    // The same bytes already ran (a retry after a time-out that went through): only complete.
    if (entry.frozenId && error instanceof WalletError && error.kind === 'duplicate') entry.executedTransactionId = entry.frozenId;
    else throw new PurchaseError('sign', error instanceof Error ? error.message : String(error), error);
  }
  return entry.executedTransactionId;
}

/** Answers after which there is nothing left to complete: the ledger refused it, it never executed, or it is not this buyer's. */
const NEVER_HAPPENED = new Set<string>(['TRANSACTION_FAILED', 'PURCHASE_EXPIRED', 'SALE_NOT_FOUND', 'NOT_YOUR_ACCOUNT']);

/** Answers that mean "not settled yet, ask again": the ledger is settling it, or the API or the mirror was briefly unavailable. */
function isStillSettling(error: unknown): boolean {
  if (errorCode(error) === 'LEDGER_PENDING') return true;
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  return !(error instanceof PurchaseError);
}

/** One completion attempt: the market's message once the sale is recorded; throws otherwise. */
async function completeOnce(saleVerificationCode: string): Promise<string> {
  const answer = await apiJson<CompleteAnswer>('/api/market/buy/complete', { method: 'POST', body: { saleVerificationCode } });
  if (!answer.success || !answer.data?.success) throw new PurchaseError('complete', completeFailureText(answer.data?.apimessage ?? answer.error));
  return answer.data.apimessage ?? '';
}

/**
 * Completes a purchase the wallet was asked to pay: asks the server again while the ledger is still
 * settling it (never reporting failure meanwhile). Ends with the sale recorded; with the ledger's
 * word that it failed or never executed (nothing was charged: the purchase is forgotten); or, when
 * the ledger takes longer than LEDGER_WAIT_MS after the wallet answered, with a failure that asks
 * the user to check again (the purchase is kept). One completion per purchase runs at a time.
 */
async function settle(saleVerificationCode: string): Promise<string> {
  for (;;) {
    try {
      const apimessage = await completeOnce(saleVerificationCode);
      forgetPurchase(saleVerificationCode);
      return apimessage;
    } catch (error) {
      if (!isStillSettling(error)) {
        if (NEVER_HAPPENED.has(errorCode(error) ?? '')) forgetPurchase(saleVerificationCode);
        throw error instanceof PurchaseError ? error : new PurchaseError('complete', completeFailureText(error), error);
      }
      const followed = $purchasesInProgress.get()[saleVerificationCode];
      if (followed?.phase === 'ledger' && Date.now() - followed.since >= LEDGER_WAIT_MS) {
        setPurchasePhase(saleVerificationCode, 'stalled');
        throw new PurchaseError('complete', PURCHASE_MESSAGES.stalledText, error, true);
      }
      await sleep(SETTLE_RETRY_MS);
    }
  }
}

/**
 * Follows a purchase in progress to its end (joins the completion already running for it): toasts
 * and refreshes the market once, whoever asked. Resolves to the market's message.
 */
export function completePurchase(saleVerificationCode: string, name: string): Promise<string> {
  const running = settling.get(saleVerificationCode);
  if (running) return running;
  const followed = $purchasesInProgress.get()[saleVerificationCode];
  if (followed?.phase === 'stalled') setPurchasePhase(saleVerificationCode, 'ledger');
  const run = settle(saleVerificationCode)
    .then(
      (apimessage) => {
        refreshMarket();
        toast({ title: 'Purchase Successful!', description: `${name} is now in your wallet.` });
        return apimessage;
      },
      (error: unknown) => {
        const stalled = error instanceof PurchaseError && error.checkAgain;
        // Not settled, and not known never to have happened: kept, with Check again (a purchase it forgot has no phase).
        setPurchasePhase(saleVerificationCode, 'stalled');
        toast({
          title: stalled ? PURCHASE_MESSAGES.stalledTitle : PURCHASE_MESSAGES.failedTitle,
          description: errorText(error, PURCHASE_MESSAGES.completeFailed),
          variant: stalled ? 'default' : 'destructive',
        });
        throw error;
      },
    )
    .finally(() => settling.delete(saleVerificationCode));
  settling.set(saleVerificationCode, run);
  return run;
}

/** Picks up the account's purchases left in progress (a reload, a closed dialog) and completes them in the background. */
export function resumePurchases(accountId: string | null | undefined): void {
  for (const purchase of purchasesOf(accountId)) {
    if (purchase.phase === 'stalled' || settling.has(purchase.saleVerificationCode)) continue;
    completePurchase(purchase.saleVerificationCode, purchase.name).catch(() => undefined);
  }
}

/**
 * Buys a listed tiger for `accountId`. Throws 'Wallet not connected or NFT not listed' without an
 * account or a listing, and a PurchaseError (stage prepare, sign or complete) on any failure. From
 * the wallet's request on, the purchase is followed in purchase-store.ts until it completes or the
 * ledger says it never happened: a wallet that answers after the 45 s time-out still completes it.
 * A second call for the same listing while one runs joins it instead of starting another.
 */
export function buyListing(target: PurchaseTarget, accountId: string | null | undefined, progress: PurchaseProgress = {}): Promise<PurchaseResult> {
  const listing = target.currentListing;
  if (!accountId || !listing) return Promise.reject(new PurchaseError('prepare', PURCHASE_MESSAGES.notReady));
  const key = purchaseKey(accountId, target.serialId, listing);
  const running = inFlight.get(key);
  if (running) return running;
  const name = target.name ?? `Wild Tiger #${target.serialId}`;
  const run = (async () => {
    const entry = await prepare(key, accountId, target, listing, Date.now());
    const code = entry.saleVerificationCode;
    progress.onPrepared?.(code);
    const known = $purchasesInProgress.get()[code];
    const phase = entry.executedTransactionId !== undefined ? 'ledger' : 'wallet';
    rememberPurchase({
      accountId,
      serialId: target.serialId,
      name,
      saleVerificationCode: code,
      priceHbar: listing.price,
      transactionId: entry.frozenId ?? null,
      phase,
      since: known?.since ?? Date.now(),
    });
    let transactionId = entry.executedTransactionId;
    try {
      transactionId = await execute(entry, (late) => {
        entry.executedTransactionId = late;
        setPurchasePhase(code, 'ledger');
        progress.onSigned?.(late);
      });
      setPurchasePhase(code, 'ledger');
      progress.onSigned?.(transactionId);
    } catch (error) {
      const timedOut = error instanceof PurchaseError && mayStillExecute(error.cause);
      if (!timedOut) {
        // The wallet refused or failed: nothing executed (a retry signs the same transaction).
        forgetPurchase(code);
        throw error;
      }
      progress.onWalletTimeout?.();
    }
    const apimessage = await completePurchase(code, name);
    prepared.delete(key);
    return { saleVerificationCode: code, transactionId: entry.executedTransactionId ?? transactionId ?? entry.frozenId ?? '', apimessage };
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}
