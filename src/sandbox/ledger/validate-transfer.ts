/**
 * CryptoTransfer rules: zero-sum legs, existing accounts and tokens, the list-size limits, the
 * tokens' custom fees (custom-fees.ts), associations (automatic ones into free slots), NFT
 * ownership, allowances for approved legs (the payer is the spender), and balances level by level.
 * Nothing is changed here; the result is the Effects to apply, or the first failing Hedera status.
 */
import { type FeeLevel, assessCustomFees } from './custom-fees';
import type { Amounts } from './fee-charges';
import type { DecodedBody, Leg } from './decode';
import { emptyEffects, type Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import type { LedgerState } from './state';

type TransferBody = Extract<DecodedBody, { name: 'CRYPTOTRANSFER' }>;

/** `ledger.transfers.maxLen`, `ledger.tokenTransfers.maxLen`, `ledger.nftTransfers.maxLen` (CryptoTransferValidator, on the body as submitted). */
const MAX_HBAR_LEGS = 10;
const MAX_FUNGIBLE_LEGS = 10;
const MAX_NFT_LEGS = 10;

export function transferEffects(state: LedgerState, payer: string, body: TransferBody): Effects | LedgerStatus {
  const effects = emptyEffects();
  if (body.hbar.length > MAX_HBAR_LEGS) return 'TRANSFER_LIST_SIZE_LIMIT_EXCEEDED';
  if (body.tokens.length > MAX_FUNGIBLE_LEGS) return 'TOKEN_TRANSFER_LIST_SIZE_LIMIT_EXCEEDED';
  if (body.nfts.length > MAX_NFT_LEGS) return 'BATCH_SIZE_LIMIT_EXCEEDED';
  const structure = checkStructure(state, body, effects);
  if (structure) return structure;

  const assessment = assessCustomFees(state, { hbar: effects.hbar, tokens: effects.tokens, nfts: body.nfts, tokenOrder: body.tokenOrder });
  if (typeof assessment === 'string') return assessment;
  const association = associate(state, assessment.levels, effects);
  if (association) return association;

  const nftCheck = checkNftLegs(state, payer, body, effects);
  if (nftCheck) return nftCheck;
  const [submitted] = assessment.levels;
  const allowanceCheck = submitted && checkFungibleAllowances(state, payer, body, submitted, effects);
  if (allowanceCheck) return allowanceCheck;
  effects.assessedFees = assessment.fees;
  return checkBalances(state, assessment.levels, effects) ?? effects;
}

/**
 * `AssociateTokenRecipientsStep`, for every account of every level: one without the token is
 * associated automatically into a free slot (-1: unlimited); none allowed: TOKEN_NOT_ASSOCIATED_TO_ACCOUNT,
 * all taken: NO_REMAINING_AUTOMATIC_ASSOCIATIONS. An NFT's sender must hold its token.
 */
function associate(state: LedgerState, levels: readonly FeeLevel[], effects: Effects): LedgerStatus | null {
  const taken = new Map<string, number>();
  const needs = (account: string, tokenId: string): LedgerStatus | null => {
    const holder = state.accounts.get(account);
    if (!holder) return 'INVALID_ACCOUNT_ID';
    if (holder.tokens.has(tokenId) || effects.associations.some((made) => made.account === account && made.tokenId === tokenId)) return null;
    if (holder.maxAutoAssociations === 0) return 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT';
    const used = holder.usedAutoAssociations + (taken.get(account) ?? 0);
    if (holder.maxAutoAssociations !== -1 && used >= holder.maxAutoAssociations) return 'NO_REMAINING_AUTOMATIC_ASSOCIATIONS';
    taken.set(account, (taken.get(account) ?? 0) + 1);
    effects.associations.push({ account, tokenId, automatic: true });
    return null;
  };
  for (const level of levels) {
    for (const [tokenId, amounts] of level.tokens) {
      for (const account of amounts.keys()) {
        const status = needs(account, tokenId);
        if (status) return status;
      }
    }
    for (const leg of level.nfts) {
      if (!state.accounts.get(leg.sender)?.tokens.has(leg.tokenId)) return 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT';
      const status = needs(leg.receiver, leg.tokenId);
      if (status) return status;
    }
  }
  return null;
}

/**
 * Balances level by level, as the node applies each level before the next (a fee's credit cannot pay
 * for the transfer): a shortfall of an account that pays a custom fee in that denomination is
 * INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE (AdjustHbarChangesStep,
 * AdjustFungibleTokenChangesStep). The effects get the net change over every level.
 */
function checkBalances(state: LedgerState, levels: readonly FeeLevel[], effects: Effects): LedgerStatus | null {
  const payersOf = (tokenId: string | null) => new Set(effects.assessedFees.filter((fee) => fee.tokenId === tokenId).flatMap((fee) => fee.payers));
  const hbar: Amounts = new Map();
  const tokens = new Map<string, Amounts>();
  for (const level of levels) {
    const hbarPayers = payersOf(null);
    for (const [account, delta] of level.hbar) {
      const net = (hbar.get(account) ?? 0n) + delta;
      hbar.set(account, net);
      if ((state.accounts.get(account)?.hbar ?? 0n) + net < 0n) {
        return hbarPayers.has(account) ? 'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE' : 'INSUFFICIENT_ACCOUNT_BALANCE';
      }
    }
    for (const [tokenId, amounts] of level.tokens) {
      const payers = payersOf(tokenId);
      const nets = tokens.get(tokenId) ?? new Map<string, bigint>();
      tokens.set(tokenId, nets);
      for (const [account, delta] of amounts) {
        const net = (nets.get(account) ?? 0n) + delta;
        nets.set(account, net);
        if ((state.accounts.get(account)?.tokens.get(tokenId)?.balance ?? 0n) + net < 0n) {
          return payers.has(account) ? 'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE' : 'INSUFFICIENT_TOKEN_BALANCE';
        }
      }
    }
  }
  effects.hbar = hbar;
  effects.tokens = tokens;
  return null;
}

/** Accounts and tokens exist, no account repeats in a list, HBAR and each token sum to zero. */
function checkStructure(state: LedgerState, body: TransferBody, effects: Effects): LedgerStatus | null {
  const hbarStatus = sumLegs(state, body.hbar, effects.hbar, 'INVALID_ACCOUNT_AMOUNTS');
  if (hbarStatus) return hbarStatus;

  const byToken = new Map<string, Leg[]>();
  for (const leg of body.tokens) {
    const token = state.tokens.get(leg.tokenId);
    if (!token) return 'INVALID_TOKEN_ID';
    if (token.type !== 'FUNGIBLE_COMMON') return 'ACCOUNT_AMOUNT_TRANSFERS_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON';
    if (leg.expectedDecimals !== null && leg.expectedDecimals !== token.decimals) return 'UNEXPECTED_TOKEN_DECIMALS';
    byToken.set(leg.tokenId, [...(byToken.get(leg.tokenId) ?? []), leg]);
  }
  for (const [tokenId, legs] of byToken) {
    const deltas = new Map<string, bigint>();
    const status = sumLegs(state, legs, deltas, 'TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN');
    if (status) return status;
    effects.tokens.set(tokenId, deltas);
  }

  for (const leg of body.nfts) {
    const token = state.tokens.get(leg.tokenId);
    if (!token) return 'INVALID_TOKEN_ID';
    if (token.type !== 'NON_FUNGIBLE_UNIQUE') return 'INVALID_NFT_ID';
    if (!state.accounts.has(leg.sender) || !state.accounts.has(leg.receiver)) return 'INVALID_ACCOUNT_ID';
    if (leg.sender === leg.receiver) return 'ACCOUNT_REPEATED_IN_ACCOUNT_AMOUNTS';
  }
  return null;
}

function sumLegs(state: LedgerState, legs: readonly Leg[], deltas: Map<string, bigint>, notZero: LedgerStatus): LedgerStatus | null {
  let sum = 0n;
  for (const leg of legs) {
    if (!state.accounts.has(leg.account)) return 'INVALID_ACCOUNT_ID';
    if (deltas.has(leg.account)) return 'ACCOUNT_REPEATED_IN_ACCOUNT_AMOUNTS';
    deltas.set(leg.account, leg.amount);
    sum += leg.amount;
  }
  return sum === 0n ? null : notZero;
}

/** Serials exist and are owned by their sender (legs apply in order); approved legs need the payer's allowance. */
function checkNftLegs(state: LedgerState, payer: string, body: TransferBody, effects: Effects): LedgerStatus | null {
  const owners = new Map<string, string>();
  for (const leg of body.nfts) {
    const nft = state.tokens.get(leg.tokenId)?.nfts[leg.serial];
    if (!nft || nft.owner === null) return 'INVALID_NFT_ID';
    const key = `${leg.tokenId}#${leg.serial}`;
    const movedEarlier = owners.has(key);
    const owner = owners.get(key) ?? nft.owner;
    if (owner !== leg.sender) return 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO';
    if (leg.isApproval) {
      // A serial moved earlier in this transaction has lost its per-serial spender.
      const serialSpender = !movedEarlier && (nft.spender === payer || nft.delegatingSpender === payer);
      const forAll = state.accounts.get(owner)?.nftApprovalsForAll.has(`${payer}|${leg.tokenId}`) ?? false;
      if (!serialSpender && !forAll) return 'SPENDER_DOES_NOT_HAVE_ALLOWANCE';
    }
    owners.set(key, leg.receiver);
    effects.nftMoves.push({ tokenId: leg.tokenId, serial: leg.serial, to: leg.receiver });
  }
  return null;
}

/**
 * Approved HBAR and token debits must fit the allowance the debited account gave the payer, as the
 * submitted level has them after its fees: a fee in the token itself (or net of transfers) is added
 * to the approved debit and uses the allowance up too; fees in HBAR or other tokens do not (HIP-336;
 * the node's integration tests transferWithFractionalCustomFeeAllowanceNetOfTransfers and
 * transferApprovedFungibleWithFixedHbarCustomFee).
 */
function checkFungibleAllowances(state: LedgerState, payer: string, body: TransferBody, submitted: FeeLevel, effects: Effects): LedgerStatus | null {
  for (const leg of body.hbar) {
    const debit = -(submitted.hbar.get(leg.account) ?? leg.amount);
    if (!leg.isApproval || leg.amount >= 0n || debit <= 0n) continue;
    const allowance = state.accounts.get(leg.account)?.hbarAllowances.get(payer);
    if (!allowance) return 'SPENDER_DOES_NOT_HAVE_ALLOWANCE';
    if (allowance.amount < debit) return 'AMOUNT_EXCEEDS_ALLOWANCE';
    effects.hbarAllowances.push({ owner: leg.account, spender: payer, amount: allowance.amount - debit, granted: null });
  }
  for (const leg of body.tokens) {
    const debit = -(submitted.tokens.get(leg.tokenId)?.get(leg.account) ?? leg.amount);
    if (!leg.isApproval || leg.amount >= 0n || debit <= 0n) continue;
    const allowance = state.accounts.get(leg.account)?.tokenAllowances.get(`${payer}|${leg.tokenId}`);
    if (!allowance) return 'SPENDER_DOES_NOT_HAVE_ALLOWANCE';
    if (allowance.amount < debit) return 'AMOUNT_EXCEEDS_ALLOWANCE';
    effects.tokenAllowances.push({ owner: leg.account, spender: payer, tokenId: leg.tokenId, amount: allowance.amount - debit, granted: null });
  }
  return null;
}
