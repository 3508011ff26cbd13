import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OfferRepo, createOfferRepo } from '../../../src/features/offers/offer-repo';
import { keys, partitions } from '../../../src/platform/store/keys';
import { createInboxRepo } from '../../../src/features/market-events/inbox-repo';
import { type PawsOffer, offerChange } from '../../../src/features/offers/offer-rules';
import type { OfferChange } from '../../../src/features/market-stats/trade-events';
import { createEventLogRepo } from '../../../src/features/market-events/event-log-repo';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

let memory: MemoryStore;
let repo: OfferRepo;
let table: string;

beforeAll(async () => {
  memory = await startMemoryStore();
});
afterAll(() => memory.stop());
beforeEach(async () => {
  table = await memory.newTable();
  repo = createOfferRepo(memory.doc, table);
});

const NOW = Date.parse('2030-01-01T00:00:00Z');

function offer(overrides: Partial<PawsOffer> = {}): PawsOffer {
  return {
    id: crypto.randomUUID(),
    kind: 'collection',
    buyerId: '0.0.2002',
    tokenId: '0.0.500',
    serialNumber: null,
    nftName: null,
    nftImage: null,
    traitType: null,
    traitValue: null,
    minTier: null,
    pawsAmount: '10',
    amountBaseUnits: '10000000',
    quantity: 1,
    remaining: 1,
    inFlight: 0,
    filled: 0,
    status: 'open',
    expiresAt: new Date(NOW + 3_600_000).toISOString(),
    createdAt: new Date(NOW).toISOString(),
    updatedAt: new Date(NOW).toISOString(),
    claims: {},
    fills: {},
    ...overrides,
  };
}

/** The event an offer's change carries (offer-repo writes it with the change). */
const change = (made: PawsOffer, kind: OfferChange['kind']) => offerChange(made, kind, new Date(NOW).toISOString());

const claim = (sellerId: string) => ({
  claimId: crypto.randomUUID(),
  sellerId,
  transactionId: `0.0.900@${NOW / 1000}.000000001`,
  claimedAt: new Date(NOW).toISOString(),
});

describe('offer repo', () => {
  it('writes an offer once and reads it back, with its expiry', async () => {
    const made = offer();
    expect(await repo.putOffer(made, change(made, 'offer-made'))).toBe(true);
    expect(await repo.putOffer(made, change(made, 'offer-made'))).toBe(false);
    expect(await repo.getOffer(made.id)).toEqual(made);
    expect((await repo.openOffers()).map((entry) => entry.id)).toEqual([made.id]);
    expect((await repo.buyerOffers('0.0.2002')).map((entry) => entry.id)).toEqual([made.id]);
  });

  it('ten claims racing for the last unit: exactly one wins', async () => {
    const made = offer();
    await repo.putOffer(made, change(made, 'offer-made'));
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => repo.claimUnit(made.id, 100 + index, claim(`0.0.${3000 + index}`), NOW)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const after = await repo.getOffer(made.id);
    expect(after).toMatchObject({ remaining: 0, inFlight: 1 });
    expect(Object.keys(after?.claims ?? {})).toHaveLength(1);
  });

  it('a tiger claims a unit once; a released unit can be claimed again; a fill needs its own claim', async () => {
    const made = offer({ quantity: 2, remaining: 2 });
    await repo.putOffer(made, change(made, 'offer-made'));
    const first = claim('0.0.3001');
    expect(await repo.claimUnit(made.id, 7, first, NOW)).toBeDefined();
    expect(await repo.claimUnit(made.id, 7, claim('0.0.3001'), NOW)).toBeUndefined();
    expect(await repo.releaseUnit(made.id, 7, 'another-claim')).toBe(false);
    expect(await repo.releaseUnit(made.id, 7, first.claimId)).toBe(true);
    expect(await repo.getOffer(made.id)).toMatchObject({ remaining: 2, inFlight: 0, claims: {} });
    const second = claim('0.0.3001');
    await repo.claimUnit(made.id, 7, second, NOW);
    const fill = { sellerId: '0.0.3001', transactionId: second.transactionId, filledAt: new Date(NOW).toISOString() };
    expect(await repo.fillUnit(made.id, 7, first.claimId, fill, change(made, 'offer-accepted'))).toBeUndefined();
    expect(await repo.fillUnit(made.id, 7, second.claimId, fill, change(made, 'offer-accepted'))).toMatchObject({
      filled: 1,
      remaining: 1,
      inFlight: 0,
      fills: { 7: fill },
      claims: {},
    });
    // a filled tiger cannot claim the offer again
    expect(await repo.claimUnit(made.id, 7, claim('0.0.3001'), NOW)).toBeUndefined();
    expect(await repo.markFilled(made.id, 2)).toBe(false);
  });

  it('no claim on an expired offer; expiry and cancellation wait for units under way', async () => {
    const made = offer({ quantity: 2, remaining: 2 });
    await repo.putOffer(made, change(made, 'offer-made'));
    const expiry = Date.parse(made.expiresAt);
    expect(await repo.claimUnit(made.id, 1, claim('0.0.3001'), expiry)).toBeUndefined();
    const held = claim('0.0.3001');
    await repo.claimUnit(made.id, 1, held, NOW);
    expect(await repo.cancel(made.id, change(made, 'offer-cancelled'))).toBeUndefined();
    expect(await repo.markExpired(made.id, expiry, change(made, 'offer-expired'))).toBe(false);
    await repo.releaseUnit(made.id, 1, held.claimId);
    expect(await repo.markExpired(made.id, NOW, change(made, 'offer-expired'))).toBe(false);
    expect(await repo.markExpired(made.id, expiry, change(made, 'offer-expired'))).toBe(true);
    expect(await repo.openOffers()).toEqual([]);
    expect(await repo.cancel(made.id, change(made, 'offer-cancelled'))).toBeUndefined();
    // Each change that held wrote its event with it (issue 57), those whose condition failed none; the maker is told of the expiry.
    const log = createEventLogRepo(memory.doc, table);
    const { events = [] } = await log.after(`account:${made.buyerId}`, 0, 10);
    expect(events.map((event) => event.type)).toEqual(['offer-made', 'offer-expired']);
    const { notifications } = await createInboxRepo(memory.doc, table).list(made.buyerId);
    expect(notifications.map(({ title, description }) => `${title}: ${description}`)).toEqual(['Offer expired: Your offer for 10 PAWS expired unfilled.']);
    expect(await memory.doc.send(new GetCommand({ TableName: table, Key: keys.pawsOffer(made.id) })).then(({ Item }) => Item?.outbox)).toBeUndefined();
  });

  it('marks an offer filled once its last unit is filled, out of the open index', async () => {
    const made = offer();
    await repo.putOffer(made, change(made, 'offer-made'));
    const held = claim('0.0.3001');
    await repo.claimUnit(made.id, 9, held, NOW);
    await repo.fillUnit(
      made.id,
      9,
      held.claimId,
      { sellerId: '0.0.3001', transactionId: held.transactionId, filledAt: new Date(NOW).toISOString() },
      change(made, 'offer-accepted'),
    );
    expect(await repo.markFilled(made.id, 1)).toBe(true);
    expect((await repo.getOffer(made.id))?.status).toBe('filled');
    expect(await repo.openOffers()).toEqual([]);
  });

  it('keeps activity once per event, newest first on gsi1 and by tiger on gsi2', async () => {
    const base = { offerId: 'o1', offerKind: 'item' as const, buyerId: '0.0.2002', tokenId: '0.0.500', pawsAmount: '10', quantity: 1 };
    await repo.putActivity({ ...base, kind: 'offer-made', at: '2030-01-01T00:00:00.000Z', sellerId: null, serialNumber: 5, transactionId: null });
    const accepted = { ...base, kind: 'offer-accepted' as const, at: '2030-01-01T01:00:00.000Z', sellerId: '0.0.3001', serialNumber: 5, transactionId: 'tx' };
    await repo.putActivity(accepted);
    await repo.putActivity({ ...accepted, at: '2030-01-01T02:00:00.000Z' });
    const timeline = await memory.doc.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': partitions.pawsActivity },
        ScanIndexForward: false,
        Limit: 10,
      }),
    );
    expect(timeline.Items?.map((item) => [item.kind, item.at])).toEqual([
      ['offer-accepted', '2030-01-01T01:00:00.000Z'],
      ['offer-made', '2030-01-01T00:00:00.000Z'],
    ]);
    const byTiger = await memory.doc.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': partitions.tigerActivity('0.0.500', 5) },
      }),
    );
    expect(byTiger.Items).toHaveLength(2);
  });
});
