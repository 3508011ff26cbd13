/**
 * The scheduled job's follower of the market stream for the kept portfolios, over the real event log
 * and portfolio store in an embedded DynamoDB: the traders of each sale, accepted offer or move are
 * read on once the mirror surely shows the trade, the portfolios still being read on every run, and
 * the place in the stream moves on only past what was read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { type MarketEventType, streamsFor } from '@/features/market-events/market-event';
import { createPortfolioFollower, tradersOf } from '@/features/portfolio/portfolio-follower';
import { createPortfolioRepo } from '@/features/portfolio/portfolio-repo';
import { MIRROR_CATCH_UP_MS } from '@/features/portfolio/portfolio-reading';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

const ALICE = '0.0.5001';
const BOB = '0.0.5002';
const CAROL = '0.0.5003';

let store: MemoryStore;
beforeAll(async () => {
  store = await startMemoryStore();
});
afterAll(async () => {
  await store.stop();
});

async function setup() {
  const table = await store.newTable();
  let clock = 1_800_000_000_000;
  const now = () => clock;
  const events = createEventLogRepo(store.doc, table, now);
  const portfolios = createPortfolioRepo(store.doc, table);
  const refreshed: string[] = [];
  let failing: string | null = null;
  const kept = new Set<string>();
  const follower = createPortfolioFollower({
    store: portfolios,
    events,
    refresh: async (accountId) => {
      if (accountId === failing) throw new Error('mirror node unavailable');
      refreshed.push(accountId);
      return kept.has(accountId);
    },
    now,
  });
  let id = 0;
  const happened = (type: MarketEventType, data: { sellerId?: string; buyerId?: string; ownerId?: string }) => {
    id += 1;
    return events.append({
      id: `e${id}`,
      type,
      at: new Date(clock).toISOString(),
      streams: streamsFor(7, [data.sellerId, data.buyerId]),
      data: { ref: `r${id}`, serial: 7, ...data },
    });
  };
  return {
    follower,
    portfolios,
    refreshed,
    kept,
    happened,
    advance: (ms: number) => {
      clock += ms;
    },
    fail: (accountId: string | null) => {
      failing = accountId;
    },
  };
}

describe('the traders of a market event', () => {
  it('are the accounts a tiger changed hands between; a listing or an offer made has none', () => {
    const event = (type: MarketEventType, data: Record<string, string>) => ({ stream: 'market', seq: 1, type, at: '', data: { ref: 'x', ...data } });
    expect(tradersOf(event('sale', { sellerId: ALICE, buyerId: BOB, ownerId: BOB }))).toEqual([ALICE, BOB]);
    expect(tradersOf(event('tiger-moved', { sellerId: ALICE, ownerId: CAROL }))).toEqual([ALICE, CAROL]);
    expect(tradersOf(event('offer-accepted', { sellerId: CAROL, buyerId: BOB }))).toEqual([CAROL, BOB]);
    expect(tradersOf(event('listing-created', { sellerId: ALICE }))).toEqual([]);
    expect(tradersOf(event('offer-made', { buyerId: BOB }))).toEqual([]);
    expect(tradersOf(event('sale', { sellerId: 'not an account' }))).toEqual([]);
  });
});

describe('the portfolio follower', () => {
  it('starts at the stream’s head, then reads on the traders of each trade once the mirror surely has it, each once', async () => {
    const { follower, refreshed, kept, happened, advance, portfolios } = await setup();
    await happened('sale', { sellerId: ALICE, buyerId: BOB });
    expect(await follower.run()).toEqual({ followed: 0, refreshed: 0 });
    expect(await portfolios.followed()).toBe(1);

    kept.add(BOB);
    await happened('listing-created', { sellerId: CAROL });
    await happened('sale', { sellerId: CAROL, buyerId: BOB, ownerId: BOB });
    // Too recent: the mirror may not show it yet.
    expect(await follower.run()).toEqual({ followed: 0, refreshed: 0 });
    expect(refreshed).toEqual([]);
    advance(MIRROR_CATCH_UP_MS + 1);
    expect(await follower.run()).toEqual({ followed: 2, refreshed: 1 });
    expect(refreshed.sort()).toEqual([BOB, CAROL]);
    expect(await portfolios.followed()).toBe(3);
    refreshed.length = 0;
    expect(await follower.run()).toEqual({ followed: 0, refreshed: 0 });
    expect(refreshed).toEqual([]);
  });

  it('stays before a trade whose trader could not be read, so the next run reads them again', async () => {
    const { follower, refreshed, happened, advance, fail, portfolios } = await setup();
    await follower.run();
    await happened('tiger-moved', { sellerId: ALICE, ownerId: CAROL });
    advance(MIRROR_CATCH_UP_MS + 1);
    fail(CAROL);
    expect((await follower.run()).followed).toBe(0);
    expect(await portfolios.followed()).toBe(0);
    fail(null);
    expect((await follower.run()).followed).toBe(1);
    expect(refreshed.filter((account) => account === CAROL)).toHaveLength(1);
    expect(await portfolios.followed()).toBe(1);
  });

  it('reads on every portfolio still being read, each run, until its list is read to the end', async () => {
    const { follower, refreshed, portfolios } = await setup();
    await portfolios.save(ALICE, { legs: [], through: '1700000000.000000001', complete: false }, undefined);
    await portfolios.save(BOB, { legs: [], through: null, complete: true }, undefined);
    await follower.run();
    expect(refreshed).toEqual([ALICE]);
    await portfolios.save(ALICE, { legs: [], through: '1700000000.000000002', complete: true }, '1700000000.000000001');
    await follower.run();
    expect(refreshed).toEqual([ALICE]);
  });
});

describe('the portfolio store', () => {
  it('keeps legs once each with their amounts exact, and moves the reading on only from where the caller read it', async () => {
    const { portfolios } = await setup();
    const leg = {
      serial: 9,
      side: 'buy' as const,
      kind: 'purchase' as const,
      transactionId: '0.0.5001@1700000100.000000000',
      consensusTimestamp: '1700000100.000000005',
      counterparty: CAROL,
      price: { hbar: 0n, paws: 123_456_789_012_345_678n },
      foreign: [{ tokenId: '0.0.42', amount: 7n }],
      fees: { royalty: { hbar: 1n, paws: 2n }, networkTinybars: 123_456n },
      proRata: false,
      notes: ['a note'],
    };
    expect(await portfolios.read(ALICE)).toBeNull();
    expect(await portfolios.save(ALICE, { legs: [leg], through: leg.consensusTimestamp, complete: false }, undefined)).toBe(true);
    // A second load that read from the same point loses the race; its legs are the same items.
    expect(await portfolios.save(ALICE, { legs: [leg], through: '1700000200.000000000', complete: true }, undefined)).toBe(false);
    expect(await portfolios.read(ALICE)).toEqual({ through: leg.consensusTimestamp, complete: false, legs: [leg] });
    expect(await portfolios.reading(10)).toEqual([ALICE]);
    expect(await portfolios.save(ALICE, { legs: [], through: '1700000200.000000000', complete: true }, leg.consensusTimestamp)).toBe(true);
    expect(await portfolios.read(ALICE)).toMatchObject({ through: '1700000200.000000000', complete: true });
    expect(await portfolios.reading(10)).toEqual([]);
    // An account whose list had no transaction.
    expect(await portfolios.save(BOB, { legs: [], through: null, complete: true }, undefined)).toBe(true);
    expect(await portfolios.save(BOB, { legs: [], through: null, complete: true }, null)).toBe(true);
    expect(await portfolios.read(BOB)).toEqual({ through: null, complete: true, legs: [] });
  });
});
