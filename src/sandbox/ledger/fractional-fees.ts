/**
 * Fractional fees as a consensus node assesses them (hiero-consensus-node
 * `customfees/CustomFractionalFeeAssessor.assessFractionalFees` and `AdjustmentUtils.reclaim`, the
 * algorithm of PR #19877, June 2025): a fee not net of transfers is computed on every non-exempt
 * credit, bounded by its minimum and maximum, then shared among the senders by their part of the
 * non-exempt debits, and taken from the receivers' credits in proportion (the remainder in list
 * order); a fee net of transfers is charged to the sender on top, as a fixed fee in the token
 * itself. A transfer whose credits all go to exempt accounts (the treasury, the collector) pays none.
 */
import { type Amounts, FeeFailure, INT64_MAX, adjust, chargeFixed, fractionOf, isPayerExempt, type LevelAssessment } from './fee-charges';
import type { TokenState } from './state';

const OUT_OF_RANGE = 'CUSTOM_FEE_OUTSIDE_NUMERIC_RANGE';

/** Σ amounts, as `Math.addExact` refuses past int64. */
function sum(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const amount of amounts) {
    total += amount;
    if (total > INT64_MAX) throw new FeeFailure(OUT_OF_RANGE);
  }
  return total;
}

/** Takes `amount` from `credits` in proportion (floor), the remainder from the first ones; what could not be taken. */
function reclaim(amount: bigint, credits: Amounts): bigint {
  const available = sum(credits.values());
  const toReclaim = amount < available ? amount : available;
  if (toReclaim === 0n) return amount;
  let reclaimed = 0n;
  for (const [account, credit] of credits) {
    const share = (credit * toReclaim) / available;
    credits.set(account, credit - share);
    reclaimed += share;
  }
  let leftover = toReclaim - reclaimed;
  for (const [account, credit] of credits) {
    if (leftover === 0n) break;
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
    const share = credit < leftover ? credit : leftover;
    credits.set(account, credit - share);
    leftover -= share;
  }
  return amount - toReclaim;
}

/** Every fractional fee of `token` that a debit of `sender` triggers in `level`. */
export function fractionalFees(token: TokenState, sender: string, level: LevelAssessment): void {
  const original = level.original.tokens.get(token.id) ?? new Map<string, bigint>();
  const debit = -(original.get(sender) ?? 0n);
  if (debit <= 0n) throw new FeeFailure('CUSTOM_FEE_MUST_BE_POSITIVE');
  let unitsLeft = debit;
  for (const fee of token.customFees) {
    if (fee.kind !== 'fractional' || sender === fee.collector) continue;
    const credits = [...original].filter(([account, amount]) => amount > 0n && !isPayerExempt(token, fee, account));
    if (!credits.length) continue;
    const bounded = (nominal: bigint) => {
      const atLeast = nominal > fee.minimum ? nominal : fee.minimum;
      return fee.maximum > 0n && atLeast > fee.maximum ? fee.maximum : atLeast;
    };
    if (fee.netOfTransfers) {
      const owed = bounded(fractionOf(fee.numerator, fee.denominator, debit, OUT_OF_RANGE));
      chargeFixed(
        token,
        sender,
        { amount: owed, denominatingTokenId: token.id, collector: fee.collector, allCollectorsExempt: fee.allCollectorsExempt },
        level,
      );
      continue;
    }
    const totalDebits = sum([...original].filter(([account, amount]) => amount < 0n && !isPayerExempt(token, fee, account)).map(([, amount]) => -amount));
    // PR #26637: no non-exempt debit, no fee (the June-2026 node divided by zero here).
    if (totalDebits === 0n) continue;
    const nominal = fractionOf(fee.numerator, fee.denominator, sum(credits.map(([, amount]) => amount)), OUT_OF_RANGE);
    const effective = bounded(nominal);
    // Raised to its minimum (before the maximum bounds it): a minimum must be taken in full.
    const isMinimum = fee.minimum > nominal;
    const assessed = (debit * effective) / totalDebits;
    const current = level.current.tokens.get(token.id) ?? new Map<string, bigint>();
    const remaining: Amounts = new Map([...current].filter(([account, amount]) => amount > 0n && !isPayerExempt(token, fee, account)));
    const unreclaimed = reclaim(assessed, remaining);
    if (isMinimum && unreclaimed > 0n) throw new FeeFailure('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
    if (unreclaimed === assessed) continue;
    const collected = assessed - unreclaimed;
    unitsLeft -= collected;
    if (unitsLeft < 0n) throw new FeeFailure('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
    for (const [account, amount] of remaining) current.set(account, amount);
    adjust(current, fee.collector, collected);
    level.current.tokens.set(token.id, current);
    level.fees.push({ amount: collected, tokenId: token.id, collector: fee.collector, payers: credits.map(([account]) => account) });
  }
}
