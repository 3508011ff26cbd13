import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LedgerUnavailableError } from '../../../src/features/ledger/errors';
import type { LedgerNft, LedgerReader, LedgerTransaction } from '../../../src/features/ledger/ledger-reader-port';
import { TRANSACTION_VISIBLE_WITHIN_MS } from '../../../src/features/ledger/transaction-visibility';
import { createListingRepo } from '../../../src/features/paws-market/listing-repo';
import { createOfferFundsRepo } from '../../../src/features/offers/offer-funds-repo';
import { type OfferRepo, createOfferRepo } from '../../../src/features/offers/offer-repo';
import type { MakeOfferInput } from '../../../src/features/offers/offer-context';
import { createOfferService } from '../../../src/features/offers/offer-service';
import type { Settlement } from '../../../src/features/paws-market/settlement';
import type { RarityDataset } from '../../../src/features/tiger/rarity';
import { failureAnswer, failureStatus } from '../../support/http-status';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

process.env.LOG_LEVEL = 'silent';

const BUYER = '0.0.2002';
const OWNER = '0.0.1001';
const MARKET = '0.0.900';
const settings = { nftTokenId: '0.0.500', pawsTokenId: '0.0.600', marketplaceAccountId: MARKET, settlementTimeoutMs: 1_000 };
const DATASET: RarityDataset = {
  rarityData: { 7: { rarityRank: 10, rarityPct: 0.003, rarityScore: 90, traits: [{ trait_type: 'Fur', value: 'Gold' }] } },
  stats: { totalNFTs: 1, coveragePercentage: 100 },
};

let memory: MemoryStore;
let offerStore: OfferRepo;
let tables: { listings: ReturnType<typeof createListingRepo>; funds: ReturnType<typeof createOfferFundsRepo> };
beforeAll(async () => {
  memory = await startMemoryStore();
});
afterAll(() => memory.stop());
beforeEach(async () => {
  const table = await memory.newTable();
  offerStore = createOfferRepo(memory.doc, table);
  tables = { listings: createListingRepo(memory.doc, table), funds: createOfferFundsRepo(memory.doc, table) };
});

/** A ledger the test controls: the owner's tiger #7 approved to the market, a buyer with PAWS and an allowance. */
function fakeLedger() {
  const state = {
    nft: { tokenId: settings.nftTokenId, serial: 7, owner: OWNER, spender: MARKET, delegatingSpender: null, metadata: '', deleted: false } as LedgerNft,
    buyerPaws: 1_000_000_000n,
    allowance: 1_000_000_000n,
    transactions: new Map<string, LedgerTransaction>(),
    /** When set, reading the tiger waits for it (two requests then both pass their checks before either claims). */
    gate: undefined as Promise<void> | undefined,
  };
  const ledger = {
    getNft: async () => {
      await state.gate;
      return { ...state.nft };
    },
    getAccountNfts: async (account: string) => (state.nft.owner === account ? [{ ...state.nft }] : []),
    getTokenInfo: async () => ({ decimals: 6, treasuryAccountId: null, customFees: { fixed: [], fractional: [], royalty: [] } }),
    getTokenAllowance: async () => state.allowance,
    getTokenBalance: async () => ({ associated: true, balance: state.buyerPaws, decimals: 6 }),
    canReceiveToken: async () => true,
    getTransaction: async (id: string) => state.transactions.get(id) ?? null,
  } as unknown as LedgerReader;
  return { state, ledger };
}

/** A settlement whose outcome the test chooses; it counts executions and applies a SUCCESS to the fake ledger. */
function fakeSettlement(state: ReturnType<typeof fakeLedger>['state'], outcome: () => Promise<{ status: string }>, now: () => number) {
  let executed = 0;
  let counter = 0;
  const settlement: Settlement = {
    prepare: async (input) => {
      counter += 1;
      const transactionId = `${MARKET}@${Math.floor(now() / 1000)}.${String(counter).padStart(9, '0')}`;
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

function setup(outcome: () => Promise<{ status: string }> = async () => ({ status: 'SUCCESS' }), clock = { now: Date.now() }) {
  const { state, ledger } = fakeLedger();
  const now = () => clock.now;
  const { settlement, executions } = fakeSettlement(state, outcome, now);
  const service = createOfferService({
    offers: offerStore,
    funds: tables.funds,
    listings: tables.listings,
    ledger,
    settlement,
    settings,
    rarity: async () => DATASET,
    display: async () => undefined,
    now,
  });
  return { service, state, executions, clock };
}

function terms(clock: { now: number }, change: Partial<MakeOfferInput> = {}): MakeOfferInput {
  return {
    offerId: crypto.randomUUID(),
    buyerId: BUYER,
    tokenId: settings.nftTokenId,
    kind: 'item',
    serialNumber: 7,
    pawsAmount: '100',
    expiresAt: new Date(clock.now + 3_600_000).toISOString(),
    ...change,
  } as MakeOfferInput;
}

const accept = (service: ReturnType<typeof setup>['service'], offerId: string) => service.acceptOffer(OWNER, { offerId, sellerId: OWNER, serialNumber: 7 });

describe('offer service', () => {
  it('a ledger refusal gives the unit back and moves nothing', async () => {
    const { service, state, clock } = setup(async () => ({ status: 'INSUFFICIENT_TOKEN_BALANCE' }));
    const { offer } = await service.makeOffer(BUYER, terms(clock));
    expect(await failureAnswer(accept(service, offer.id))).toMatchObject({ status: 409 });
    expect(await offerStore.getOffer(offer.id)).toMatchObject({ status: 'open', remaining: 1, inFlight: 0, claims: {} });
    expect(state.nft.owner).toBe(OWNER);
    expect(state.buyerPaws).toBe(1_000_000_000n);
  });

  it('a time-out keeps the claim; a retry pays nothing; once the ledger shows SUCCESS the retry returns the sale, once', async () => {
    let first = true;
    const holder: { state?: ReturnType<typeof fakeLedger>['state'] } = {};
    const { service, state, executions, clock } = setup(async () => {
      if (!first) return { status: 'SUCCESS' };
      first = false;
      // consensus happened, but the answer was lost on the way back
      holder.state!.nft = { ...holder.state!.nft, owner: BUYER, spender: null };
      holder.state!.buyerPaws -= 100_000_000n;
      throw new LedgerUnavailableError('receipt timed out');
    });
    holder.state = state;
    const { offer } = await service.makeOffer(BUYER, terms(clock));
    expect(await failureAnswer(accept(service, offer.id))).toMatchObject({ status: 503 });
    const claimed = await offerStore.getOffer(offer.id);
    expect(claimed).toMatchObject({ remaining: 0, inFlight: 1 });
    const transactionId = claimed?.claims[7]?.transactionId as string;
    expect(await failureAnswer(accept(service, offer.id))).toMatchObject({ status: 409, message: 'Your sale of this tiger is being settled' });
    expect(await failureStatus(service.cancelOffer(BUYER, offer.id))).toBe(409);
    state.transactions.set(transactionId, { result: 'SUCCESS' } as LedgerTransaction);
    const sold = await accept(service, offer.id);
    expect(sold).toMatchObject({ success: true, transactionId, sale: { serialNumber: 7, sellerId: OWNER, buyerId: BUYER, pawsAmount: '100' } });
    expect(await offerStore.getOffer(offer.id)).toMatchObject({ status: 'filled', filled: 1, inFlight: 0 });
    expect(await accept(service, offer.id)).toEqual(sold);
    expect(executions()).toBe(1);
    expect(state.buyerPaws).toBe(900_000_000n);
  });

  it('the same acceptance sent twice at once settles once; the second is told to follow the first one’s transaction', async () => {
    let finish: (value: { status: string }) => void = () => undefined;
    const { service, state, executions, clock } = setup(() => new Promise((resolve) => (finish = resolve)));
    const { offer } = await service.makeOffer(BUYER, terms(clock));
    let open: () => void = () => undefined;
    state.gate = new Promise((resolve) => (open = resolve));
    const [first, second] = [accept(service, offer.id), failureAnswer(accept(service, offer.id))];
    open();
    expect(await second).toEqual({ status: 409, message: 'Your sale of this tiger is being settled' });
    await vi.waitFor(() => expect(executions()).toBe(1));
    finish({ status: 'SUCCESS' });
    expect(await first).toMatchObject({ success: true });
    expect(executions()).toBe(1);
  });

  it('a claim whose transaction never reached the ledger is released once it can no longer reach it', async () => {
    const clock = { now: Date.now() };
    const { service, clock: time } = setup(async () => {
      throw new LedgerUnavailableError('node unreachable');
    }, clock);
    const { offer } = await service.makeOffer(BUYER, terms(time, { expiresAt: new Date(clock.now + 3_600_000).toISOString() }));
    expect(await failureStatus(accept(service, offer.id))).toBe(503);
    clock.now += TRANSACTION_VISIBLE_WITHIN_MS + 1_000;
    // the retry reconciles first: the stale claim is released, so the buyer can cancel
    const cancelled = await service.cancelOffer(BUYER, offer.id);
    expect(cancelled.offer).toMatchObject({ status: 'cancelled', remaining: 1 });
  });

  it('an expired offer disappears from every list, cannot be accepted and reserves nothing', async () => {
    const clock = { now: Date.now() };
    const { service } = setup(undefined, clock);
    const { offer } = await service.makeOffer(BUYER, terms(clock, { expiresAt: new Date(clock.now + 20 * 60_000).toISOString() }));
    expect((await service.tigerOffers(7)).offers.map((entry) => entry.id)).toEqual([offer.id]);
    expect(await service.reservedPaws(BUYER)).toBe(100_000_000n);
    clock.now += 20 * 60_000;
    expect((await service.tigerOffers(7)).offers).toEqual([]);
    expect((await service.offersReceived(OWNER)).offers).toEqual([]);
    expect((await service.offersMade(BUYER)).offers).toEqual([]);
    expect(await service.reservedPaws(BUYER)).toBe(0n);
    expect(await failureAnswer(accept(service, offer.id))).toEqual({ status: 409, message: 'This offer is no longer available: it expired' });
    expect((await offerStore.getOffer(offer.id))?.status).toBe('expired');
  });

  it('a collection offer of quantity 2 takes two tigers and reserves what is left of it', async () => {
    const { service, state, executions, clock } = setup();
    const { offer } = await service.makeOffer(BUYER, terms(clock, { kind: 'collection', quantity: 2, trait: { traitType: 'fur', value: 'gold' } }));
    expect(await service.reservedPaws(BUYER)).toBe(200_000_000n);
    const sold = await accept(service, offer.id);
    expect(await service.reservedPaws(BUYER)).toBe(100_000_000n);
    expect(await offerStore.getOffer(offer.id)).toMatchObject({ status: 'open', remaining: 1, filled: 1 });
    // a tiger fills an offer once: back in the owner's hands, accepting again answers the first sale and moves nothing
    state.nft = { ...state.nft, owner: OWNER, spender: MARKET };
    expect(await accept(service, offer.id)).toEqual(sold);
    expect(executions()).toBe(1);
    expect((await service.tigerOffers(7)).offers).toEqual([]);
  });
});
