/**
 * The events of a change the app makes travel in the same conditional write as the change (issue
 * 57): the item changed carries them in its `outbox` list, so a change is never made without its
 * events, nor an event written for a change that never happened. Right after the write, the writer
 * delivers them to the log and clears the list; a writer that stops before that left a note (written
 * before the change), by which the scheduled job's sweep finds the item and delivers them. The log
 * writes an event once per stream, so a delivery repeated, or raced by the sweep, duplicates nothing.
 */
import { type DynamoDBDocumentClient, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';
import type { EventLogRepo } from './event-log-repo';
import type { NewMarketEvent } from './market-event';

/** The key of the item that carries a change's events. */
export interface ItemKey {
  pk: string;
  sk: string;
}

/** The attribute a put adds so that the new item carries its events. */
export const carriedItem = (events: readonly NewMarketEvent[]) => ({ outbox: [...events] });

/** The SET clause (and its names and values) an update adds so that the changed item carries its events, after any it carries still. */
export const carriedUpdate = (events: readonly NewMarketEvent[]) => ({
  set: '#outbox = list_append(if_not_exists(#outbox, :noEvents), :events)',
  names: { '#outbox': 'outbox' },
  values: { ':noEvents': [], ':events': [...events] },
});

/** How long a note waits before the sweep takes over its delivery (the writer is then surely gone). */
export const NOTE_GRACE_MS = 60_000;
/** How many notes one sweep delivers at most. */
const SWEEP_LIMIT = 100;
/** How often a delivery reads again an item whose events changed while it delivered them. */
const DELIVERY_ROUNDS = 5;

export function createEventOutbox(doc: DynamoDBDocumentClient, tableName: string, log: Pick<EventLogRepo, 'append'>, now: () => number = Date.now) {
  /** Appends the events the item carries, then clears them (only if no more came meanwhile: those are read and delivered too). */
  async function deliver(item: ItemKey): Promise<void> {
    for (let round = 0; round < DELIVERY_ROUNDS; round++) {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: item, ConsistentRead: true, ProjectionExpression: 'outbox' }));
      const events = (Item?.outbox ?? []) as NewMarketEvent[];
      if (!events.length) return;
      for (const event of events) await log.append(event);
      const cleared = await conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: item,
            UpdateExpression: 'REMOVE #outbox',
            ConditionExpression: 'size(#outbox) = :delivered',
            ExpressionAttributeNames: { '#outbox': 'outbox' },
            ExpressionAttributeValues: { ':delivered': events.length },
          }),
        ),
      );
      if (cleared) return;
    }
  }

  const dropNote = (note: ItemKey) => doc.send(new DeleteCommand({ TableName: tableName, Key: note }));

  return {
    /**
     * Makes a change that carries events: notes the item first, makes the change (`change` answers
     * whether its condition held), then delivers the item's events and drops the note. Answers what
     * `change` answered.
     */
    async change<T>(item: ItemKey, change: () => Promise<T>): Promise<T> {
      const at = new Date(now()).toISOString();
      const note = keys.outboxNote(`${at}#${item.pk}#${item.sk}#${crypto.randomUUID()}`);
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...note, item, at } }));
      const result = await change();
      if (result) await deliver(item);
      await dropNote(note);
      return result;
    },

    /** The job: delivers the events of the items noted more than NOTE_GRACE_MS ago (their writers stopped), and drops those notes; how many it took. */
    async sweep(): Promise<number> {
      const before = new Date(now() - NOTE_GRACE_MS).toISOString();
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk < :before',
          ExpressionAttributeValues: { ':pk': keys.outboxNote('').pk, ':before': before },
          ConsistentRead: true,
          Limit: SWEEP_LIMIT,
        }),
      );
      for (const note of Items) {
        await deliver(note.item as ItemKey);
        await dropNote({ pk: String(note.pk), sk: String(note.sk) });
      }
      return Items.length;
    },
  };
}

export type EventOutbox = ReturnType<typeof createEventOutbox>;
