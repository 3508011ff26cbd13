/**
 * Buying a listed tiger for HBAR, as a write of its own (spec 000 §4): POST /api/market/buy prepares
 * the sale (its verification code and the payment frozen for the wallet), the wallet pays (the
 * purchase is kept first, kept-signature.ts: a late answer, a closed dialog or a reload never
 * prepares a second one), and POST /api/market/buy/complete records the sale once the ledger shows
 * the payment, asked again while it settles. It runs to its end whether or not its dialog stays
 * open, shown in the tray; the dialog shows the write through purchase-machine.ts.
 */
import { ApiError, apiJson, errorCode } from '@/lib/api';
import { serverMessage } from '@/lib/api/error-text';
import { formatHbarPrice } from '@/lib/format';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { type PendingAction, clearPendingAction, pendingActions, savePendingAction } from '@/features/ledger/kept-transactions';
import { LedgerStillPending, waitForLedger } from '@/features/ledger/ledger-wait-client';
import { toast } from '@/features/toast/toast-store';
import { signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { type WriteWork, runWrite, runWritePart } from '@/features/writes/run-write';
import { isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { frozenTransactionId } from './frozen-transaction-id';
import { refreshMarket } from './market-client';
import type { CurrentListing } from './market-model';
import {
  PURCHASE_MESSAGES,
  type PurchaseFailure,
  PurchaseError,
  completeFailureText,
  hbarPurchaseWriteId,
  prepareFailureText,
  purchaseFailure,
} from './purchase-machine';

type HbarPurchase = Extract<PendingAction, { kind: 'hbar-purchase' }>;

export interface PurchaseTarget {
  serialId: number;
  /** The tiger's name, for what the page says about the purchase later. */
  name?: string;
  currentListing: CurrentListing | null;
}

/** The steps of the HBAR purchase dialog (spec 000 §4), as the tray and the dialog list them. */
export const HBAR_PURCHASE_STEPS = ['Prepare the purchase', 'Approve in your wallet', 'Confirm on the ledger'] as const;

/**
 * Prepared purchases are reused while the server would hand out the same sale anyway (60 s), so a
 * retry after a cancel signs the very same transaction: the ledger executes a transaction id once.
 */
export const PREPARED_REUSE_MS = 60_000;
/** After the wallet answered, the page waits this long for the ledger before it says so and offers to check again. */
export const LEDGER_WAIT_MS = 120_000;
/** Time between two completion attempts while the ledger settles the purchase (each one also waits server-side). */
export const SETTLE_RETRY_MS = 2_000;

interface PreparedSale {
  saleVerificationCode: string;
  transBytes: string;
  /** The id frozen into the bytes: the purchase is kept and followed by it. */
  transactionId: string;
  preparedAt: number;
  /** The server handed out this tiger's earlier purchase, which the ledger already settled: it is only completed. */
  paid: boolean;
}

interface BuyAnswer {
  success?: boolean;
  data?: { saleVerificationCode?: string; transBytes?: string; apimessage?: string; resumed?: 'paid' | 'pending' };
  error?: string;
}
interface CompleteAnswer {
  success?: boolean;
  /** `marketRecorded: false`: paid on the ledger (its receipt), the market records the sale once its mirror node shows it. */
  data?: { success?: boolean; apimessage?: string; marketRecorded?: boolean };
  error?: string;
}

const prepared = new Map<string, PreparedSale>();
/** What the dialog says of each failed purchase (the write keeps the text only). */
const failures = new Map<string, PurchaseFailure>();
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** How purchase `id` failed, in the spec's words, while its write shows the failure. */
export const purchaseFailureOf = (id: string): PurchaseFailure | undefined => failures.get(id);

/** Test seam: forgets prepared purchases and failures. */
export function forgetPreparedPurchases(): void {
  prepared.clear();
  failures.clear();
}

const keptPurchase = (accountId: string, serial: number) => pendingActions('hbar-purchase', accountId).find((kept) => kept.serialNumber === serial);

async function prepare(accountId: string, serial: number, listing: CurrentListing): Promise<PreparedSale> {
  const key = `${accountId}|${serial}|${listing.marketplaceListingId}|${listing.price}`;
  const known = prepared.get(key);
  if (known && Date.now() - known.preparedAt < PREPARED_REUSE_MS) return known;
  let answer: BuyAnswer;
  try {
    answer = await apiJson<BuyAnswer>('/api/market/buy', {
      method: 'POST',
      body: { token_address: PUBLIC_CONFIG.nftTokenId, serial_number: serial, user_address: accountId, price: String(listing.price) },
    });
  } catch (error) {
    throw new PurchaseError('prepare', prepareFailureText(error), error);
  }
  const code = answer.data?.saleVerificationCode;
  const bytes = answer.data?.transBytes;
  // Without the id frozen into it, a payment could not be followed on the ledger: it is never signed.
  const transactionId = bytes ? frozenTransactionId(bytes) : undefined;
  if (!answer.success || !code || !bytes || !transactionId) throw new PurchaseError('prepare', serverMessage(answer) ?? PURCHASE_MESSAGES.prepareFailed);
  const sale = { saleVerificationCode: code, transBytes: bytes, transactionId, preparedAt: Date.now(), paid: answer.data?.resumed === 'paid' };
  prepared.set(key, sale);
  return sale;
}

/** Answers after which there is nothing left to complete: the ledger refused it, it never executed, or it is not this buyer's. */
const NEVER_HAPPENED = new Set<string>(['TRANSACTION_FAILED', 'PURCHASE_EXPIRED', 'SALE_NOT_FOUND', 'NOT_YOUR_ACCOUNT']);

/** Answers that mean "not settled yet, ask again": the ledger is settling it, or the API or the mirror was briefly unavailable. */
function isStillSettling(error: unknown): boolean {
  if (errorCode(error) === 'LEDGER_PENDING') return true;
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  return !(error instanceof PurchaseError);
}

/** Completes a purchase once; true when the market recorded the sale too (false: paid, recorded later). */
async function completeOnce(saleVerificationCode: string): Promise<boolean> {
  const answer = await apiJson<CompleteAnswer>('/api/market/buy/complete', { method: 'POST', body: { saleVerificationCode } });
  if (!answer.success || !answer.data?.success) throw new PurchaseError('complete', completeFailureText(answer.data?.apimessage ?? answer.error));
  return answer.data.marketRecorded !== false;
}

/**
 * A purchase paid on the ledger that the market has not recorded yet (it sees the ledger through
 * its mirror node): completed again once the mirror node shows the payment, and the market's lists
 * reloaded. A page closed before that leaves it to the server's reconciler.
 */
function recordWhenShown(purchase: HbarPurchase): void {
  void waitForLedger(purchase.transactionId, undefined, { mirror: true })
    .then(() => completeOnce(purchase.saleVerificationCode))
    .catch(() => false)
    .then(() => refreshMarket());
}

/**
 * Records the sale, asking again while the ledger settles it (never a failure meanwhile), until
 * `untilMs` (then LedgerStillPending). A purchase the ledger says never happened is forgotten; one
 * the market did not confirm is kept, to complete later (here or by the server's reconciler).
 */
async function completeWhenSettled(purchase: HbarPurchase, untilMs: number): Promise<boolean> {
  for (;;) {
    try {
      return await completeOnce(purchase.saleVerificationCode);
    } catch (error) {
      if (!isStillSettling(error)) {
        if (NEVER_HAPPENED.has(errorCode(error) ?? '')) clearPendingAction(purchase.transactionId);
        throw error instanceof PurchaseError ? error : new PurchaseError('complete', completeFailureText(error), error);
      }
      if (Date.now() >= untilMs) throw new LedgerStillPending();
      await sleep(SETTLE_RETRY_MS);
    }
  }
}

/** The purchase once the wallet was asked: completed when the ledger shows it, stalled with 'Check again' when that runs long. */
async function complete(id: string, purchase: HbarPurchase, untilMs = Date.now() + LEDGER_WAIT_MS, note: string | null = null): Promise<void> {
  updateWrite(id, 'ledger', { note });
  const recorded = await completeWhenSettled(purchase, untilMs);
  clearPendingAction(purchase.transactionId);
  refreshMarket(purchase.serialNumber);
  if (!recorded) recordWhenShown(purchase);
  toast({ title: 'Purchase Successful!', description: `${purchase.name} is now in your wallet.` });
  updateWrite(id, 'done', { transactionId: purchase.transactionId });
}

/** The purchase from its start, or from its payment when one is `kept` for the ledger (never a second payment). */
async function purchase(id: string, accountId: string, target: PurchaseTarget, name: string, kept: HbarPurchase | undefined): Promise<void> {
  if (kept) return followPayment(id, kept);
  const listing = target.currentListing;
  if (!listing) throw new PurchaseError('prepare', PURCHASE_MESSAGES.notReady);
  const sale = await prepare(accountId, target.serialId, listing);
  const paid: HbarPurchase = {
    kind: 'hbar-purchase',
    accountId,
    serialNumber: target.serialId,
    saleVerificationCode: sale.saleVerificationCode,
    transactionId: sale.transactionId,
    name,
    priceHbar: listing.price,
  };
  if (sale.paid) {
    savePendingAction(paid);
    return followPayment(id, paid);
  }
  updateWrite(id, 'wallet');
  const signed = await signKept(paid, sale.transBytes, 'transaction', {
    what: 'Purchase',
    goesOn: 'the purchase completes',
    // The wallet executed it after its time-out: the purchase is now the ledger's to settle.
    onLateAnswer: () => updateWrite(id, 'ledger', { note: null }),
  }).catch((error: unknown) => {
    throw new PurchaseError('sign', error instanceof Error ? error.message : String(error), error);
  });
  await followPayment(id, paid, signed.late?.untilMs, signed.late?.note);
}

/** Purchase `id`'s work `run` (and `again` on 'Check again'), its failures in spec 000 §8's words (in a toast too), Try Again unless the wallet must reconnect first. */
function purchaseWork(id: string, run: () => Promise<void>, again?: () => Promise<void>): WriteWork {
  return {
    run,
    again,
    fallback: PURCHASE_MESSAGES.completeFailed,
    stalled: () => toast({ title: PURCHASE_MESSAGES.stalledTitle, description: PURCHASE_MESSAGES.stalledText }),
    failure(error) {
      const failure = purchaseFailure(error);
      failures.set(id, failure);
      toast({ title: failure.title, description: failure.description, variant: 'destructive' });
      return { error: failure.description, retryable: !failure.reconnect };
    },
  };
}

/** Follows the payment the wallet was asked for until the ledger shows it ('Check again' follows this payment: never a second one). */
const followPayment = (id: string, paid: HbarPurchase, untilMs?: number, note: string | null = null) =>
  runWritePart(
    id,
    purchaseWork(
      id,
      () => complete(id, paid, untilMs, note),
      () => complete(id, paid),
    ),
  );

/** Buys `target` for `accountId`; a purchase of that tiger already under way is left to go on (one kept for the ledger is followed). */
export async function startHbarPurchase(accountId: string, target: PurchaseTarget): Promise<void> {
  const id = hbarPurchaseWriteId(accountId, target.serialId);
  if (isUnderWay($writes.get()[id])) return;
  const kept = keptPurchase(accountId, target.serialId);
  const name = kept?.name ?? target.name ?? `Wild Tiger #${target.serialId}`;
  const price = kept?.priceHbar ?? target.currentListing?.price;
  failures.delete(id);
  await runWrite(
    {
      id,
      accountId,
      title: `Buying ${name}${price === undefined ? '' : ` for ${formatHbarPrice(price)} HBAR`}`,
      serial: target.serialId,
      steps: HBAR_PURCHASE_STEPS,
    },
    purchaseWork(id, () => purchase(id, accountId, target, name, kept)),
  );
}

/** Follows every HBAR purchase of `accountId` kept for the ledger (a reload, another page): each completes here, shown in the tray. */
export function resumeHbarPurchases(accountId: string): void {
  for (const kept of pendingActions('hbar-purchase', accountId)) {
    void startHbarPurchase(accountId, { serialId: kept.serialNumber, name: kept.name, currentListing: null });
  }
}
