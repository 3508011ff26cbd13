/**
 * CryptoTransfer rules: zero-sum legs, existing accounts and tokens, associations, NFT
 * ownership, allowances for approved legs (the payer is the spender), and balances. Nothing is
 * changed here; the result is the Effects to apply, or the first failing Hedera status.
 */
import type { DecodedBody, Leg } from './decode';
import { emptyEffects, type Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import type { LedgerState } from './state';

type TransferBody = Extract<DecodedBody, { name: 'CRYPTOTRANSFER' }>;

export function transferEffects(state: LedgerState, payer: string, body: TransferBody): Effects | LedgerStatus {
  const effects = emptyEffects();
  const structure = checkStructure(state, body, effects);
  if (structure) return structure;

  for (const leg of body.tokens) if (!state.accounts.get(leg.account)?.tokens.has(leg.tokenId)) return 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT';
  for (const leg of body.nfts) {
    if (!state.accounts.get(leg.sender)?.tokens.has(leg.tokenId)) return 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT';
    if (!state.accounts.get(leg.receiver)?.tokens.has(leg.tokenId)) return 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT';
  }

  const nftCheck = checkNftLegs(state, payer, body, effects);
  if (nftCheck) return nftCheck;
  const allowanceCheck = checkFungibleAllowances(state, payer, body, effects);
  if (allowanceCheck) return allowanceCheck;

  for (const [accountId, delta] of effects.hbar) {
    if ((state.accounts.get(accountId)?.hbar ?? 0n) + delta < 0n) return 'INSUFFICIENT_ACCOUNT_BALANCE';
  }
  for (const [tokenId, deltas] of effects.tokens) {
    for (const [accountId, delta] of deltas) {
      if ((state.accounts.get(accountId)?.tokens.get(tokenId)?.balance ?? 0n) + delta < 0n) return 'INSUFFICIENT_TOKEN_BALANCE';
    }
  }
  return effects;
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

/** Approved HBAR and token debits must fit the allowance the debited account gave the payer. */
function checkFungibleAllowances(state: LedgerState, payer: string, body: TransferBody, effects: Effects): LedgerStatus | null {
  for (const leg of body.hbar) {
    if (!leg.isApproval || leg.amount >= 0n) continue;
    const allowance = state.accounts.get(leg.account)?.hbarAllowances.get(payer);
    if (!allowance) return 'SPENDER_DOES_NOT_HAVE_ALLOWANCE';
    if (allowance.amount < -leg.amount) return 'AMOUNT_EXCEEDS_ALLOWANCE';
    effects.hbarAllowances.push({ owner: leg.account, spender: payer, amount: allowance.amount + leg.amount, granted: null });
  }
  for (const leg of body.tokens) {
    if (!leg.isApproval || leg.amount >= 0n) continue;
    const allowance = state.accounts.get(leg.account)?.tokenAllowances.get(`${payer}|${leg.tokenId}`);
    if (!allowance) return 'SPENDER_DOES_NOT_HAVE_ALLOWANCE';
    if (allowance.amount < -leg.amount) return 'AMOUNT_EXCEEDS_ALLOWANCE';
    effects.tokenAllowances.push({ owner: leg.account, spender: payer, tokenId: leg.tokenId, amount: allowance.amount + leg.amount, granted: null });
  }
  return null;
}
