/**
 * TokenBurn rules, in the order of the consensus node's TokenBurnHandler.handle
 * (hiero-ledger/hiero-consensus-node, hedera-token-service-impl): batch size, token, supply key,
 * then each serial must exist and be held by the token's treasury. Anyone may pay; the supply key
 * signs (signatures.ts). The node's pure checks (amount, serials above 0) are made when decoding.
 */
import type { DecodedBody } from './decode';
import { emptyEffects, type Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import type { LedgerState } from './state';

type BurnBody = Extract<DecodedBody, { name: 'TOKENBURN' }>;

/** `tokens.nfts.maxBatchSizeBurn` of mainnet's configuration. */
const MAX_NFT_BURN_BATCH = 10;

export function burnEffects(state: LedgerState, body: BurnBody): Effects | LedgerStatus {
  if (body.serials.length > MAX_NFT_BURN_BATCH) return 'BATCH_SIZE_LIMIT_EXCEEDED';
  const token = state.tokens.get(body.tokenId);
  if (!token) return 'INVALID_TOKEN_ID';
  if (!token.supplyKey) return 'TOKEN_HAS_NO_SUPPLY_KEY';
  // Only the collection has a supply key in the sandbox, so a fungible burn never gets this far.
  if (token.type !== 'NON_FUNGIBLE_UNIQUE') return 'NOT_SUPPORTED';
  if (body.serials.length === 0) return 'INVALID_TOKEN_BURN_METADATA';
  const effects = emptyEffects();
  for (const serial of body.serials) {
    const nft = token.nfts[serial];
    if (!nft || nft.owner === null) return 'INVALID_NFT_ID';
    if (nft.owner !== token.treasury) return 'TREASURY_MUST_OWN_BURNED_NFT';
    effects.nftBurns.push({ tokenId: token.id, serial, from: nft.owner });
  }
  return effects;
}
