/**
 * The portfolio service over fake ledger reads and its store in an embedded DynamoDB: who may see a
 * holder's P&L, unknown accounts, the estimated values it takes from the injected interface, and what
 * a load costs again: kept under the account stream's head, read again when it moves (every few
 * seconds while the mirror catches up); what one process read is kept for another; an account with
 * more transactions than one load reads is answered as still reading, and read on at the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/domain-error';
import { LedgerNotFoundError } from '@/features/ledger/errors';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { PortfolioLedger } from '@/features/portfolio/portfolio-ledger-port';
import type { PortfolioAnswer, PortfolioView } from '@/features/portfolio/portfolio-model';
import { createPortfolioRepo } from '@/features/portfolio/portfolio-repo';
import { PAGES_PER_LOAD, createPortfolioReading } from '@/features/portfolio/portfolio-reading';
import { PORTFOLIO_TTL_MS, createPortfolioService } from '@/features/portfolio/portfolio-service';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';
import { HOLDER, PAWS, PAWS_MARKET, SELLER_A, SELLER_B, TIGERS, TREASURY, detailBody, readDetail } from './mirror-fixtures';

let store: MemoryStore;
beforeAll(async () => {
  store = await startMemoryStore();
});
afterAll(async () => {
  await store.stop();
});

const STRANGER = '0.0.5999';

/** The sale of #9 to SELLER_B for 55 PAWS, the royalty (2.75) borne by the holder. */
const saleBody = () =>
  detailBody({
    payer: PAWS_MARKET,
    seconds: 1_700_000_900,
    tokens: [
      [PAWS, SELLER_B, -55_000_000],
      [PAWS, HOLDER, 52_250_000],
      [PAWS, '0.0.7777', 2_750_000],
    ],
    nfts: [{ serial: 9, from: HOLDER, to: SELLER_B, approved: true }],
    fees: [{ amount: 2_750_000, collector: '0.0.7777', payers: [HOLDER], token: PAWS }],
  });

/**
 * `table`: the store's table (a new one unless shared with another process's service); `paged`: the
 * holder's list runs past one load (the purchase on its first pages, the sale after them).
 */
async function setup(options: { pnlPublic?: boolean; estimatesFail?: boolean; table?: string; paged?: boolean; detailLate?: boolean } = {}) {
  const table = options.table ?? (await store.newTable());
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
  const sale = await readDetail(saleBody());
  const refOf = (tx: typeof purchase) => ({ transactionId: tx.transactionId, nonce: 0, consensusTimestamp: tx.consensusTimestamp });
  const ledger: PortfolioLedger = {
    async accountNftTransactions(accountId, _token, after, pages) {
      calls.push(`list ${accountId}${after ? ` after ${after}` : ''}`);
      expect(pages).toBe(PAGES_PER_LOAD);
      if (accountId !== HOLDER) return { refs: [], through: after, more: false };
      if (!options.paged) {
        // The list after `after` (timestamps of one length compare as strings).
        const refs = [refOf(purchase)].filter((ref) => !after || ref.consensusTimestamp > after);
        return { refs, through: refs.at(-1)?.consensusTimestamp ?? after, more: false };
      }
      if (!after) return { refs: [refOf(purchase)], through: purchase.consensusTimestamp, more: true };
      if (after === purchase.consensusTimestamp) return { refs: [refOf(sale)], through: sale.consensusTimestamp, more: false };
      return { refs: [], through: after, more: false };
    },
    async nftHistory(_token, serial) {
      calls.push(`history ${serial}`);
      return [];
    },
    async transactionDetail(ref) {
      calls.push('detail');
      // detailLate: the first mirror node asked does not have the purchase's detail yet.
      if (options.detailLate && calls.filter((call) => call === 'detail').length === 1) return null;
      return ref.transactionId === sale.transactionId ? sale : purchase;
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
      return accountId === HOLDER && !options.paged
        ? [{ tokenId: TIGERS, serial: 9, owner: HOLDER, spender: null, delegatingSpender: null, metadata: '', deleted: false }]
        : [];
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
  const reading = createPortfolioReading({
    ledger,
    store: createPortfolioRepo(store.doc, table),
    reader,
    settings: { nftTokenId: TIGERS, pawsTokenId: PAWS },
    now: () => clock,
  });
  const service = createPortfolioService({
    reading,
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
    now: () => clock,
  });
  return {
    service,
    reading,
    table,
    calls,
    advance: (ms: number) => {
      clock += ms;
    },
    moveHead: () => {
      head += 1;
    },
  };
}

/** A view that must be complete. */
async function complete(view: Promise<PortfolioView>): Promise<PortfolioAnswer> {
  const answer = await view;
  if (answer.status !== 'complete') throw new Error(`still reading: ${JSON.stringify(answer)}`);
  return answer;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe('the portfolio service', () => {
  it('shows the holder their P&L against the estimated value it is given; others get PORTFOLIO_PRIVATE until the holder opts in', async () => {
    const { service } = await setup();
    const own = await complete(service.view(HOLDER, HOLDER));
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
    expect((await complete(shared.view(HOLDER, STRANGER))).totals.unrealized.paws).toBe('15.5');
  });

  it('still answers when the estimated values cannot be counted: no unrealized P&L, said so, never a guess', async () => {
    const { service } = await setup({ estimatesFail: true });
    const [lot] = (await complete(service.view(HOLDER, HOLDER))).lots;
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
    // The account is known (kept an hour): its list is read on from where it stopped, its tigers again; no transaction read twice.
    expect(calls.slice(cold).sort()).toEqual([`list ${HOLDER} after ${'1700000100.000000005'}`, `nfts ${HOLDER}`]);
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

  it('keeps what it read for a process just started: it reads only what is new on the ledger, no transaction again', async () => {
    const first = await setup();
    const before = await first.service.view(HOLDER, HOLDER);
    expect(first.calls).toContain('detail');
    const next = await setup({ table: first.table });
    const after = await next.service.view(HOLDER, HOLDER);
    expect(next.calls.sort()).toEqual([`account ${HOLDER}`, `list ${HOLDER} after ${'1700000100.000000005'}`, `nfts ${HOLDER}`]);
    expect(after.status === 'complete' && after.lots).toEqual(before.status === 'complete' && before.lots);
  });

  it('answers an account whose list runs past one load as still reading (no P&L), and reads on from there at the next', async () => {
    const { service, calls } = await setup({ paged: true });
    const reading = await service.view(HOLDER, HOLDER);
    expect(reading).toMatchObject({ status: 'reading', tradesRead: 1, readThrough: '2023-11-14T22:15:00.000Z' });
    expect(reading).not.toHaveProperty('totals');
    // Not answered again from the cache: the next request reads on from the purchase.
    const done = await complete(service.view(HOLDER, HOLDER));
    expect(calls.filter((call) => call.startsWith('list'))).toEqual([`list ${HOLDER}`, `list ${HOLDER} after ${'1700000100.000000005'}`]);
    expect(calls.filter((call) => call === 'detail')).toHaveLength(2);
    // Bought for 40, sold for 55 with a 2.75 royalty: 12.25 PAWS realized.
    expect(done.totals.realized.paws).toBe('12.25');
  });

  it('gives no CSV of part of the trades: PORTFOLIO_READING while the list is being read, then all of them', async () => {
    const { service } = await setup({ paged: true });
    expect(await codeOf(service.csv(HOLDER, HOLDER))).toBe('PORTFOLIO_READING');
    const csv = await service.csv(HOLDER, HOLDER);
    expect(csv.split('\n').filter((line) => line.includes('#9') || line.includes(',9,'))).toHaveLength(2);
  });

  it('never steps past a listed transaction whose detail the mirror did not have yet: still reading, and it is read the next time', async () => {
    const { service, calls } = await setup({ detailLate: true });
    expect(await service.view(HOLDER, HOLDER)).toMatchObject({ status: 'reading', tradesRead: 0 });
    const done = await complete(service.view(HOLDER, HOLDER));
    expect(done.lots).toEqual([expect.objectContaining({ serial: 9, cost: { hbar: '0', paws: '40', usd: 0.04 } })]);
    // Read on from just before the purchase, so the list gives it again.
    expect(calls.filter((call) => call.startsWith('list'))).toEqual([`list ${HOLDER}`, `list ${HOLDER} after 1700000100.000000004`]);
  });

  it('reads on a kept portfolio for the scheduled job, and leaves an account never loaded alone', async () => {
    const { service, reading, calls } = await setup({ paged: true });
    expect(await reading.refresh(HOLDER)).toBe(false);
    expect(calls).toEqual([]);
    await service.view(HOLDER, HOLDER);
    expect(await reading.refresh(HOLDER)).toBe(true);
    calls.length = 0;
    const done = await service.view(HOLDER, HOLDER);
    expect(done.status).toBe('complete');
    expect(calls.filter((call) => call === 'detail')).toEqual([]);
  });
});
