/** Pure rules of the own profile's portfolio estimate (issue 20 item 5, issue 58): the tigers at their estimated values, the PAWS balance in USD and the total. */
import type { OwnedNft } from '@/features/accounts/account-types';
import { formatUnits, parseUnits } from '@/features/balances/units';
import { type TraitFloorsAnswer, estimateValue } from '@/features/trait-floors/trait-floor-rules';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The USD value of a PAWS balance (whole PAWS as a decimal string) at a price; 0 for an empty
 * balance whatever the price, null when the balance or the price is unknown.
 */
export function pawsValueUsd(balance: string | null | undefined, priceUsd: number | null | undefined): number | null {
  const amount = Number(balance);
  if (balance === null || balance === undefined || balance.trim() === '' || !Number.isFinite(amount) || amount < 0) return null;
  if (amount === 0) return 0;
  return typeof priceUsd === 'number' && Number.isFinite(priceUsd) && priceUsd > 0 ? round2(amount * priceUsd) : null;
}

/** Tigers at their estimate plus PAWS, in USD; null unless both parts are known. */
export function portfolioTotalUsd(tigersUsd: number | null, pawsUsd: number | null): number | null {
  return tigersUsd === null || pawsUsd === null ? null : round2(tigersUsd + pawsUsd);
}

/** The holder's tigers valued one by one at their estimated value (trait floors): the PAWS total, and how many had none (nothing listed). */
export function tigersEstimatePaws(
  nfts: readonly Pick<OwnedNft, 'traits'>[],
  floors: Pick<TraitFloorsAnswer, 'traits' | 'collectionFloor'>,
): { paws: string; unvalued: number } {
  let hundredths = 0n;
  let unvalued = 0;
  for (const nft of nfts) {
    const estimate = estimateValue(nft.traits, floors);
    const units = estimate ? parseUnits(estimate.paws, 2) : undefined;
    if (units === undefined) unvalued++;
    else hundredths += units;
  }
  return { paws: formatUnits(hundredths, 2), unvalued };
}
