/** What the custom-fee assessors share (custom-fees.ts, fractional-fees.ts): a level's amounts and assessment, the node's int64 range, fixed charges and exemptions. */
import type { AssessedFee } from './effects';
import type { LedgerStatus } from './ledger-status';
import type { TokenState } from './state';

/** Account -> amount, in the order the node's LinkedHashMaps keep (what remainders and payer lists follow). */
export type Amounts = Map<string, bigint>;

/** A fixed fee as the assessors charge it (fixed fees, net-of-transfers fractional fees and fallback fees). */
export interface FixedCharge {
  amount: bigint;
  denominatingTokenId: string | null;
  collector: string;
  allCollectorsExempt: boolean;
}

/** The node's AssessmentResult of one level. */
export interface LevelAssessment {
  /** The level's transfers as submitted to it (never changed). */
  original: { hbar: Amounts; tokens: Map<string, Amounts> };
  /** The level's transfers as the fees change them in place. */
  current: { hbar: Amounts; tokens: Map<string, Amounts> };
  /** What the next level moves: fees in HBAR, and in other tokens. */
  nextHbar: Amounts;
  nextTokens: Map<string, Amounts>;
  /** (account, NFT token) pairs that paid (or were excused) a royalty or a fallback in this level. */
  royaltiesPaid: Set<string>;
  fees: AssessedFee[];
}

/** The largest int64: a fee's sum or product past it is out of the node's range. */
export const INT64_MAX = 2n ** 63n - 1n;

/** A status the assessment ends with (thrown inside, returned by assessCustomFees). */
export class FeeFailure extends Error {
  constructor(readonly status: LedgerStatus) {
    super(status);
  }
}

/** `AdjustmentUtils.safeFractionMultiply`: floor(n × a / d), a status when the result leaves int64. */
export function fractionOf(numerator: bigint, denominator: bigint, amount: bigint, overflow: LedgerStatus): bigint {
  const result = (numerator * amount) / denominator;
  if (result > INT64_MAX) throw new FeeFailure(overflow);
  return result;
}

/** Adds `delta` to `account` in `amounts` (a new account goes last). */
export function adjust(amounts: Amounts, account: string, delta: bigint): void {
  amounts.set(account, (amounts.get(account) ?? 0n) + delta);
}

/** The amounts of `tokenId` in `byToken`, made empty on first use. */
export function tokenAmounts(byToken: Map<string, Amounts>, tokenId: string): Amounts {
  let amounts = byToken.get(tokenId);
  if (!amounts) {
    amounts = new Map();
    byToken.set(tokenId, amounts);
  }
  return amounts;
}

/** `CustomFeeExemptions.isPayerExempt`: the token's treasury, the fee's own collector, and with the flag any collector of the token's fees. */
export function isPayerExempt(token: TokenState, fee: { collector: string; allCollectorsExempt: boolean }, payer: string): boolean {
  if (payer === token.treasury || payer === fee.collector) return true;
  return fee.allCollectorsExempt && token.customFees.some((other) => other.collector === payer);
}

/** `CustomFixedFeeAssessor.assessFixedFee`: HBAR and other tokens go to the next level, the token's own stays in this one. */
export function chargeFixed(token: TokenState, payer: string, fee: FixedCharge, level: LevelAssessment): void {
  if (isPayerExempt(token, fee, payer)) return;
  if (fee.denominatingTokenId === null) {
    adjust(level.nextHbar, payer, -fee.amount);
    adjust(level.nextHbar, fee.collector, fee.amount);
  } else {
    const amounts =
      fee.denominatingTokenId === token.id ? tokenAmounts(level.current.tokens, token.id) : tokenAmounts(level.nextTokens, fee.denominatingTokenId);
    adjust(amounts, payer, -fee.amount);
    adjust(amounts, fee.collector, fee.amount);
  }
  level.fees.push({ amount: fee.amount, tokenId: fee.denominatingTokenId, collector: fee.collector, payers: [payer] });
}
