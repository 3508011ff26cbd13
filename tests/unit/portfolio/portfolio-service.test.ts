/**
 * The portfolio service over fake ledger reads: who may see a holder's P&L, unknown accounts, the
 * estimated values it takes from the injected interface, and what a load costs again: kept under the
 * account stream's head, read again when it moves (every few seconds while the mirror catches up).
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/domain-error';
import { LedgerNotFoundError } from '@/features/ledger/errors';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { PortfolioLedger } from '@/features/portfolio/portfolio-ledger-port';
import { PORTFOLIO_TTL_MS, createPortfolioService } from '@/features/portfolio/portfolio-service';
import { HOLDER, PAWS, PAWS_MARKET, SELLER_A, TIGERS, TREASURY, detailBody, readDetail } from './mirror-fixtures';

const STRANGER = '0.0.5999';

async function setup(options: { pnlPublic?: boolean; estimatesFail?: boolean } = {}) {
  let clock = 1_800_000_000_000;
  let head = 1;
  const calls: string[] = [];
  const purchase = await readDetail(
    detailBody({
      payer: PAWS_MARKET,
      seconds: 1_700_000_100,
      tokens: [
        [PAWS, HOLDER, -40_000_000],
        [PAWS, SELLER_A, 38_000_000],
        ['0.0.7777', '0.0.7777', 0],
      ].filter(([, , amount]) => amount !== 0) as [string, string, number][],
      nfts: [{ serial: 9, from: SELLER_A, to: HOLDER, approved: true }],
      fees: [{ amount: 2_000_000, collector: '0.0.7777', payers: [SELLER_A], token: PAWS }],
    }),
  );
  const ledger: PortfolioLedger = {
    async accountNftTransactions(accountId, _token, after) {
      calls.push(`list ${accountId}${after ? ` after ${after}` : ''}`);
      const refs = accountId === HOLDER && !after ? [{ transactionId: purchase.transactionId, nonce: 0, consensusTimestamp: purchase.consensusTimestamp }] : [];
      return { refs, through: refs.at(-1)?.consensusTimestamp ?? after ?? null };
    },
    async nftHistory(_token, serial) {
      calls.push(`history ${serial}`);
      return [];
    },
    async transactionDetail() {
      calls.push('detail');
      return purchase;
    },
  };
  const reader = {
    async getAccount(accountId: string) {
      calls.push(`account ${accountId}`);
      if (accountId === '0.0.404') throw new LedgerNotFoundError(`account ${accountId}`, []);
      return { accountId, hbarTinybars: 0n, key: null };
    },
    async getAccountNfts(accountId: string) {
      calls.push(`nfts ${accountId}`);
      return accountId === HOLDER ? [{ tokenId: TIGERS, serial: 9, owner: HOLDER, spender: null, delegatingSpender: null, metadata: '', deleted: false }] : [];
    },
    async getTokenInfo(tokenId: string) {
      return {
        tokenId,
        name: '',
        symbol: '',
        type: 'FUNGIBLE_COMMON',
        decimals: tokenId === PAWS ? 6 : 0,
        totalSupply: 0n,
        maxSupply: 0n,
        treasuryAccountId: TREASURY,
        customFees: { fixed: [], fractional: [], royalty: [] },
      };
    },
  } as unknown as Pick<LedgerReader, 'getAccount' | 'getAccountNfts' | 'getTokenInfo'>;
  const service = createPortfolioService({
    ledger,
    reader,
    prices: async () => ({
      hbar: async () => ({ priceUsd: 0.2, change24h: null, source: 'test' }),
      paws: async () => ({ price: 0.001, priceChange24h: null, marketCap: null, source: 'test' }),
      history: async () => ({ hbar: [], paws: [{ at: 0, usd: 0.001 }], hbarSource: 'unavailable', pawsSource: 'saucerswap' }),
    }),
    estimatedValues: async (serials) => {
      if (options.estimatesFail) throw new Error('rarity dataset unavailable');
      return new Map(serials.map((serial) => [serial, { paws: '55.5', method: 'the floor of its Background trait' }]));
    },
    pnlPublic: async () => options.pnlPublic ?? false,
    accountVersion: async () => head,
    settings: { nftTokenId: TIGERS, pawsTokenId: PAWS },
    now: () => clock,
  });
  return {
    service,
    calls,
    advance: (ms: number) => {
      clock += ms;
    },
    moveHead: () => {
      head += 1;
    },
  };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe('the portfolio service', () => {
  it('shows the holder their P&L against the estimated value it is given; others get PORTFOLIO_PRIVATE until the holder opts in', async () => {
    const { service } = await setup();
    const own = await service.view(HOLDER, HOLDER);
    expect(own.lots).toEqual([
      expect.objectContaining({
        serial: 9,
        cost: { hbar: '0', paws: '40', usd: 0.04 },
        unrealized: { paws: '15.5', usd: 0.02 },
        estimatedValue: { paws: '55.5', usd: 0.06, method: 'the floor of its Background trait' },
      }),
    ]);
    expect(await codeOf(service.view(HOLDER, STRANGER))).toBe('PORTFOLIO_PRIVATE');
    expect(await codeOf(service.csv(HOLDER, undefined))).toBe('PORTFOLIO_PRIVATE');
    const shared = (await setup({ pnlPublic: true })).service;
    expect((await shared.view(HOLDER, STRANGER)).totals.unrealized.paws).toBe('15.5');
  });

  it('still answers when the estimated values cannot be counted: no unrealized P&L, said so, never a guess', async () => {
    const { service } = await setup({ estimatesFail: true });
    const [lot] = (await service.view(HOLDER, HOLDER)).lots;
    expect(lot).toMatchObject({ cost: { paws: '40' }, estimatedValue: null, unrealized: null });
    expect(lot?.notes).toContain('no floor to estimate its value from');
  });

  it('answers an unknown account with ACCOUNT_NOT_FOUND, and one without tigers with an empty portfolio', async () => {
    const { service } = await setup();
    expect(await codeOf(service.view('0.0.404', '0.0.404'))).toBe('ACCOUNT_NOT_FOUND');
    expect(await service.view(STRANGER, STRANGER)).toMatchObject({ held: [], trades: [], lots: [], totals: { lotsWithoutPnl: 0 } });
  });

  it('keeps a load under the stream head, reads again when it moves, and every few seconds while the mirror catches up', async () => {
    const { service, calls, advance, moveHead } = await setup();
    await service.view(HOLDER, HOLDER);
    const cold = calls.length;
    await service.view(HOLDER, HOLDER);
    advance(PORTFOLIO_TTL_MS - 1);
    await service.view(HOLDER, HOLDER);
    expect(calls.length).toBe(cold);
    moveHead();
    await service.view(HOLDER, HOLDER);
    const afterMove = calls.length;
    expect(afterMove).toBeGreaterThan(cold);
    // The account is known (kept an hour): its list is read on from where it stopped, its tigers again.
    expect(calls.slice(cold).sort()).toEqual(['detail', `list ${HOLDER} after ${'1700000100.000000005'}`, `nfts ${HOLDER}`]);
    advance(5_000);
    await service.view(HOLDER, HOLDER);
    expect(calls.length).toBeGreaterThan(afterMove);
    advance(30_000);
    await service.view(HOLDER, HOLDER);
    const settled = calls.length;
    advance(20_000);
    await service.view(HOLDER, HOLDER);
    expect(calls.length).toBe(settled);
  });
});
