import * as z from 'zod';
import { DomainError } from '../src/lib/domain-error';
import { createBalanceService } from '../src/features/balances/balance-service';
import { createTradeTerms } from '../src/features/paws-market/trade-terms';
import { config } from '../src/server/config';
import { ledgerReader } from '../src/server/adapters';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { entityIdSchema } from '../src/lib/schemas';
import { log } from '../src/platform/log';
import { soldLately } from '../src/server/services';

// The markets' trades the mirror does not show yet: a trader's PAWS and HBAR balances change at once.
const terms = createTradeTerms(ledgerReader(), { nftTokenId: config().nftTokenId, pawsTokenId: config().pawsTokenId });
const balances = createBalanceService(ledgerReader(), config().pawsTokenId, {
  paws: (accountId) => soldLately().pawsMovedFor(accountId, () => terms.read()),
  hbar: (accountId) => soldLately().hbarMovedFor(accountId, () => terms.read()),
});
const params = z.object({ accountId: entityIdSchema });

/** Runs a balance read; an account that does not exist is a 404, any other ledger failure the spec's message with a 503. */
async function read<T>(what: string, message: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ACCOUNT_NOT_FOUND') throw error;
    log.warn('balance read failed', { what, error });
    throw new DomainError('BALANCE_UNAVAILABLE', message);
  }
}

/** HBAR and PAWS balances of any account, read from the ledger and cached per the spec. */
export const handler = routeGroup('balance', {
  'GET /api/balance/fast/{accountId}': defineRoute('public', { params }, async ({ params: { accountId } }) => ({
    success: true,
    balances: await read('both', 'Failed to get balances from API', () => balances.both(accountId)),
  })),
  'GET /api/hedera/balance/{accountId}': defineRoute('public', { params }, async ({ params: { accountId } }) => ({
    success: true,
    balance: { hbar: await read('hbar', 'Failed to get HBAR balance from API', () => balances.hbar(accountId)) },
  })),
  'GET /api/paws/balance/{accountId}': defineRoute('public', { params }, async ({ params: { accountId } }) => ({
    success: true,
    balance: await read('paws', 'Failed to get token balance from API', () => balances.paws(accountId)),
  })),
});
