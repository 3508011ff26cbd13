/**
 * TokenAssociate rules, in the order of the consensus node's TokenAssociateToAccountHandler.handle
 * (hiero-ledger/hiero-consensus-node, hedera-token-service-impl): the account must exist, each token
 * must exist, none may be associated already, and the account's relations stay within
 * `tokens.maxPerAccount`. The account's key signs (signatures.ts); the node's pure checks (an
 * account, no token named twice) are made when decoding.
 */
import type { DecodedBody } from './decode';
import { emptyEffects, type Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import type { LedgerState } from './state';

type AssociateBody = Extract<DecodedBody, { name: 'TOKENASSOCIATE' }>;

/** `tokens.maxPerAccount` of mainnet's configuration. */
const MAX_TOKENS_PER_ACCOUNT = 1000;

export function associateEffects(state: LedgerState, body: AssociateBody): Effects | LedgerStatus {
  const account = state.accounts.get(body.account);
  if (!account) return 'INVALID_ACCOUNT_ID';
  for (const tokenId of body.tokenIds) if (!state.tokens.has(tokenId)) return 'INVALID_TOKEN_ID';
  if (body.tokenIds.some((tokenId) => account.tokens.has(tokenId))) return 'TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT';
  if (account.tokens.size + body.tokenIds.length > MAX_TOKENS_PER_ACCOUNT) return 'TOKENS_PER_ACCOUNT_LIMIT_EXCEEDED';
  const effects = emptyEffects();
  for (const tokenId of body.tokenIds) effects.associations.push({ account: body.account, tokenId });
  return effects;
}
