import { AccountId, Hbar, NftId, Timestamp, TokenId, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { describe, expect, it, vi } from 'vitest';
import { MarketRejectedError, MarketUnavailableError } from '@/features/hbar-market/market-errors';
import type { ListingRecord, MarketPort, SaleRecord } from '@/features/hbar-market/market-port';
import { MARKET_READ_CACHE_MS, createMarketService } from '@/features/hbar-market/market-service';
import type { PaidPurchase, PaidPurchases, PurchaseRecord, PurchaseRepo } from '@/features/hbar-market/purchase-repo';
import type { LedgerReader, LedgerTransaction } from '@/features/ledger/ledger-reader-port';
import { toSdkTransactionId } from '@/features/ledger/transaction-id';
import { DAVE } from '@/sandbox/ledger/demo-accounts';

process.env.LOG_LEVEL = 'silent';

const NFT = '0.0.7000333';
const SELLER = '0.0.7100003';

function memoryPurchases(): PurchaseRepo & PaidPurchases & { records: Map<string, PurchaseRecord>; paid: PaidPurchase[] } {
  const records = new Map<string, PurchaseRecord>();
  const paid: PaidPurchase[] = [];
  const latest = new Map<string, string>();
  const latestKey = (buyer: string, token: string, serial: number) => `${buyer}#${token}#${serial}`;
  const live = (code: string, now: number) => {
    const record = records.get(code);
    return record && Date.parse(record.expiresAt) > now ? record : undefined;
  };
  return {
    records,
    paid,
    async putPurchase(purchase) {
      const existing = records.get(purchase.saleVerificationCode);
      if (existing && existing.buyerId !== purchase.buyerId) return false;
      records.set(purchase.saleVerificationCode, purchase);
      return true;
    },
    getPurchase: async (code, now) => live(code, now),
    async latestPurchase(buyer, token, serial, now) {
      const code = latest.get(latestKey(buyer, token, serial)) ?? null;
      const purchase = code ? live(code, now) : undefined;
      return purchase ? { code, purchase } : { code };
    },
    async setLatest(purchase, previous) {
      const key = latestKey(purchase.buyerId, purchase.tokenId, purchase.serial);
      if ((latest.get(key) ?? null) !== previous) return false;
      latest.set(key, purchase.saleVerificationCode);
      return true;
    },
    async markCompleted(code, at) {
      const record = records.get(code);
      if (record && !record.completedAt) records.set(code, { ...record, completedAt: at });
    },
    async markPaid(purchase, at) {
      if (!paid.some((mark) => mark.transactionId === purchase.transactionId))
        paid.push({
          serial: purchase.serial,
          buyerId: purchase.buyerId,
          sellerId: purchase.sellerId ?? null,
          price: purchase.price,
          hbar: purchase.hbar ?? null,
          transactionId: purchase.transactionId,
          at,
        });
    },
    paidSince: async (since) => paid.filter((mark) => mark.at >= since),
  };
}

/** The mirror node's view of transactions: none until `settle` records one. */
function memoryLedger() {
  const records = new Map<string, LedgerTransaction>();
  const reader = {
    getTransaction: vi.fn(async (transactionId: string) => records.get(toSdkTransactionId(transactionId) ?? '') ?? null),
  } as unknown as LedgerReader & { getTransaction: ReturnType<typeof vi.fn> };
  return {
    reader,
    settle(transactionId: string, result = 'SUCCESS') {
      records.set(transactionId, { transactionId, result, consensusTimestamp: '1700000000.000000001', nonce: 0, scheduled: false } as LedgerTransaction);
    },
  };
}

function purchaseBytes(options: { serial?: number; buyer?: string; tinybars?: bigint; validStart?: Date } = {}): { bytes: string; transactionId: string } {
  const tinybars = options.tinybars ?? 12_000_000_000n;
  const buyer = options.buyer ?? DAVE;
  const market = AccountId.fromString('0.0.7000200');
  const transaction = new TransferTransaction()
    .addHbarTransfer(buyer, Hbar.fromTinybars((-tinybars).toString()))
    .addHbarTransfer(SELLER, Hbar.fromTinybars(tinybars.toString()))
    .addApprovedNftTransfer(new NftId(TokenId.fromString(NFT), options.serial ?? 12), SELLER, buyer)
    .setTransactionId(options.validStart ? TransactionId.withValidStart(market, Timestamp.fromDate(options.validStart)) : TransactionId.generate(market))
    .setNodeAccountIds([AccountId.fromString('0.0.3')])
    .freeze();
  return { bytes: Buffer.from(transaction.toBytes()).toString('base64'), transactionId: transaction.transactionId?.toString() ?? '' };
}

const sale = { saletype: 'Sale', salePrice: 120, saleDate: '2026-10-01T00:00:00.000Z', nftSerialId: 5 } as SaleRecord;
const listing = (serialId: number, isAvailableForPurchase = true, sellerAddress = SELLER) =>
  ({ serialId, salePrice: 120, sellerAddress, isAvailableForPurchase }) as ListingRecord;

function setup(overrides: Partial<MarketPort> = {}, latestBuyers?: () => Promise<ReadonlyMap<number, string>>) {
  let clock = Date.parse('2026-11-01T12:00:00.000Z');
  const prepared = purchaseBytes();
  const port: MarketPort = {
    activity: vi.fn(async () => [sale]),
    listings: vi.fn(async () => [listing(12), listing(13, false)]),
    floor: vi.fn(async () => 120),
    stats: vi.fn(async () => []),
    owners: vi.fn(async () => ({ ownerCount: 900, nftCount: 3328 })),
    buy: vi.fn(async () => ({ saleVerificationCode: 'code-1', transBytes: prepared.bytes, apimessage: 'sign it' })),
    buyComplete: vi.fn(async () => ({ success: true, apimessage: 'done' })),
    ...overrides,
  };
  const purchases = memoryPurchases();
  const ledger = memoryLedger();
  const service = createMarketService({
    port: async () => port,
    purchases,
    ...(latestBuyers ? { latestBuyers } : {}),
    display: async (serial) => ({ nftName: `Tiger ${serial}`, nftImage: `ipfs://tiger/${serial}` }),
    ledger: () => ledger.reader,
    nftTokenId: NFT,
    now: () => clock,
    settleWaitMs: 0,
  });
  return { service, port, purchases, ledger, prepared, advance: (ms: number) => (clock += ms) };
}

const buyInput = { tokenAddress: NFT, serial: 12, userAddress: DAVE, price: '120' };

describe('market reads', () => {
  it('answer in SentX’s envelopes and show only buyable listings', async () => {
    const { service, port } = setup();
    expect(await service.activity({ amount: 100 })).toEqual({ success: true, marketActivity: [sale] });
    expect(await service.listings({ sortBy: 'price', sortDirection: 'ASC', limit: 1000 })).toEqual({ success: true, marketListings: [listing(12)] });
    expect(port.listings).toHaveBeenCalledWith({ tokenId: NFT, sortBy: 'price', sortDirection: 'ASC', limit: 1000 });
    expect(await service.floor()).toEqual({ success: true, floor: 120 });
    expect(await service.holders(NFT)).toEqual({ success: true, ownerCount: 900 });
    await service.stats(30);
    expect(port.stats).toHaveBeenCalledWith({ tokenId: NFT, startDate: '2026-10-03', endDate: '2026-11-01' });
  });

  it('degrade to empty data when the market fails, and try again next time', async () => {
    const down = async () => {
      throw new MarketUnavailableError('SentX /v1/public/market/activity answered 500');
    };
    const { service, port } = setup({ activity: vi.fn(down), listings: down, floor: down, stats: down, owners: down });
    expect(await service.activity({ amount: 100 })).toEqual({ success: false, marketActivity: [] });
    expect(await service.listings({ sortBy: 'listingDate', sortDirection: 'DESC', limit: 10 })).toEqual({ success: false, marketListings: [] });
    expect(await service.floor()).toEqual({ success: false, floor: null });
    expect(await service.stats(7)).toEqual({ success: false, stats: [] });
    expect(await service.holders(NFT)).toEqual({ success: false, ownerCount: null });
    await service.activity({ amount: 100 });
    expect(port.activity).toHaveBeenCalledTimes(2);
  });

  it('are cached 60 s', async () => {
    const { service, port, advance } = setup();
    await service.activity({ amount: 100 });
    await service.activity({ amount: 100 });
    expect(port.activity).toHaveBeenCalledTimes(1);
    advance(MARKET_READ_CACHE_MS + 1);
    await service.activity({ amount: 100 });
    expect(port.activity).toHaveBeenCalledTimes(2);
  });

  it('leave out the listings of tigers sold lately by anyone but their latest buyer, and list all when the sales cannot be read', async () => {
    const buyers = vi.fn(async () => new Map([[12, DAVE]]));
    const { service } = setup({ listings: vi.fn(async () => [listing(12), listing(14), listing(12, true, DAVE)]) }, buyers);
    const query = { sortBy: 'price', sortDirection: 'ASC', limit: 1000 } as const;
    expect((await service.listings(query)).marketListings).toEqual([listing(14), listing(12, true, DAVE)]);
    buyers.mockRejectedValueOnce(new Error('store down'));
    expect((await service.listings(query)).marketListings).toHaveLength(3);
  });

  it('serve only the configured collection', async () => {
    const { service } = setup();
    await expect(service.activity({ tokenId: '0.0.1', amount: 5 })).rejects.toMatchObject({ code: 'UNKNOWN_COLLECTION' });
    await expect(service.holders('0.0.1')).rejects.toMatchObject({ code: 'UNKNOWN_COLLECTION' });
  });
});

describe('buying', () => {
  it('prepares a purchase for the signed-in buyer and remembers its transaction', async () => {
    const { service, purchases, prepared, port } = setup();
    expect(await service.buy(DAVE, buyInput)).toEqual({
      success: true,
      data: { saleVerificationCode: 'code-1', transBytes: prepared.bytes, apimessage: 'sign it' },
    });
    expect(port.buy).toHaveBeenCalledWith({ tokenId: NFT, serial: 12, buyerId: DAVE, price: '120' });
    expect(purchases.records.get('code-1')).toMatchObject({ buyerId: DAVE, transactionId: prepared.transactionId, serial: 12, price: '120' });
  });

  it('refuses another account, another token and a malformed price before asking the market', async () => {
    const { service, port } = setup();
    await expect(service.buy('0.0.7001001', buyInput)).rejects.toMatchObject({ code: 'NOT_YOUR_ACCOUNT' });
    await expect(service.buy(DAVE, { ...buyInput, tokenAddress: '0.0.5' })).rejects.toMatchObject({ code: 'WRONG_TOKEN' });
    await expect(service.buy(DAVE, { ...buyInput, price: '-1' })).rejects.toThrow('Please enter a valid HBAR price');
    await expect(service.buy(DAVE, { ...buyInput, price: '0' })).rejects.toThrow('Please enter a valid HBAR price');
    expect(port.buy).not.toHaveBeenCalled();
  });

  it('passes the market’s refusal and its outage on as their own errors', async () => {
    const refused = setup({ buy: async () => Promise.reject(new MarketRejectedError('Price does not match the current listing')) });
    await expect(refused.service.buy(DAVE, buyInput)).rejects.toMatchObject({ code: 'MARKET_REJECTED', message: 'Price does not match the current listing' });
    const down = setup({ buy: async () => Promise.reject(new MarketUnavailableError('timed out')) });
    await expect(down.service.buy(DAVE, buyInput)).rejects.toMatchObject({ code: 'MARKET_UNAVAILABLE' });
  });

  it('never hands out a transaction that charges more or delivers elsewhere', async () => {
    for (const bad of [purchaseBytes({ tinybars: 12_000_000_001n }), purchaseBytes({ serial: 99 }), purchaseBytes({ buyer: '0.0.7001001' })]) {
      const { service, purchases } = setup({ buy: async () => ({ saleVerificationCode: 'code-x', transBytes: bad.bytes, apimessage: '' }) });
      await expect(service.buy(DAVE, buyInput)).rejects.toMatchObject({ code: 'MARKET_TRANSACTION_MISMATCH' });
      expect(purchases.records.size).toBe(0);
    }
  });

  it('refuses a code the market already gave another buyer', async () => {
    const { service, purchases } = setup();
    purchases.records.set('code-1', { buyerId: '0.0.7001002', expiresAt: '2099-01-01T00:00:00.000Z' } as PurchaseRecord);
    await expect(service.buy(DAVE, buyInput)).rejects.toMatchObject({ code: 'SALE_OF_ANOTHER_BUYER' });
  });
});

describe('completing a purchase', () => {
  it('is only for the buyer who started it, and unknown codes are 404', async () => {
    const { service, port } = setup();
    await service.buy(DAVE, buyInput);
    await expect(service.complete(DAVE, 'nope')).rejects.toMatchObject({ code: 'SALE_NOT_FOUND' });
    await expect(service.complete('0.0.7001001', 'code-1')).rejects.toMatchObject({ code: 'NOT_YOUR_ACCOUNT' });
    expect(port.buyComplete).not.toHaveBeenCalled();
  });

  it('confirms the frozen transaction on the ledger, then with the market, and drops the read caches', async () => {
    const { service, port, prepared, ledger } = setup();
    await service.activity({ amount: 100 });
    await service.listings({ sortBy: 'listingDate', sortDirection: 'DESC', limit: 1000 });
    await service.buy(DAVE, buyInput);
    ledger.settle(prepared.transactionId);
    expect(await service.complete(DAVE, 'code-1')).toEqual({ success: true, data: { success: true, apimessage: 'done' } });
    expect(ledger.reader.getTransaction).toHaveBeenCalledWith(prepared.transactionId, { nonce: 0, scheduled: false });
    expect(port.buyComplete).toHaveBeenCalledWith({ saleVerificationCode: 'code-1', transactionId: prepared.transactionId });
    await service.activity({ amount: 100 });
    await service.listings({ sortBy: 'listingDate', sortDirection: 'DESC', limit: 1000 });
    expect(port.activity).toHaveBeenCalledTimes(2);
    expect(port.listings).toHaveBeenCalledTimes(2);
  });

  it('shows a paid purchase in the activity, newest first, until the market records the sale', async () => {
    let recorded: SaleRecord[] = [sale];
    const { service, ledger, prepared, advance } = setup({
      activity: async () => recorded,
      buyComplete: async () => ({ success: false, apimessage: 'not recorded' }),
    });
    await service.buy(DAVE, buyInput);
    ledger.settle(prepared.transactionId);
    await service.complete(DAVE, 'code-1');
    const paidRow = { nftSerialId: 12, buyerAddress: DAVE, sellerAddress: SELLER, salePrice: 120, nftName: 'Tiger 12', nftImage: 'ipfs://tiger/12' };
    expect((await service.activity({ amount: 100 })).marketActivity).toEqual([expect.objectContaining(paidRow), sale]);
    expect((await service.activity({ amount: 1 })).marketActivity).toEqual([expect.objectContaining(paidRow)]);
    recorded = [{ ...sale, nftSerialId: 12, buyerAddress: DAVE, saleDate: new Date(Date.parse('2026-11-01T12:00:00.000Z') - 5_000).toISOString() }, sale];
    advance(MARKET_READ_CACHE_MS + 1);
    expect((await service.activity({ amount: 100 })).marketActivity).toEqual(recorded);
  });

  it('keeps the caches when the market did not confirm', async () => {
    const { service, port, ledger, prepared } = setup({ buyComplete: async () => ({ success: false, apimessage: 'not recorded' }) });
    await service.activity({ amount: 100 });
    await service.buy(DAVE, buyInput);
    ledger.settle(prepared.transactionId);
    expect(await service.complete(DAVE, 'code-1')).toEqual({ success: true, data: { success: false, apimessage: 'not recorded' } });
    await service.activity({ amount: 100 });
    expect(port.activity).toHaveBeenCalledTimes(1);
  });

  it('asks the market nothing while the ledger is still settling the transaction: LEDGER_PENDING', async () => {
    const { service, port, prepared } = setup();
    await service.buy(DAVE, buyInput);
    await expect(service.complete(DAVE, 'code-1')).rejects.toMatchObject({ code: 'LEDGER_PENDING', details: { transactionId: prepared.transactionId } });
    expect(port.buyComplete).not.toHaveBeenCalled();
  });

  it('reports a transaction the ledger refused, and one that expired unexecuted, without asking the market', async () => {
    const refused = setup();
    await refused.service.buy(DAVE, buyInput);
    refused.ledger.settle(refused.prepared.transactionId, 'INSUFFICIENT_ACCOUNT_BALANCE');
    await expect(refused.service.complete(DAVE, 'code-1')).rejects.toMatchObject({
      code: 'TRANSACTION_FAILED',
      message: 'The purchase transaction failed (INSUFFICIENT_ACCOUNT_BALANCE); the HBAR and the tiger did not move',
    });

    const old = purchaseBytes({ validStart: new Date(Date.now() - 10 * 60_000) });
    const expired = setup({ buy: async () => ({ saleVerificationCode: 'code-1', transBytes: old.bytes, apimessage: '' }) });
    await expired.service.buy(DAVE, buyInput);
    await expect(expired.service.complete(DAVE, 'code-1')).rejects.toMatchObject({ code: 'PURCHASE_EXPIRED' });
    expect(refused.port.buyComplete).not.toHaveBeenCalled();
    expect(expired.port.buyComplete).not.toHaveBeenCalled();
  });

  it('completes once: completing again answers the same without asking the market', async () => {
    const { service, port, ledger, prepared } = setup();
    await service.buy(DAVE, buyInput);
    ledger.settle(prepared.transactionId);
    await service.complete(DAVE, 'code-1');
    expect(await service.complete(DAVE, 'code-1')).toEqual({ success: true, data: { success: true, apimessage: 'Wild Tiger #12 is yours' } });
    expect(port.buyComplete).toHaveBeenCalledTimes(1);
  });
});

describe('a late wallet answer never strands money', () => {
  /** A market like SentX that prepares a fresh sale (new code, new transaction) on every request. */
  function freshSales() {
    let sales = 0;
    const prepared: { bytes: string; transactionId: string }[] = [];
    const buy = vi.fn(async () => {
      const next = purchaseBytes();
      prepared.push(next);
      sales += 1;
      return { saleVerificationCode: `code-${sales}`, transBytes: next.bytes, apimessage: 'sign it' };
    });
    return { buy, prepared };
  }

  it('a buy again while the first purchase may still execute hands out that purchase, not a second one', async () => {
    const market = freshSales();
    const { service, port } = setup({ buy: market.buy });
    const first = (await service.buy(DAVE, buyInput)).data;
    const again = (await service.buy(DAVE, buyInput)).data;
    expect(again).toEqual({ ...first, apimessage: expect.stringContaining('still in progress'), resumed: 'pending' });
    expect(port.buy).toHaveBeenCalledTimes(1);
  });

  it('a buy again after the wallet paid late hands out the paid purchase to complete; it completes into one sale', async () => {
    const market = freshSales();
    const { service, port, ledger } = setup({ buy: market.buy });
    const first = (await service.buy(DAVE, buyInput)).data;
    // The dialog gave up after 45 s; then the wallet approved: the ledger settled the purchase.
    ledger.settle(market.prepared[0]?.transactionId ?? '');
    const again = (await service.buy(DAVE, buyInput)).data;
    expect(again).toMatchObject({ saleVerificationCode: first.saleVerificationCode, resumed: 'paid' });
    expect(port.buy).toHaveBeenCalledTimes(1);
    expect((await service.complete(DAVE, again.saleVerificationCode)).data.success).toBe(true);
    expect(port.buyComplete).toHaveBeenCalledTimes(1);
    expect(port.buyComplete).toHaveBeenCalledWith({ saleVerificationCode: first.saleVerificationCode, transactionId: market.prepared[0]?.transactionId });
  });

  it('a purchase that failed or expired on the ledger makes way for a new one', async () => {
    const market = freshSales();
    const { service, port, ledger } = setup({ buy: market.buy });
    await service.buy(DAVE, buyInput);
    ledger.settle(market.prepared[0]?.transactionId ?? '', 'INSUFFICIENT_ACCOUNT_BALANCE');
    const second = (await service.buy(DAVE, buyInput)).data;
    expect(second).toMatchObject({ saleVerificationCode: 'code-2' });
    expect(second.resumed).toBeUndefined();
    expect(port.buy).toHaveBeenCalledTimes(2);
  });

  it('two preparations racing for the same tiger and buyer end with one purchase in progress', async () => {
    const market = freshSales();
    const { service } = setup({ buy: market.buy });
    const [one, two] = await Promise.all([service.buy(DAVE, buyInput), service.buy(DAVE, buyInput)]);
    expect(one.data.saleVerificationCode).toBe(two.data.saleVerificationCode);
  });
});
