/**
 * The terms the PAWS market trades under, read from the mirror node's token info: PAWS's decimals
 * and both tokens' custom fees and treasuries (server). Kept a few minutes, as a fee schedule seldom
 * changes; a failed read is not kept, so one mirror error does not break a warm instance.
 */
import { DomainError } from '@/lib/domain-error';
import { createTtlCache } from '@/platform/ttl-cache';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { MAX_BALANCE_CHANGES, type SaleFeeTerms, type SaleSplit, balanceChanges, collectorsPaid, saleSplit } from './sale-fees';

/** How long token terms are kept (the public fees route is cached as long). */
const TERMS_TTL_MS = 300_000;

export interface TradeTerms {
  pawsDecimals: number;
  fees: SaleFeeTerms;
}

export interface TradeTermsReader {
  read(): Promise<TradeTerms>;
}

/** Reads (and keeps `ttlMs`) the terms of the collection `nftTokenId` traded for `pawsTokenId`. */
export function createTradeTerms(
  ledger: Pick<LedgerReader, 'getTokenInfo'>,
  tokens: { nftTokenId: string; pawsTokenId: string },
  { ttlMs = TERMS_TTL_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): TradeTermsReader {
  // A failed read is not kept (createTtlCache): the next read asks the mirror again.
  const kept = createTtlCache<TradeTerms>(ttlMs, { now, maxEntries: 1 });
  const load = async (): Promise<TradeTerms> => {
    const [nft, paws] = await Promise.all([ledger.getTokenInfo(tokens.nftTokenId), ledger.getTokenInfo(tokens.pawsTokenId)]);
    return {
      pawsDecimals: paws.decimals,
      fees: {
        pawsTokenId: tokens.pawsTokenId,
        nftTreasury: nft.treasuryAccountId,
        pawsTreasury: paws.treasuryAccountId,
        nft: nft.customFees,
        paws: paws.customFees,
      },
    };
  };
  return { read: () => kept.get('terms', load) };
}

/**
 * Refuses, before anything moves, a sale the ledger would refuse for its fees: a collector that
 * cannot receive what it is paid in (TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR at consensus), or a
 * transfer whose fee legs pass the 20 balance changes a transfer may hold
 * (CUSTOM_FEE_CHARGING_EXCEEDED_MAX_ACCOUNT_AMOUNTS). `refused` says what would fail and what did not happen.
 * Answers the sale's split, for what the buyer is due.
 */
export async function assertFeesPayable(
  ledger: Pick<LedgerReader, 'canReceiveToken'>,
  fees: SaleFeeTerms,
  sale: { price: bigint; seller: string; buyer: string },
  refused: { what: string; outcome: string },
): Promise<SaleSplit> {
  const parties = { seller: sale.seller, buyer: sale.buyer };
  const split = saleSplit(sale.price, parties, fees);
  for (const { collector, tokenId } of collectorsPaid(split)) {
    if (!(await ledger.canReceiveToken(collector, tokenId))) {
      const token = tokenId === fees.pawsTokenId ? 'PAWS' : tokenId;
      throw new DomainError(
        'FEE_COLLECTOR_CANNOT_RECEIVE',
        `The fee collector ${collector} cannot receive ${token}, so the ledger would refuse ${refused.what}. ${refused.outcome}`,
        { collectorAccountId: collector, tokenId },
      );
    }
  }
  if (balanceChanges(split, parties, fees.pawsTokenId) > MAX_BALANCE_CHANGES) {
    throw new DomainError(
      'FEES_EXCEED_TRANSFER_LIMIT',
      `The tokens' fees need more transfers than one ledger transaction holds, so the ledger would refuse ${refused.what}. ${refused.outcome}`,
    );
  }
  return split;
}
