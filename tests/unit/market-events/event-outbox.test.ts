/**
 * The events of a change travel in the same conditional write as the change (issue 57): delivered
 * right after it, or by the job's sweep when the writer stopped first; never for a change that
 * did not happen; once however often delivered.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { NOTE_GRACE_MS, carriedItem, carriedUpdate, createEventOutbox } from '@/features/market-events/event-outbox';
import { type NewMarketEvent, streamsFor } from '@/features/market-events/market-event';
import { conditionalWrite } from '@/platform/store/dynamo-operations';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

let store: MemoryStore;
beforeAll(async () => {
  store = await startMemoryStore();
});
afterAll(async () => {
  await store.stop();
});

let clock = Date.parse('2026-12-02T12:00:00Z');
const now = () => clock;
const item = { pk: 'THING#1', sk: 'THING' };
const event = (id: string): NewMarketEvent => ({
  id,
  type: 'listing-removed',
  at: new Date(clock).toISOString(),
  streams: streamsFor(9, ['0.0.1001']),
  data: { ref: id, serial: 9 },
});

async function setup() {
  const table = await store.newTable();
  const log = createEventLogRepo(store.doc, table, now);
  const outbox = createEventOutbox(store.doc, table, log, now);
  await store.doc.send(new PutCommand({ TableName: table, Item: { ...item, status: 'active', ...carriedItem([]) } }));
  /** Moves the thing from `from` to `to`, carrying `events`; false when it was not at `from`. */
  const move = (from: string, to: string, events: NewMarketEvent[], doc = store.doc) => {
    const carry = carriedUpdate(events);
    return conditionalWrite(() =>
      doc.send(
        new UpdateCommand({
          TableName: table,
          Key: item,
          UpdateExpression: `SET #status = :to, ${carry.set}`,
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status', ...carry.names },
          ExpressionAttributeValues: { ':to': to, ':from': from, ...carry.values },
        }),
      ),
    );
  };
  const market = async () => (await log.after('market', 0, 100)).events?.map((e) => e.data.ref) ?? [];
  const carried = async () => (await store.doc.send(new GetCommand({ TableName: table, Key: item, ConsistentRead: true }))).Item?.outbox;
  const notes = async () =>
    (await store.doc.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX' } }))).Items ??
    [];
  return { table, log, outbox, move, market, carried, notes };
}

describe('the event outbox', () => {
  it('delivers a change’s events right after it, and leaves neither the carried events nor the note', async () => {
    const { outbox, move, market, carried, notes } = await setup();
    expect(await outbox.change(item, () => move('active', 'removed', [event('removed')]))).toBe(true);
    expect(await market()).toEqual(['removed']);
    expect(await carried()).toBeUndefined();
    expect(await notes()).toEqual([]);
  });

  it('writes no event for a change whose condition failed, and drops its note', async () => {
    const { outbox, move, market, notes } = await setup();
    expect(await outbox.change(item, () => move('claimed', 'sold', [event('sold')]))).toBe(false);
    expect(await market()).toEqual([]);
    expect(await notes()).toEqual([]);
  });

  it('lets the sweep deliver, once and after the grace, the events of a writer that stopped right after its change', async () => {
    const { table, log, move, market, carried, notes } = await setup();
    // The writer's process ends once its change is written: the delivery's first read never happens.
    let calls = 0;
    const stopping = {
      send: (command: never) => (calls++ === 2 ? Promise.reject(new Error('stopped')) : store.doc.send(command)),
    } as unknown as typeof store.doc;
    const stopped = createEventOutbox(stopping, table, log, now);
    await expect(stopped.change(item, () => move('active', 'removed', [event('removed')], stopping))).rejects.toThrow('stopped');
    expect(await carried()).toHaveLength(1);
    const sweeper = createEventOutbox(store.doc, table, log, now);
    expect(await sweeper.sweep()).toBe(0);
    expect(await market()).toEqual([]);
    clock += NOTE_GRACE_MS + 1;
    expect(await sweeper.sweep()).toBe(1);
    expect(await market()).toEqual(['removed']);
    expect(await carried()).toBeUndefined();
    expect(await notes()).toEqual([]);
    expect(await sweeper.sweep()).toBe(0);
    expect(await market()).toEqual(['removed']);
  });

  it('drops, writing nothing, the note of a writer that stopped before its change', async () => {
    const { outbox, market, notes } = await setup();
    await expect(outbox.change(item, () => Promise.reject(new Error('stopped')))).rejects.toThrow('stopped');
    expect(await notes()).toHaveLength(1);
    clock += NOTE_GRACE_MS + 1;
    expect(await outbox.sweep()).toBe(1);
    expect(await market()).toEqual([]);
    expect(await notes()).toEqual([]);
  });

  it('delivers, in order, the events an item still carries from an earlier change with those of the next', async () => {
    const { outbox, move, market, carried } = await setup();
    // The first change was written but not delivered (its writer is slow, or gone); the next one delivers both.
    await move('active', 'claimed', [event('claimed')]);
    await outbox.change(item, () => move('claimed', 'active', [event('released')]));
    expect(await market()).toEqual(['claimed', 'released']);
    expect(await carried()).toBeUndefined();
  });
});
