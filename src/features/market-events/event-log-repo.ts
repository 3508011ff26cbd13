/**
 * The market's event log in the one table (and, for what is news to a holder, their inbox): each stream's events under its own partition, by
 * sequence (from 1, no gaps), kept EVENT_RETENTION_MS; a head per stream that never expires, so
 * that a sequence is never given twice; and a claim per event and stream, so that a repeat of an
 * event (a retry, the scheduled job seeing again what a request recorded, a writer stopped half-way
 * and run again) writes it once. Built on single-item conditional writes (DynamoDB and the embedded
 * store alike): an event takes the sequence its claim names with a put that holds only if no event
 * has it yet.
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

  const claimKey = (event: NewMarketEvent, stream: string) => keys.eventClaim(`${event.id}@${stream}`);

  async function claimOf(event: NewMarketEvent, stream: string): Promise<{ trying?: number; seq?: number }> {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: claimKey(event, stream), ConsistentRead: true }));
    return { trying: typeof Item?.trying === 'number' ? Item.trying : undefined, seq: typeof Item?.seq === 'number' ? Item.seq : undefined };
  }

  /** Moves the event's claim on the stream from the sequence it was trying (`from`, none at first) to `to`; false when another writer moved it first. */
  function moveClaim(event: NewMarketEvent, stream: string, from: number | undefined, to: number): Promise<boolean> {
    return conditionalWrite(() =>
      doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: claimKey(event, stream),
          UpdateExpression: 'SET trying = :to, expiresAt = :expires',
          ConditionExpression: from === undefined ? 'attribute_not_exists(trying)' : 'trying = :from AND attribute_not_exists(seq)',
          ExpressionAttributeValues: { ':to': to, ':expires': expiresAt(), ...(from === undefined ? {} : { ':from': from }) },
        }),
      ),
    );
  }

  async function settle(event: NewMarketEvent, stream: string, seq: number): Promise<void> {
    await doc.send(
      new UpdateCommand({ TableName: tableName, Key: claimKey(event, stream), UpdateExpression: 'SET seq = :seq', ExpressionAttributeValues: { ':seq': seq } }),
    );
  }

  async function slotHolder(stream: string, seq: number): Promise<string | undefined> {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.streamEvent(stream, seqKey(seq)), ConsistentRead: true }));
    return typeof Item?.eventId === 'string' ? Item.eventId : undefined;
  }

  /**
   * Writes the event into one stream exactly once, however many writers (a request, its retry, the
   * job's sweep) race or stop half-way: the event's claim on the stream names the one sequence it
   * may take next, and moves on (compare-and-set) only once that sequence is known to hold another
   * event. Answers the event as the stream holds it; `fresh` says whether this call wrote it.
   */
  async function appendOnce(stream: string, event: NewMarketEvent): Promise<{ event: MarketEvent; fresh: boolean }> {
    const written = (seq: number): MarketEvent => ({ stream, seq, type: event.type, at: event.at, data: event.data });
    let claim = await claimOf(event, stream);
    for (let tries = 0; tries < APPEND_TRIES; tries++) {
      if (claim.seq !== undefined) return { event: written(claim.seq), fresh: false };
      if (claim.trying === undefined) {
        const first = (await head(stream)) + 1;
        if (!(await moveClaim(event, stream, undefined, first))) {
          claim = await claimOf(event, stream);
          continue;
        }
        claim = { trying: first };
      }
      const seq = claim.trying as number;
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
      const ours = put || (await slotHolder(stream, seq)) === event.id;
      if (ours) {
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
        await settle(event, stream, seq);
        return { event: written(seq), fresh: put };
      }
      // Another event holds the sequence: try the next free one, unless another writer of this event moved on first.
      const next = Math.max(seq + 1, (await head(stream)) + 1);
      claim = (await moveClaim(event, stream, seq, next)) ? { trying: next } : await claimOf(event, stream);
    }
    throw new Error(`no sequence of ${stream} taken after ${APPEND_TRIES} tries`);
  }

  return {
    /**
     * Writes an event to each of its streams exactly once (a repeat of its id, or a writer stopped
     * half-way and run again, finishes what is missing and duplicates nothing), and files what is
     * news to a holder in their inbox. Answers the events this call wrote, which the local push
     * server is told of at once.
     */
    async append(event: NewMarketEvent): Promise<MarketEvent[]> {
      const written: MarketEvent[] = [];
      for (const stream of event.streams) {
        const appended = await appendOnce(stream, event);
        if (appended.fresh) written.push(appended.event);
        const parsed = parseStream(stream);
        if (parsed?.kind === 'account') await inbox.record(parsed.accountId, appended.event);
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
