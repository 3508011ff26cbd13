import { DomainError } from '@/lib/domain-error';
import { countMetric } from '@/platform/metrics';
import { remainingBudgetMs } from '@/platform/request-budget';
import { LedgerUnavailableError } from '@/features/ledger/errors';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { isPastValidity } from '@/features/ledger/transaction-visibility';
import { DEFAULT_SETTLEMENT_TIMEOUT_MS, type PawsMarketSettings, WRITE_RESERVE_MS } from './trade-checks';

/**
 * The settlement port of the PAWS marketplace: one atomic transfer signed by the marketplace
 * account, moving the NFT seller -> buyer and the PAWS buyer -> seller, both as approved transfers.
 */
export interface SettlementInput {
  nftTokenId: string;
  serial: number;
  sellerId: string;
  buyerId: string;
  pawsTokenId: string;
  /** PAWS in the smallest unit. */
  amount: bigint;
}

export interface PreparedSettlement {
  /** Known before anything is submitted, so a claim can record it first. */
  transactionId: string;
  /** Signs as the marketplace, submits and waits for the receipt; a ledger rejection is a returned status. */
  execute(): Promise<{ status: string }>;
}

export interface Settlement {
  prepare(input: SettlementInput): Promise<PreparedSettlement>;
}

/** Several tigers bought at once in one atomic transfer: each tiger seller -> buyer, the buyer's PAWS in one approved debit, each seller credited their tigers' prices. */
export interface BatchSettlementInput {
  buyerId: string;
  pawsTokenId: string;
  sales: { nftTokenId: string; serial: number; sellerId: string; amount: bigint }[];
}

/** The settlement port of a checkout (the cart): one atomic transfer per batch, signed by the marketplace account. */
export interface BatchSettlement {
  prepareBatch(input: BatchSettlementInput): Promise<PreparedSettlement>;
}

/** A claim on something the market sells, recorded with a conditional write before its settlement is submitted. */
export interface SettlementClaim {
  claimId: string;
  /** The settlement's transaction id, known before it is submitted. */
  transactionId: string;
  claimedAt: string;
}

/** How one thing the market sells (a listing, a unit of an offer) is claimed, released and recorded as sold. */
export interface ClaimLifecycle<C extends SettlementClaim> {
  /** Records the claim with a conditional write; false when the thing is no longer available (another claim won). */
  take(claim: C): Promise<boolean>;
  /** Puts the thing back after a failed settlement, only if `claim` still holds it. */
  release(claim: C): Promise<void>;
  /** Records the sale after a SUCCESS, only if `claim` still holds it (a second call changes nothing). */
  finish(claim: C): Promise<void>;
}

export interface SettleOptions<C extends SettlementClaim> {
  /** The claim to record for the settlement's transaction id. */
  claim: (transactionId: string) => C;
  /** The answer when the claim could not be taken (another won, or the same request is under way). */
  lost: () => DomainError | Promise<DomainError>;
  /** What a settlement (submission and receipt) may take (settlementTimeoutOf). */
  settlementTimeoutMs: number;
  /** The trade as messages name it: 'purchase', 'sale'. */
  noun: string;
}

/** What a settlement (submission and receipt) may take: the market's setting, else the SDK writer's 10 s and a margin. */
export const settlementTimeoutOf = (settings: Pick<PawsMarketSettings, 'settlementTimeoutMs'>): number =>
  settings.settlementTimeoutMs ?? DEFAULT_SETTLEMENT_TIMEOUT_MS;

/**
 * The one settlement-time guard: a settlement (single or batch) starts only with the time it needs
 * left of the request's budget, and the writes after it (WRITE_RESERVE_MS); else LEDGER_TIMEOUT,
 * before anything is claimed or submitted.
 */
export function requireSettlementTime(settlementTimeoutMs: number, noun: string): void {
  const left = remainingBudgetMs();
  if (left !== undefined && left < settlementTimeoutMs + WRITE_RESERVE_MS) {
    throw new DomainError('LEDGER_TIMEOUT', `The ledger was slow to answer; nothing was charged. Try the ${noun} again.`);
  }
}

/**
 * Settles one trade as every PAWS trade is settled: only with the time a settlement needs left,
 * claimed with a conditional write before anything is submitted (so two cannot both pay), then
 * submitted as a batch of one (submitClaimed). A ledger refusal (SETTLEMENT_REFUSED) or a failure
 * before submission releases the claim; a time-out keeps it (SETTLEMENT_UNCONFIRMED) for
 * `reconcileClaim`, as does a SUCCESS whose record failed (the reconciler records it).
 */
export async function settleClaimed<C extends SettlementClaim>(
  settlement: Settlement,
  input: SettlementInput,
  lifecycle: ClaimLifecycle<C>,
  options: SettleOptions<C>,
): Promise<C> {
  requireSettlementTime(options.settlementTimeoutMs, options.noun);
  const prepared = await settlement.prepare(input);
  const claim = options.claim(prepared.transactionId);
  if (!(await lifecycle.take(claim))) throw await options.lost();
  const outcome = await submitClaimed(prepared, claim, [lifecycle]);
  if (outcome.kind === 'refused') {
    throw new DomainError('SETTLEMENT_REFUSED', `The ledger refused the settlement (${outcome.status}); nothing was transferred`, { status: outcome.status });
  }
  if (outcome.kind === 'unconfirmed' || !outcome.recorded[0]) {
    throw new DomainError('SETTLEMENT_UNCONFIRMED', `The ledger did not confirm the ${options.noun} yet; check again in a moment`, {
      transactionId: claim.transactionId,
    });
  }
  return claim;
}

/**
 * Settles a claim whose outcome was never recorded (a time-out, a crash) from what the ledger says
 * of its transaction: finished on SUCCESS, released on a failure or once the transaction can no
 * longer reach consensus; kept while the mirror node cannot be read or may still show it.
 * True when the claim was finished or released.
 */
export async function reconcileClaim<C extends SettlementClaim>(
  ledger: Pick<LedgerReader, 'getTransaction'>,
  claim: C,
  lifecycle: Pick<ClaimLifecycle<C>, 'release' | 'finish'>,
  nowMs: number,
): Promise<boolean> {
  const settled = await ledger.getTransaction(claim.transactionId).catch(() => undefined);
  if (settled === undefined) return false;
  if (settled?.result === 'SUCCESS') await lifecycle.finish(claim);
  else if (settled || isPastValidity(claim.transactionId, nowMs)) await lifecycle.release(claim);
  else return false;
  return true;
}

/** How a batch's transfer ended: not known yet (its claims kept for the reconciler), refused by the ledger (its claims released), or settled (each thing recorded or left to the reconciler). */
export type BatchOutcome = { kind: 'unconfirmed' } | { kind: 'refused'; status: string } | { kind: 'settled'; recorded: boolean[] };

/**
 * The one settle of claimed trades (one, or a batch): submits a prepared transfer whose things are all claimed under `claim`: a ledger that does
 * not answer keeps the claims (SettlementUnconfirmed, for `reconcileClaim`), a refusal releases
 * them (SettlementFailed), a SUCCESS finishes each (SettlementSucceeded; one whose record fails stays
 * claimed for the reconciler, `recorded` false). An error before submission releases them and is thrown.
 */
export async function submitClaimed<C extends SettlementClaim>(
  prepared: PreparedSettlement,
  claim: C,
  lifecycles: readonly ClaimLifecycle<C>[],
): Promise<BatchOutcome> {
  const releaseAll = () => Promise.allSettled(lifecycles.map((lifecycle) => lifecycle.release(claim)));
  let status: string;
  try {
    ({ status } = await prepared.execute());
  } catch (error) {
    if (!(error instanceof LedgerUnavailableError)) {
      // Refused before it reached the network (the writer reports a submission it cannot rule out as unavailable).
      await releaseAll();
      throw error;
    }
    countMetric('SettlementUnconfirmed');
    return { kind: 'unconfirmed' };
  }
  if (status !== 'SUCCESS') {
    countMetric('SettlementFailed');
    await releaseAll();
    return { kind: 'refused', status };
  }
  countMetric('SettlementSucceeded');
  // Recorded one after another: a run cut short leaves the rest claimed for the reconciler.
  const recorded: boolean[] = [];
  for (const lifecycle of lifecycles) {
    recorded.push(
      await lifecycle.finish(claim).then(
        () => true,
        () => false,
      ),
    );
  }
  return { kind: 'settled', recorded };
}
