import { DomainError } from '../../lib/domain-error';
import { LedgerNotFoundError } from '../ledger/errors';
import type { LedgerReader } from '../ledger/ledger-reader';
import { log } from '../../server/log';
import { createTtlCache } from '../../server/ttl-cache';
import { HBAR_DECIMALS, formatUnits } from './units';

/** Server caches of the spec: balances 5 s per account, the HBAR balance 2 s. */
export const BALANCE_CACHE_MS = 5_000;
export const HBAR_BALANCE_CACHE_MS = 2_000;

/** A read of an account the ledger does not have is an ACCOUNT_NOT_FOUND (404), not an outage. */
async function ofExistingAccount<T>(accountId: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof LedgerNotFoundError) throw new DomainError('ACCOUNT_NOT_FOUND', `Account ${accountId} does not exist on the ledger`);
    throw error;
  }
}

/**
 * HBAR and PAWS balances of an account as decimal strings in whole units, cached per the spec.
 * `pawsInFlight`: the PAWS (smallest units) the market's own sales moved for the account that the
 * mirror node does not show yet (recent-trades.ts), so a balance is right at once after a trade.
 */
export function createBalanceService(ledger: LedgerReader, pawsTokenId: string, pawsInFlight?: (accountId: string) => Promise<bigint>) {
  const hbarCache = createTtlCache<string>(HBAR_BALANCE_CACHE_MS);
  const pawsCache = createTtlCache<string>(BALANCE_CACHE_MS);
  const fastCache = createTtlCache<{ hbar: string; paws: string }>(BALANCE_CACHE_MS);

  /** The market's sales not shown yet; the mirror's balance alone when they cannot be read. */
  const inFlight = (accountId: string): Promise<bigint> =>
    pawsInFlight?.(accountId).catch((error: unknown) => {
      log.warn('balances: the recent sales could not be read', { accountId, error });
      return 0n;
    }) ?? Promise.resolve(0n);

  const readHbar = (accountId: string) =>
    ofExistingAccount(accountId, async () => formatUnits((await ledger.getAccount(accountId)).hbarTinybars, HBAR_DECIMALS));
  const readPaws = (accountId: string) =>
    ofExistingAccount(accountId, async () => {
      const [balance, moved] = await Promise.all([ledger.getTokenBalance(accountId, pawsTokenId), inFlight(accountId)]);
      if (!balance.associated || balance.decimals === null) return '0';
      return formatUnits(balance.balance + moved, balance.decimals);
    });

  return {
    hbar: (accountId: string) => hbarCache.get(accountId, () => readHbar(accountId)),
    paws: (accountId: string) => pawsCache.get(accountId, () => readPaws(accountId)),
    /** Both balances in one call (the balance store's fast path). */
    both: (accountId: string) =>
      fastCache.get(accountId, async () => {
        const [hbar, paws] = await Promise.all([readHbar(accountId), readPaws(accountId)]);
        return { hbar, paws };
      }),
  };
}
