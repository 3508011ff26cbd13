/**
 * The tokens' custom fees in the browser (GET /api/paws/fees, kept five minutes), read into the
 * terms `saleSplit` takes: amounts arrive as decimal strings.
 */
import { createFetcherStore } from '@/lib/api';
import type { CustomFees } from '@/features/ledger/ledger-reader-port';
import type { SaleFeeTerms } from './sale-fees';

type Wire<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] extends bigint | null ? string | null : T[K] extends object | null ? Wire<T[K]> : T[K] };

/** What the route answers: the terms, amounts as strings, and PAWS's decimals. */
export type SaleFeesAnswer = Wire<SaleFeeTerms> & { pawsDecimals: number };

export const $saleFees = createFetcherStore<SaleFeesAnswer>(['/api/paws/fees'], { dedupeTime: 5 * 60_000 });

const big = (value: string | number) => BigInt(value);
const bigOrNull = (value: string | number | null | undefined) => (value === null || value === undefined ? null : BigInt(value));

/** The route's answer as the terms saleSplit takes. */
export function saleFeeTerms(answer: SaleFeesAnswer): SaleFeeTerms {
  const fees = (wire: Wire<CustomFees>): CustomFees => ({
    fixed: wire.fixed.map((fee) => ({ ...fee, amount: big(fee.amount) })),
    fractional: wire.fractional.map((fee) => ({
      ...fee,
      numerator: big(fee.numerator),
      denominator: big(fee.denominator),
      minimum: big(fee.minimum),
      maximum: bigOrNull(fee.maximum),
    })),
    royalty: wire.royalty.map((fee) => ({
      ...fee,
      numerator: big(fee.numerator),
      denominator: big(fee.denominator),
      fallbackFee: fee.fallbackFee && { amount: big(fee.fallbackFee.amount), denominatingTokenId: fee.fallbackFee.denominatingTokenId },
    })),
  });
  return {
    pawsTokenId: answer.pawsTokenId,
    nftTreasury: answer.nftTreasury,
    pawsTreasury: answer.pawsTreasury,
    nft: fees(answer.nft),
    paws: fees(answer.paws),
  };
}
