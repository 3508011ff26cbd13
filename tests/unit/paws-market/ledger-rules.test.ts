import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerNft, LedgerReader, LedgerTransaction } from '../../../src/features/ledger/ledger-reader-port';
import { type ListingRepo, createListingRepo } from '../../../src/features/paws-market/listing-repo';
import { parsePawsPrice } from '../../../src/features/paws-market/listing';
import { createPawsMarketService } from '../../../src/features/paws-market/paws-market-service';
import type { BatchSettlement, Settlement } from '../../../src/features/paws-market/settlement';
import { toHttpFailure } from '../../../src/server/http/error-mapping';
import { withRequestBudget } from '../../../src/platform/request-budget';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

process.env.LOG_LEVEL = 'silent';

const MARKET = '0.0.900';
const BUYER = '0.0.2002';
const settings = { nftTokenId: '0.0.500', pawsTokenId: '0.0.600', marketplaceAccountId: MARKET, settlementTimeoutMs: 1_000 };

let memory: MemoryStore;
beforeAll(async () => {
  memory = await startMemoryStore();
});
afterAll(() => memory.stop());

const seconds = () => Math.floor(Date.now() / 1000);
let nanos = 0;
const txId = (payer: string) => `${payer}@${seconds()}.${String(++nanos).padStart(9, '0')}`;

/** A ledger of several sellers' tigers, each approved to the market, with counters of what was read. */
function fakeLedger() {
  const nfts = new Map<number, LedgerNft>();
  const unpayable = new Set<string>();
  const visible = new Map<string, LedgerTransaction>();
  const reads = { getNft: 0, getNftsBySerial: 0, canReceiveToken: 0 };
  const ledger = {
    getNft: async (_token: string, serial: number) => {
      reads.getNft += 1;
      return nfts.get(serial) ?? null;
    },
    getNftsBySerial: async (_token: string, serials: readonly number[]) => {
      reads.getNftsBySerial += 1;
      return new Map(serials.flatMap((serial) => (nfts.has(serial) ? [[serial, nfts.get(serial) as LedgerNft] as const] : [])));
    },
    canReceiveToken: async (account: string) => {
      reads.canReceiveToken += 1;
      return !unpayable.has(account);
    },
    getTokenInfo: async () => ({ decimals: 6, treasuryAccountId: null, customFees: { fixed: [], fractional: [], royalty: [] } }),
    getTokenAllowance: async () => 10_000_000_000n,
    getTokenBalance: async () => ({ associated: true, balance: 10_000_000_000n, decimals: 6 }),
    getTransaction: async (id: string) => visible.get(id) ?? null,
  } as unknown as LedgerReader;
  const own = (serial: number, owner: string) =>
    nfts.set(serial, { tokenId: settings.nftTokenId, serial, owner, spender: MARKET, delegatingSpender: null, metadata: '', deleted: false });
  const show = (id: string, result = 'SUCCESS') => visible.set(id, { result, consensusTimestamp: `${seconds()}.000000000` } as LedgerTransaction);
  return { ledger, own, show, unpayable, reads, nfts };
}

let store: ListingRepo;
beforeEach(async () => {
  store = createListingRepo(memory.doc, await memory.newTable());
});

function market(fake: ReturnType<typeof fakeLedger>) {
  let executions = 0;
  const settlement: Settlement = {
    prepare: async (input) => {
      const transactionId = txId(MARKET);
      return {
        transactionId,
        execute: async () => {
          executions += 1;
          fake.own(input.serial, input.buyerId);
          fake.show(transactionId);
          return { status: 'SUCCESS' };
        },
      };
    },
  };
  const service = createPawsMarketService({ store, ledger: fake.ledger, settlement, settings, display: async () => undefined });
  return { service, executions: () => executions };
}

/** Lists `serial` of `seller` through prepare and complete, with an approval the mirror node already shows. */
async function listed(service: ReturnType<typeof market>['service'], fake: ReturnType<typeof fakeLedger>, seller: string, serial: number, price = '10') {
  fake.own(serial, seller);
  const { pendingListing } = await service.prepareListing(seller, { sellerId: seller, tokenId: settings.nftTokenId, serialNumber: serial, pawsPrice: price });
  const approvalTransactionId = txId(seller);
  fake.show(approvalTransactionId);
  return (await service.completeListing(seller, { pendingListingId: pendingListing.id, approvalTransactionId })).listing;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => toHttpFailure(error),
  );

describe('PAWS prices that cannot wrap', () => {
  it('take at most 2 decimals, as the input’s step says, and no more than the ledger holds (int64 base units)', () => {
    expect(parsePawsPrice('12.34', 6)).toEqual({ units: 12_340_000n });
    expect(parsePawsPrice('12.340000', 6)).toEqual({ units: 12_340_000n });
    expect(parsePawsPrice('12.345', 6)).toEqual({ problem: 'at most 2 decimals' });
    expect(parsePawsPrice('9223372036854.77', 6)).toEqual({ units: 9_223_372_036_854_770_000n });
    expect(parsePawsPrice('9223372036855', 6)).toEqual({ problem: 'more PAWS than the ledger can hold' });
    expect(parsePawsPrice('18446744073709.55', 6)).toEqual({ problem: 'more PAWS than the ledger can hold' });
    expect(parsePawsPrice(`1${'0'.repeat(40)}`, 6)).toEqual({ problem: 'more PAWS than the ledger can hold' });
    for (const bad of ['0', '0.00', '-1', 'abc', '1e3', '']) expect(parsePawsPrice(bad, 6)).toEqual({ problem: 'a number greater than 0' });
  });

  it('a listing at 12.345 or beyond the int64 range is refused with a clear 400 and its code', async () => {
    const fake = fakeLedger();
    const { service } = market(fake);
    fake.own(1, '0.0.1001');
    for (const pawsPrice of ['12.345', '18446744073709.552616']) {
      const answer = await failure(service.prepareListing('0.0.1001', { sellerId: '0.0.1001', tokenId: settings.nftTokenId, serialNumber: 1, pawsPrice }));
      expect(answer, pawsPrice).toMatchObject({ status: 400, body: { code: 'INVALID_PRICE', error: 'Please enter a valid PAWS price' } });
    }
  });
});

describe('sellers who can be paid', () => {
  it('a seller who cannot receive PAWS cannot list', async () => {
    const fake = fakeLedger();
    const { service } = market(fake);
    fake.own(1, '0.0.1001');
    fake.unpayable.add('0.0.1001');
    const answer = await failure(service.prepareListing('0.0.1001', { sellerId: '0.0.1001', tokenId: settings.nftTokenId, serialNumber: 1, pawsPrice: '5' }));
    expect(answer).toMatchObject({ status: 409, body: { code: 'SELLER_CANNOT_RECEIVE_PAWS' } });
  });

  it('listing health drops a listing whose seller can no longer be paid, and a buy of it settles nothing', async () => {
    const fake = fakeLedger();
    const { service, executions } = market(fake);
    const kept = await listed(service, fake, '0.0.1001', 1);
    const dropped = await listed(service, fake, '0.0.1002', 2);
    fake.unpayable.add('0.0.1002');
    const answer = await failure(service.buy(BUYER, { listingId: dropped.id, buyerId: BUYER }));
    expect(answer).toMatchObject({ status: 409, body: { code: 'LISTING_UNAVAILABLE', error: expect.stringContaining('can no longer receive PAWS') } });
    expect(executions()).toBe(0);
    const page = await service.listActive(1, 20);
    expect(page.listings.map((listing) => listing.id)).toEqual([kept.id]);
    expect((await store.getListing(dropped.id))?.status).toBe('invalid');
  });

  it('the listing health job checks every listing in one batched read, not one mirror read per listing; the listings page reads none', async () => {
    const fake = fakeLedger();
    const { service } = market(fake);
    for (let serial = 1; serial <= 12; serial++) await listed(service, fake, `0.0.${1000 + (serial % 3)}`, serial);
    fake.unpayable.add('0.0.1002');
    const before = { ...fake.reads };
    expect(await service.checkListings()).toEqual({ checked: 12, retired: 4 });
    expect(fake.reads.getNft - before.getNft).toBe(0);
    expect(fake.reads.getNftsBySerial - before.getNftsBySerial).toBe(1);
    expect(fake.reads.canReceiveToken - before.canReceiveToken).toBeLessThanOrEqual(3);
    const after = { ...fake.reads };
    expect((await service.listActive(1, 20)).total).toBe(8);
    expect(fake.reads).toEqual(after);
  });
});

describe('flows that wait for the ledger', () => {
  it('completes a listing only once the mirror node shows the approval; until then LEDGER_PENDING, never a failure', async () => {
    const fake = fakeLedger();
    const { service } = market(fake);
    fake.own(3, '0.0.1001');
    const { pendingListing } = await service.prepareListing('0.0.1001', {
      sellerId: '0.0.1001',
      tokenId: settings.nftTokenId,
      serialNumber: 3,
      pawsPrice: '7.5',
    });
    const approvalTransactionId = txId('0.0.1001');
    const complete = () => service.completeListing('0.0.1001', { pendingListingId: pendingListing.id, approvalTransactionId });
    const pending = await failure(withRequestBudget(1_800, complete));
    expect(pending).toMatchObject({ status: 409, body: { code: 'LEDGER_PENDING', transactionId: approvalTransactionId } });
    fake.show(approvalTransactionId);
    const done = await complete();
    expect(done.listing).toMatchObject({ id: pendingListing.id, status: 'active', pawsPrice: '7.5' });
    // asked again (a retry, a late wallet answer): the same listing, not an error
    expect((await complete()).listing.id).toBe(pendingListing.id);
  });

  it('refuses an approval that failed on the ledger, or that another account paid', async () => {
    const fake = fakeLedger();
    const { service } = market(fake);
    fake.own(4, '0.0.1001');
    const { pendingListing } = await service.prepareListing('0.0.1001', {
      sellerId: '0.0.1001',
      tokenId: settings.nftTokenId,
      serialNumber: 4,
      pawsPrice: '1',
    });
    const failed = txId('0.0.1001');
    fake.show(failed, 'INVALID_SIGNATURE');
    expect(await failure(service.completeListing('0.0.1001', { pendingListingId: pendingListing.id, approvalTransactionId: failed }))).toMatchObject({
      status: 409,
      body: { code: 'TRANSACTION_FAILED', result: 'INVALID_SIGNATURE' },
    });
    const foreign = txId('0.0.1005');
    fake.show(foreign);
    expect(await failure(service.completeListing('0.0.1001', { pendingListingId: pendingListing.id, approvalTransactionId: foreign }))).toMatchObject({
      status: 400,
      body: { code: 'NFT_ALLOWANCE_MISSING' },
    });
  });

  it('buys after a first-time allowance only once the mirror node shows the approval', async () => {
    const fake = fakeLedger();
    const { service, executions } = market(fake);
    const listing = await listed(service, fake, '0.0.1001', 5);
    const allowanceTransactionId = txId(BUYER);
    const buy = () => service.buy(BUYER, { listingId: listing.id, buyerId: BUYER, allowanceTransactionId });
    expect(await failure(withRequestBudget(3_500, buy))).toMatchObject({
      status: 409,
      body: { code: 'LEDGER_PENDING', transactionId: allowanceTransactionId },
    });
    expect(executions()).toBe(0);
    fake.show(allowanceTransactionId);
    expect(await withRequestBudget(13_000, buy)).toMatchObject({ success: true });
    expect(executions()).toBe(1);
  });

  it('keeps back, while it waits for a first allowance, the time the checks after it and the settlement need', async () => {
    const fake = fakeLedger();
    const { service, executions } = market(fake);
    const listing = await listed(service, fake, '0.0.1001', 7);
    const allowanceTransactionId = txId(BUYER);
    // The approval shows on the mirror node 0.8 s into the request, and the balance read after it takes 0.4 s.
    const showing = setTimeout(() => fake.show(allowanceTransactionId), 800);
    const balance = fake.ledger.getTokenBalance.bind(fake.ledger);
    fake.ledger.getTokenBalance = async (...args) => new Promise((done) => setTimeout(() => done(balance(...args)), 400));
    const buy = () => service.buy(BUYER, { listingId: listing.id, buyerId: BUYER, allowanceTransactionId });
    // Not a settlement refused for lack of time (LEDGER_TIMEOUT): the request stops waiting early enough, and is asked again.
    expect(await failure(withRequestBudget(3_700, buy))).toMatchObject({ status: 409, body: { code: 'LEDGER_PENDING' } });
    clearTimeout(showing);
    fake.show(allowanceTransactionId);
    expect(await withRequestBudget(13_000, buy)).toMatchObject({ success: true });
    expect(executions()).toBe(1);
  });

  it('starts no settlement it could not finish within the request’s budget', async () => {
    const fake = fakeLedger();
    const { service, executions } = market(fake);
    const listing = await listed(service, fake, '0.0.1001', 6);
    const answer = await failure(withRequestBudget(2_000, () => service.buy(BUYER, { listingId: listing.id, buyerId: BUYER })));
    expect(answer).toMatchObject({ status: 504, body: { code: 'LEDGER_TIMEOUT' } });
    expect(executions()).toBe(0);
    expect((await store.getListing(listing.id))?.status).toBe('active');
  });
});

describe('a checkout’s transfers, each on its own', () => {
  /** A market whose batch settlement `refuse`s some batches before submission (prepare or execute throwing); the others settle on the fake ledger. */
  function cartMarket(fake: ReturnType<typeof fakeLedger>, refuse: (serials: number[]) => 'prepare' | 'execute' | null) {
    const settlement: Settlement = { prepare: async () => Promise.reject(new Error('not used')) };
    const batchSettlement: BatchSettlement = {
      prepareBatch: async (input) => {
        const serials = input.sales.map((sale) => sale.serial);
        if (refuse(serials) === 'prepare') throw new Error('the writer could not freeze the transfer');
        const transactionId = txId(MARKET);
        return {
          transactionId,
          execute: async () => {
            if (refuse(serials) === 'execute') throw new Error('the node refused the connection before sending');
            for (const serial of serials) fake.own(serial, input.buyerId);
            fake.show(transactionId);
            return { status: 'SUCCESS' };
          },
        };
      },
    };
    return createPawsMarketService({ store, ledger: fake.ledger, settlement, batchSettlement, settings, display: async () => undefined });
  }

  it.each(['prepare', 'execute'] as const)(
    'a transfer that fails at %s puts its listings back and answers them NOT_SUBMITTED, while the other transfer settles',
    async (stage) => {
      const fake = fakeLedger();
      const service = cartMarket(fake, (serials) => (serials.length === 1 ? stage : null));
      // Eleven tigers of one seller: ten in one transfer (ledger.nftTransfers.maxLen), one in another.
      const listings: { id: string }[] = [];
      for (let serial = 1; serial <= 11; serial += 1) listings.push(await listed(service, fake, '0.0.3001', serial));
      const answer = await withRequestBudget(30_000, () =>
        service.checkout(BUYER, {
          buyerId: BUYER,
          listingIds: listings.map((listing) => listing.id),
        }),
      );
      expect(answer.bought).toHaveLength(10);
      expect(answer.failed).toEqual([expect.objectContaining({ status: 'NOT_SUBMITTED' })]);
      const refused = answer.failed[0]?.listingId as string;
      expect((await store.getListing(refused))?.status).toBe('active');
      expect(fake.nfts.get(answer.failed[0]?.serialNumber as number)?.owner).toBe('0.0.3001');
      for (const line of answer.bought) expect((await store.getListing(line.listingId))?.status).toBe('sold');
    },
  );
});
