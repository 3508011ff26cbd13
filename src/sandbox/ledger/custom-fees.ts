/**
 * Custom fees (HIP-18, HIP-573) as a consensus node assesses them on a CryptoTransfer, read in the
 * node's source (hiero-consensus-node, hedera-token-service-impl, package
 * `...token.impl.handlers.transfer`): `CustomFeeAssessmentStep` (the levels, the depth and the
 * 20-change limit), `customfees/CustomFeeAssessor` (per debit: fixed, then fractional or royalty,
 * each followed by the collectors' revalidation), `CustomFixedFeeAssessor`,
 * `CustomFractionalFeeAssessor` (the June-2025 algorithm of PR #19877, with PR #26637's skip of a
 * fee whose debits are all exempt), `CustomRoyaltyFeeAssessor`, `CustomFeeExemptions` and
 * `AdjustmentUtils` (floor rounding, `reclaim`). Level 0 is the transfer as submitted, changed in
 * place (fractional fees taken from the receivers, fees in the token itself, royalties out of the
 * seller's credit); level 1 holds the fees in HBAR and in other tokens, which are assessed in turn;
 * at most two levels of fees (`tokens.maxCustomFeeDepth`).
 */
import type { AssessedFee } from './effects';
import { type Amounts, FeeFailure, type LevelAssessment, adjust, chargeFixed, fractionOf, isPayerExempt, tokenAmounts } from './fee-charges';
import { fractionalFees } from './fractional-fees';
import type { LedgerStatus } from './ledger-status';
import type { LedgerState, TokenState } from './state';

/** One level's transfers: HBAR, fungible amounts by token (in list order), and its NFT moves (level 0 only). */
export interface FeeLevel {
  hbar: Amounts;
  tokens: Map<string, Amounts>;
  nfts: readonly { tokenId: string; serial: number; sender: string; receiver: string }[];
  /** The order of the token lists (fungible and NFT) as the body lists them. */
  tokenOrder: readonly string[];
}

/** `tokens.maxCustomFeeDepth`: fees of fees of fees are refused. */
const MAX_FEE_DEPTH = 2;
/** `ledger.xferBalanceChanges.maxLen`: balance changes of a transfer with its fee legs. */
const MAX_BALANCE_CHANGES = 20;
/** `CustomRoyaltyFeeAssessor`: a share of every fungible credit of the NFT's sender, or the fallback charged to its receiver when it has none. */
function chargeRoyalties(token: TokenState, sender: string, receiver: string, level: LevelAssessment): void {
  if (level.royaltiesPaid.has(`${sender}|${token.id}`)) return;
  const exchanged: { tokenId: string | null; amount: bigint }[] = [];
  const hbarCredit = level.original.hbar.get(sender) ?? 0n;
  if (hbarCredit > 0n) exchanged.push({ tokenId: null, amount: hbarCredit });
  for (const [tokenId, amounts] of level.original.tokens) {
    const credit = amounts.get(sender) ?? 0n;
    if (credit > 0n) exchanged.push({ tokenId, amount: credit });
  }
  for (const fee of token.customFees) {
    if (fee.kind !== 'royalty') continue;
    if (!exchanged.length) {
      if (!fee.fallback || level.royaltiesPaid.has(`${receiver}|${token.id}`)) continue;
      chargeFixed(token, receiver, { ...fee.fallback, collector: fee.collector, allCollectorsExempt: fee.allCollectorsExempt }, level);
      continue;
    }
    if (isPayerExempt(token, fee, sender)) continue;
    for (const credit of exchanged) {
      const royalty = fractionOf(fee.numerator, fee.denominator, credit.amount, 'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
      if (royalty > credit.amount) throw new FeeFailure('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
      if (credit.tokenId === null) {
        adjust(level.current.hbar, sender, -royalty);
        adjust(level.nextHbar, fee.collector, royalty);
      } else {
        adjust(tokenAmounts(level.current.tokens, credit.tokenId), sender, -royalty);
        adjust(tokenAmounts(level.nextTokens, credit.tokenId), fee.collector, royalty);
      }
      level.fees.push({ amount: royalty, tokenId: credit.tokenId, collector: fee.collector, payers: [sender] });
    }
  }
  level.royaltiesPaid.add(`${exchanged.length ? sender : receiver}|${token.id}`);
}

/** Whether `account` can take a token it has no relation with: a free automatic association slot (-1: unlimited). */
function hasFreeSlot(state: LedgerState, account: string): boolean {
  const holder = state.accounts.get(account);
  return !!holder && (holder.maxAutoAssociations === -1 || holder.maxAutoAssociations > holder.usedAutoAssociations);
}

/**
 * `CustomFeeAssessor.revalidateAssessmentResult`: a collector paid in another token must hold it (or
 * have a free slot: TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR, PR #18674); a payer in another token must
 * hold it, or be credited it in this level and have a free slot.
 */
function revalidate(state: LedgerState, level: LevelAssessment): void {
  for (const [tokenId, amounts] of level.nextTokens) {
    for (const [account, amount] of amounts) {
      if (state.accounts.get(account)?.tokens.has(tokenId)) continue;
      if (amount > 0n && !hasFreeSlot(state, account)) throw new FeeFailure('TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
      if (amount < 0n && !((level.original.tokens.get(tokenId)?.get(account) ?? 0n) > 0n && hasFreeSlot(state, account))) {
        throw new FeeFailure('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
      }
    }
  }
}

/** `CustomFeeAssessor.assess`: the token's fixed fees, then its fractional (fungible) or royalty (NFT) fees, for one sender. */
function assessSender(state: LedgerState, token: TokenState, sender: string, receiver: string | null, level: LevelAssessment): void {
  for (const fee of token.customFees) {
    if (fee.kind === 'fixed' && sender !== fee.collector) chargeFixed(token, sender, fee, level);
  }
  revalidate(state, level);
  if (token.type === 'FUNGIBLE_COMMON') fractionalFees(token, sender, level);
  else if (receiver !== null) chargeRoyalties(token, sender, receiver, level);
  revalidate(state, level);
}

const copy = (byToken: Map<string, Amounts>) => new Map([...byToken].map(([tokenId, amounts]) => [tokenId, new Map(amounts)]));

/** `CustomFeeAssessmentStep.assessCustomFeesFrom`: every debit of a token with fees (not its treasury's), then its NFTs' senders. */
function assessLevel(state: LedgerState, body: FeeLevel): LevelAssessment {
  const level: LevelAssessment = {
    original: { hbar: new Map(body.hbar), tokens: copy(body.tokens) },
    current: { hbar: new Map(body.hbar), tokens: copy(body.tokens) },
    nextHbar: new Map(),
    nextTokens: new Map(),
    royaltiesPaid: new Set(),
    fees: [],
  };
  for (const tokenId of body.tokenOrder) {
    const token = state.tokens.get(tokenId);
    if (!token?.customFees.length) continue;
    for (const [account, amount] of level.original.tokens.get(tokenId) ?? []) {
      if (amount < 0n && account !== token.treasury) assessSender(state, token, account, null, level);
    }
    for (const nft of body.nfts) {
      if (nft.tokenId === tokenId && nft.sender !== token.treasury) assessSender(state, token, nft.sender, nft.receiver, level);
    }
  }
  return level;
}

/** `numUniqueAdjustmentsIn`: NFT moves, accounts changing HBAR, (account, token) pairs changing a token, over every level. */
function balanceChanges(levels: readonly FeeLevel[]): number {
  const hbar = new Set(levels.flatMap((level) => [...level.hbar.keys()]));
  const tokens = new Set(
    levels.flatMap((level) => [...level.tokens].flatMap(([tokenId, amounts]) => [...amounts.keys()].map((account) => `${account}|${tokenId}`))),
  );
  return levels.reduce((sum, level) => sum + level.nfts.length, 0) + hbar.size + tokens.size;
}

/** The transfer's levels with their fee legs, and the fees assessed in order; or the node's status. */
export function assessCustomFees(state: LedgerState, submitted: FeeLevel): { levels: FeeLevel[]; fees: AssessedFee[] } | LedgerStatus {
  try {
    const levels: FeeLevel[] = [];
    const fees: AssessedFee[] = [];
    let body = submitted;
    for (let depth = 0; ; depth += 1) {
      if (depth > MAX_FEE_DEPTH) throw new FeeFailure('CUSTOM_FEE_CHARGING_EXCEEDED_MAX_RECURSION_DEPTH');
      const level = assessLevel(state, body);
      if (!level.fees.length) {
        levels.push(body);
        break;
      }
      levels.push({ hbar: level.current.hbar, tokens: level.current.tokens, nfts: body.nfts, tokenOrder: [...level.current.tokens.keys()] });
      fees.push(...level.fees);
      const next: FeeLevel = { hbar: level.nextHbar, tokens: level.nextTokens, nfts: [], tokenOrder: [...level.nextTokens.keys()] };
      if (!next.tokens.size) {
        if (next.hbar.size) levels.push(next);
        break;
      }
      body = next;
    }
    if (fees.length && balanceChanges(levels) > MAX_BALANCE_CHANGES) throw new FeeFailure('CUSTOM_FEE_CHARGING_EXCEEDED_MAX_ACCOUNT_AMOUNTS');
    return { levels, fees };
  } catch (failure) {
    if (failure instanceof FeeFailure) return failure.status;
    throw failure;
  }
}
