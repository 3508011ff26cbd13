/** AccountAllowanceApprove and AccountAllowanceDelete rules (owner defaults to the payer). */
import type { DecodedBody } from './decode';
import { emptyEffects, type Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import type { LedgerState } from './state';

type ApproveBody = Extract<DecodedBody, { name: 'CRYPTOAPPROVEALLOWANCE' }>;
type DeleteBody = Extract<DecodedBody, { name: 'CRYPTODELETEALLOWANCE' }>;

/**
 * `hedera.allowances.maxTransactionLimit` (default 20, hiero-consensus-node `HederaConfig.java`):
 * allowances one approve or delete transaction may carry, each NFT serial counted as one
 * (`AllowanceValidator.aggregateApproveNftAllowances`, `DeleteAllowanceValidator`); more is MAX_ALLOWANCES_EXCEEDED.
 */
export const MAX_ALLOWANCES_PER_TRANSACTION = 20;

export function approveEffects(state: LedgerState, body: ApproveBody): Effects | LedgerStatus {
  if (body.hbar.length + body.tokens.length + body.nfts.length === 0) return 'EMPTY_ALLOWANCES';
  const nftAllowances = body.nfts.reduce((sum, grant) => sum + Math.max(grant.serials.length, 1), 0);
  if (body.hbar.length + body.tokens.length + nftAllowances > MAX_ALLOWANCES_PER_TRANSACTION) return 'MAX_ALLOWANCES_EXCEEDED';
  const effects = emptyEffects();
  for (const grant of body.hbar) {
    const status = checkParties(state, grant.owner, grant.spender) ?? (grant.amount < 0n ? 'NEGATIVE_ALLOWANCE_AMOUNT' : null);
    if (status) return status;
    effects.hbarAllowances.push({ owner: grant.owner, spender: grant.spender, amount: grant.amount, granted: grant.amount });
  }
  for (const grant of body.tokens) {
    const token = state.tokens.get(grant.tokenId);
    if (!token) return 'INVALID_TOKEN_ID';
    if (token.type !== 'FUNGIBLE_COMMON') return 'NFT_IN_FUNGIBLE_TOKEN_ALLOWANCES';
    const status = checkParties(state, grant.owner, grant.spender);
    if (status) return status;
    if (!state.accounts.get(grant.owner)?.tokens.has(grant.tokenId)) return 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT';
    if (grant.amount < 0n) return 'NEGATIVE_ALLOWANCE_AMOUNT';
    if (grant.amount > token.maxSupply) return 'AMOUNT_EXCEEDS_TOKEN_MAX_SUPPLY';
    effects.tokenAllowances.push({ ...grant, granted: grant.amount });
  }
  for (const grant of body.nfts) {
    const token = state.tokens.get(grant.tokenId);
    if (!token) return 'INVALID_TOKEN_ID';
    if (token.type !== 'NON_FUNGIBLE_UNIQUE') return 'FUNGIBLE_TOKEN_IN_NFT_ALLOWANCES';
    const owner = state.accounts.get(grant.owner);
    const status = checkParties(state, grant.owner, grant.spender) ?? (owner?.tokens.has(grant.tokenId) ? null : 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (status) return status;
    if (grant.delegatingSpender && !owner?.nftApprovalsForAll.has(`${grant.delegatingSpender}|${grant.tokenId}`)) {
      return 'DELEGATING_SPENDER_DOES_NOT_HAVE_APPROVE_FOR_ALL';
    }
    for (const serial of grant.serials) {
      const nft = token.nfts[serial];
      if (!nft || nft.owner === null) return 'INVALID_TOKEN_NFT_SERIAL_NUMBER';
      if (nft.owner !== grant.owner) return 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO';
      effects.nftSpenders.push({ tokenId: grant.tokenId, serial, spender: grant.spender, delegatingSpender: grant.delegatingSpender });
    }
    if (grant.approvedForAll !== null) {
      effects.approvalsForAll.push({ owner: grant.owner, spender: grant.spender, tokenId: grant.tokenId, approved: grant.approvedForAll });
    }
  }
  return effects;
}

export function deleteEffects(state: LedgerState, body: DeleteBody): Effects | LedgerStatus {
  if (body.nfts.length === 0) return 'EMPTY_ALLOWANCES';
  if (body.nfts.reduce((sum, removal) => sum + removal.serials.length, 0) > MAX_ALLOWANCES_PER_TRANSACTION) return 'MAX_ALLOWANCES_EXCEEDED';
  const effects = emptyEffects();
  for (const removal of body.nfts) {
    const token = state.tokens.get(removal.tokenId);
    if (!token) return 'INVALID_TOKEN_ID';
    if (token.type !== 'NON_FUNGIBLE_UNIQUE') return 'FUNGIBLE_TOKEN_IN_NFT_ALLOWANCES';
    if (!state.accounts.has(removal.owner)) return 'INVALID_ACCOUNT_ID';
    for (const serial of removal.serials) {
      const nft = token.nfts[serial];
      if (!nft || nft.owner === null) return 'INVALID_TOKEN_NFT_SERIAL_NUMBER';
      if (nft.owner !== removal.owner) return 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO';
      effects.nftSpenders.push({ tokenId: removal.tokenId, serial, spender: null, delegatingSpender: null });
    }
  }
  return effects;
}

function checkParties(state: LedgerState, owner: string, spender: string): LedgerStatus | null {
  if (!state.accounts.has(owner)) return 'INVALID_ACCOUNT_ID';
  if (!state.accounts.has(spender)) return 'INVALID_ALLOWANCE_SPENDER_ID';
  return owner === spender ? 'SPENDER_ACCOUNT_SAME_AS_OWNER' : null;
}
