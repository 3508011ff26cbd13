import { DomainError } from '@/lib/domain-error';
import { LedgerNotFoundError } from '@/features/ledger/errors';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { log } from '@/platform/log';
import { createTtlCache } from '@/platform/ttl-cache';
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
 * `inFlight`: what the markets' own trades moved for the account that the mirror node does not show
 * yet (recent-trades.ts), in PAWS and in HBAR (smallest units; null: not known yet), so a balance is
 * right at once after a trade.
 */
export function createBalanceService(
  ledger: LedgerReader,
  pawsTokenId: string,
  inFlight: { paws?: (accountId: string) => Promise<bigint>; hbar?: (accountId: string) => Promise<bigint | null> } = {},
) {
  const hbarCache = createTtlCache<string>(HBAR_BALANCE_CACHE_MS);
  const pawsCache = createTtlCache<string>(BALANCE_CACHE_MS);
  const fastCache = createTtlCache<{ hbar: string; paws: string }>(BALANCE_CACHE_MS);

  /** The trades not shown yet in one currency; nothing (the mirror's balance alone) when they cannot be read. */
  const notShown = <T>(currency: string, accountId: string, read: ((accountId: string) => Promise<T>) | undefined, none: T): Promise<T> =>
    read?.(accountId).catch((error: unknown) => {
      log.warn('balances: the recent trades could not be read', { currency, accountId, error });
      return none;
    }) ?? Promise.resolve(none);

  const readHbar = (accountId: string) =>
    ofExistingAccount(accountId, async () => {
      const [account, moved] = await Promise.all([ledger.getAccount(accountId), notShown('HBAR', accountId, inFlight.hbar, 0n)]);
      return formatUnits(account.hbarTinybars + (moved ?? 0n), HBAR_DECIMALS);
    });
  const readPaws = (accountId: string) =>
    ofExistingAccount(accountId, async () => {
      const [balance, moved] = await Promise.all([ledger.getTokenBalance(accountId, pawsTokenId), notShown('PAWS', accountId, inFlight.paws, 0n)]);
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
