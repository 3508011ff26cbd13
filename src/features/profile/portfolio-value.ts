/** Pure rules of the own profile's portfolio estimate (issue 20 item 5): the PAWS balance in USD and the total. */

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

/** Tigers at the floor plus PAWS, in USD; null unless both parts are known. */
export function portfolioTotalUsd(tigersUsd: number | null, pawsUsd: number | null): number | null {
  return tigersUsd === null || pawsUsd === null ? null : round2(tigersUsd + pawsUsd);
}
