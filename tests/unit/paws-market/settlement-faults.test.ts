import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '../../../src/features/ledger/errors';
import type { LedgerNft, LedgerReader, LedgerTransaction } from '../../../src/features/ledger/ledger-reader-port';
import { type ListingRepo, createListingRepo } from '../../../src/features/paws-market/listing-repo';
import { createPawsMarketService } from '../../../src/features/paws-market/paws-market-service';
import { TRANSACTION_VISIBLE_WITHIN_MS } from '../../../src/features/ledger/transaction-visibility';
import type { Settlement } from '../../../src/features/paws-market/settlement';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';
import { failureStatus } from '../../support/http-status';

process.env.LOG_LEVEL = 'silent';

const SELLER = '0.0.1001';
const BUYER = '0.0.1002';
const MARKET = '0.0.900';
const settings = { nftTokenId: '0.0.500', pawsTokenId: '0.0.600', marketplaceAccountId: MARKET };

let memory: MemoryStore;

beforeAll(async () => {
  memory = await startMemoryStore();
});
afterAll(() => memory.stop());

/** A ledger the test controls: one NFT of the seller approved to the market, a buyer with PAWS and allowance. */
function fakeLedger() {
  const state = {
    nft: { tokenId: settings.nftTokenId, serial: 7, owner: SELLER, spender: MARKET, delegatingSpender: null, metadata: '', deleted: false } as LedgerNft,
    buyerPaws: 1_000_000_000n,
    allowance: 1_000_000_000n,
    transactions: new Map<string, LedgerTransaction>(),
    sellerPayable: true,
    failReads: false,
  };
  const guard = () => {
    if (state.failReads) throw new LedgerUnavailableError('mirror node timed out');
  };
  const ledger = {
    getNft: async () => {
      guard();
      return { ...state.nft };
    },
    getTokenInfo: async () => ({ decimals: 6, treasuryAccountId: null, customFees: { fixed: [], fractional: [], royalty: [] } }),
    getTokenAllowance: async () => {
      guard();
      return state.allowance;
    },
    getTokenBalance: async () => {
      guard();
      return { associated: true, balance: state.buyerPaws, decimals: 6 };
    },
    getNftsBySerial: async () => {
      guard();
      return new Map([[state.nft.serial, { ...state.nft }]]);
    },
    canReceiveToken: async () => {
      guard();
      return state.sellerPayable;
    },
    getTransaction: async (id: string) => state.transactions.get(id) ?? null,
  } as unknown as LedgerReader;
  return { state, ledger };
}

/** A transaction id paid by `payer`, valid from `at` (ms). */
function transactionIdAt(payer: string, at: number, nanos: number): string {
  return `${payer}@${Math.floor(at / 1000)}.${String(nanos).padStart(9, '0')}`;
}

/** A settlement whose outcome the test chooses; it counts executions and applies SUCCESS to the fake ledger. */
function fakeSettlement(state: ReturnType<typeof fakeLedger>['state'], outcome: () => Promise<{ status: string }>, now: () => number) {
  let executed = 0;
  let counter = 0;
  const settlement: Settlement = {
    prepare: async (input) => {
      counter += 1;
      const transactionId = transactionIdAt(MARKET, now(), counter);
      return {
        transactionId,
        execute: async () => {
          executed += 1;
          const result = await outcome();
          if (result.status === 'SUCCESS') {
            state.nft = { ...state.nft, owner: input.buyerId, spender: null };
            state.buyerPaws -= input.amount;
            state.transactions.set(transactionId, { result: 'SUCCESS' } as LedgerTransaction);
          }
          return result;
        },
      };
    },
  };
  return { settlement, executions: () => executed };
}

let store: ListingRepo;
let table: string;
beforeEach(async () => {
  table = await memory.newTable();
  store = createListingRepo(memory.doc, table);
});

async function listedService(outcome: () => Promise<{ status: string }>, now = () => Date.now()) {
  const { state, ledger } = fakeLedger();
  const { settlement, executions } = fakeSettlement(state, outcome, now);
  const service = createPawsMarketService({ store, ledger, settlement, settings, display: async () => undefined, now });
  const { pendingListing } = await service.prepareListing(SELLER, { sellerId: SELLER, tokenId: settings.nftTokenId, serialNumber: 7, pawsPrice: '100' });
  const approvalTransactionId = transactionIdAt(SELLER, now(), 999);
  state.transactions.set(approvalTransactionId, { result: 'SUCCESS', consensusTimestamp: '1.0' } as LedgerTransaction);
  const { listing } = await service.completeListing(SELLER, { pendingListingId: pendingListing.id, approvalTransactionId });
  return { service, state, listing, executions };
}

describe('PAWS settlement faults', () => {
  it('a ledger refusal releases the claim, marks nothing sold and moves nothing', async () => {
    const { service, state, listing } = await listedService(async () => ({ status: 'INSUFFICIENT_TOKEN_BALANCE' }));
    expect(await failureStatus(service.buy(BUYER, { listingId: listing.id, buyerId: BUYER }))).toBe(409);
    expect((await store.getListing(listing.id))?.status).toBe('active');
    expect(state.nft.owner).toBe(SELLER);
    expect(state.buyerPaws).toBe(1_000_000_000n);
  });

  it('a time-out after submission keeps the claim; the next request settles it from the ledger, once', async () => {
    let first = true;
    const { service, state, listing, executions } = await listedService(async () => {
      if (first) {
        first = false;
        throw new LedgerUnavailableError('receipt timed out');
      }
      return { status: 'SUCCESS' };
    });
    // the network never answered: the buyer gets a clear 503 and the listing stays claimed
    expect(await failureStatus(service.buy(BUYER, { listingId: listing.id, buyerId: BUYER }))).toBe(503);
    expect((await store.getListing(listing.id))?.status).toBe('claimed');
    // the ledger does not know the transaction yet: a retry does not pay again
    expect(await failureStatus(service.buy(BUYER, { listingId: listing.id, buyerId: BUYER }))).toBe(409);
    expect(executions()).toBe(1);
    expect(state.buyerPaws).toBe(1_000_000_000n);
  });

  it('a time-out whose transaction did reach consensus is recorded as the sale on the next request', async () => {
    const holder: { state?: ReturnType<typeof fakeLedger>['state'] } = {};
    const { service, state, listing } = await listedService(async () => {
      // consensus happened, but the answer was lost on the way back
      holder.state!.nft = { ...holder.state!.nft, owner: BUYER, spender: null };
      holder.state!.buyerPaws -= 100_000_000n;
      throw new LedgerUnavailableError('connection reset');
    });
    holder.state = state;
    expect(await failureStatus(service.buy(BUYER, { listingId: listing.id, buyerId: BUYER }))).toBe(503);
    const claimed = await store.getListing(listing.id);
    state.transactions.set(claimed!.claim!.transactionId, { result: 'SUCCESS' } as LedgerTransaction);
    const repeat = await service.buy(BUYER, { listingId: listing.id, buyerId: BUYER });
    expect(repeat).toMatchObject({ success: true, transactionId: claimed!.claim!.transactionId });
    expect((await store.getListing(listing.id))?.status).toBe('sold');
    expect(state.buyerPaws).toBe(900_000_000n);
  });

  it('a claim whose transaction never reached the ledger is released once it can no longer reach it', async () => {
    let clock = Date.now();
    const { service, listing } = await listedService(
      async () => {
        throw new LedgerUnavailableError('node unreachable');
      },
      () => clock,
    );
    expect(await failureStatus(service.buy(BUYER, { listingId: listing.id, buyerId: BUYER }))).toBe(503);
    clock += TRANSACTION_VISIBLE_WITHIN_MS + 1_000;
    expect(await failureStatus(service.buy(BUYER, { listingId: listing.id, buyerId: BUYER }))).toBe(503);
    // released then re-claimed by the retry, which failed again the same way: still not sold, nothing paid
    expect((await store.getListing(listing.id))?.status).not.toBe('sold');
  });

  it('a sale is recorded before its listing shows sold; a record cut short between the two answers the purchase settling (its transaction named), and the next run finishes it, once', async () => {
    const real = store;
    let stopBeforeSold = true;
    store = {
      ...real,
      transition: async (...args: Parameters<ListingRepo['transition']>) => {
        if (args[2] === 'sold' && stopBeforeSold) {
          stopBeforeSold = false;
          throw new Error('the process stopped here');
        }
        return real.transition(...args);
      },
    };
    const { service, listing } = await listedService(async () => ({ status: 'SUCCESS' }));
    const sales = async () =>
      (
        await memory.doc.send(
          new ScanCommand({ TableName: table, FilterExpression: 'begins_with(pk, :sale)', ExpressionAttributeValues: { ':sale': 'PAWSSALE#' } }),
        )
      ).Items ?? [];

    const settling = service.buy(BUYER, { listingId: listing.id, buyerId: BUYER });
    await expect(settling).rejects.toMatchObject({ code: 'SETTLEMENT_UNCONFIRMED' });
    const claimed = await real.getListing(listing.id);
    await expect(settling).rejects.toMatchObject({ details: { transactionId: claimed?.claim?.transactionId } });
    expect(claimed?.status).toBe('claimed');
    expect(await sales()).toMatchObject([{ listingId: listing.id, buyerId: BUYER, transactionId: claimed?.claim?.transactionId }]);

    await service.buy(BUYER, { listingId: listing.id, buyerId: BUYER });
    expect(await real.getListing(listing.id)).toMatchObject({ status: 'sold', sale: { buyerId: BUYER, transactionId: claimed?.claim?.transactionId } });
    expect(await sales()).toHaveLength(1);
  });

  it('a mirror node outage before the claim is a clear 503 and claims nothing', async () => {
    const { service, state, listing, executions } = await listedService(async () => ({ status: 'SUCCESS' }));
    state.failReads = true;
    await expect(service.buy(BUYER, { listingId: listing.id, buyerId: BUYER })).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect((await store.getListing(listing.id))?.status).toBe('active');
    expect(executions()).toBe(0);
  });
});
