/**
 * The market's event log in the one table (and, for what is news to a holder, their inbox): each stream's events under its own partition, by
 * sequence (from 1, no gaps), kept EVENT_RETENTION_MS; a head per stream that never expires, so
 * that a sequence is never given twice; and a claim per event id, so that a repeat of an event (a
 * retry, the scheduled job seeing again what a request recorded) changes nothing. Built on
 * single-item conditional writes (DynamoDB and the embedded store alike): an event takes the
 * sequence after the head with a put that holds only if no event has it yet.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';
import { notifyAppended } from './appended-events';
import { createInboxRepo } from './inbox-repo';
import { EVENT_RETENTION_MS, type MarketEvent, type NewMarketEvent, parseStream, seqText } from './market-event';

/** What a resume gets: the events after the sequence asked for, in order, or a reset when some of them are no longer kept. */
export type EventsAfter = { events: MarketEvent[]; reset?: undefined } | { reset: true; events?: undefined };

/** How many sequences one append tries past the head it read before it gives up (each try lost to another append). */
const APPEND_TRIES = 200;

const seqKey = (seq: number): string => `SEQ#${seqText(seq)}`;

function toEvent(item: Record<string, unknown>): MarketEvent {
  return {
    stream: String(item.stream),
    seq: Number(item.seq),
    type: item.type as MarketEvent['type'],
    at: String(item.at),
    data: item.data as MarketEvent['data'],
  };
}

/** The event log over one table; `now` is the clock its retention counts by. */
export function createEventLogRepo(doc: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now) {
  // Kept from when it is written (a sale the job sees late is kept as long as any).
  const expiresAt = () => Math.floor((now() + EVENT_RETENTION_MS) / 1000);
  const expired = (item: Record<string, unknown>) => typeof item.expiresAt === 'number' && item.expiresAt * 1000 <= now();
  // What is news to a holder in their own stream is also filed in their inbox, with the event.
  const inbox = createInboxRepo(doc, tableName, now);

  async function head(stream: string): Promise<number> {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.eventStreamHead(stream), ConsistentRead: true }));
    return typeof Item?.seq === 'number' ? Item.seq : 0;
  }

  /** Puts the event at the first free sequence after the head, then moves the head there (a lagging head costs one more try, not a gap). */
  async function appendTo(stream: string, event: NewMarketEvent): Promise<MarketEvent> {
    let seq = (await head(stream)) + 1;
    for (let tries = 0; tries < APPEND_TRIES; tries++) {
      const item = { stream, seq, type: event.type, at: event.at, data: event.data, eventId: event.id, expiresAt: expiresAt() };
      const put = await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.streamEvent(stream, seqKey(seq)), ...item },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      if (put) {
        await conditionalWrite(() =>
          doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.eventStreamHead(stream),
              UpdateExpression: 'SET seq = :seq',
              ConditionExpression: 'attribute_not_exists(seq) OR seq < :seq',
              ExpressionAttributeValues: { ':seq': seq },
            }),
          ),
        );
        return { stream, seq, type: event.type, at: event.at, data: event.data };
      }
      seq = Math.max(seq + 1, (await head(stream)) + 1);
    }
    throw new Error(`no sequence of ${stream} taken after ${APPEND_TRIES} tries`);
  }

  return {
    /**
     * Writes an event to each of its streams, once: a repeat of its id writes nothing and answers
     * no events. Answers the events written, which the local push server is told of at once.
     */
    async append(event: NewMarketEvent): Promise<MarketEvent[]> {
      const claimed = await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.eventClaim(event.id), type: event.type, at: event.at, streams: event.streams, expiresAt: expiresAt() },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      if (!claimed) return [];
      const written: MarketEvent[] = [];
      for (const stream of event.streams) {
        const appended = await appendTo(stream, event);
        written.push(appended);
        const parsed = parseStream(stream);
        if (parsed?.kind === 'account') await inbox.record(parsed.accountId, appended);
      }
      notifyAppended(written);
      return written;
    },

    /** The stream's last sequence (0 when it has none). */
    head,

    /**
     * The stream's events after `seq`, in order, at most `limit`; a reset when the log no longer
     * holds the first of them (older than it keeps), or when `seq` is past the head (a log the client never read).
     */
    async after(stream: string, seq: number, limit: number): Promise<EventsAfter> {
      const last = await head(stream);
      if (seq > last) return { reset: true };
      if (seq === last) return { events: [] };
      const page = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk > :after',
          ExpressionAttributeValues: { ':pk': keys.streamEvent(stream, '').pk, ':after': seqKey(seq) },
          ConsistentRead: true,
          Limit: limit,
        }),
      );
      const items = page.Items ?? [];
      if (!items.length || Number(items[0]?.seq) !== seq + 1 || items.some(expired)) return { reset: true };
      return { events: items.map(toEvent) };
    },
  };
}

export type EventLogRepo = ReturnType<typeof createEventLogRepo>;
