/**
 * What the portfolio keeps of an account's reading of the ledger, shared by every process (the
 * profile Lambdas and the scheduled job): each tiger leg read from a transaction (a transaction never
 * changes, so a leg is written once and never again), how far the account's transaction list was read,
 * and whether that reading reached the list's end. A holder with thousands of trades is read over
 * several loads, each going on from where the last stopped.
 *
 * Items: `PORTFOLIO#<account>` / `STATE` (through, complete; while incomplete also filed under the
 * `PORTFOLIO#reading` partition of gsi1, so the job finishes it), `PORTFOLIO#<account>` /
 * `LEG#<consensus timestamp>#<serial>#<side>` (one leg), and the job's place in the market stream.
 * Kept without expiry: the legs are bounded by the collection's trades.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '@/platform/store/dynamo-operations';
import { BY_STATUS_OR_TIME, keys, partitions } from '@/platform/store/keys';
import type { Amounts, TigerLeg } from './cost-basis-rules';

/** An account's reading of the ledger as kept. */
export interface StoredPortfolio {
  /** The consensus timestamp of the last transaction of the account's list read; null when the list had none. */
  through: string | null;
  /** True once the list was read to its end (a later load reads on from `through` for what is new). */
  complete: boolean;
  legs: TigerLeg[];
}

/** DynamoDB's batch write takes at most 25 items. */
const BATCH = 25;
/** Tries of a batch's unprocessed items (DynamoDB hands them back under throttling). */
const BATCH_TRIES = 5;
/** Stored for `through` when the list had no transaction (a condition cannot compare a missing value). */
const NONE = '';

/** A leg's sort key: one per tiger, side and record. */
export const legKey = (leg: Pick<TigerLeg, 'consensusTimestamp' | 'serial' | 'side'>) => `${leg.consensusTimestamp}#${leg.serial}#${leg.side}`;

type StoredAmounts = { hbar: string; paws: string };
const amountsOut = (amounts: Amounts): StoredAmounts => ({ hbar: amounts.hbar.toString(), paws: amounts.paws.toString() });
const amountsIn = (amounts: StoredAmounts): Amounts => ({ hbar: BigInt(amounts.hbar), paws: BigInt(amounts.paws) });

/** A leg as an item's attribute (base units as decimal strings). */
function legOut(leg: TigerLeg): Record<string, unknown> {
  return {
    ...leg,
    price: amountsOut(leg.price),
    foreign: leg.foreign.map((foreign) => ({ tokenId: foreign.tokenId, amount: foreign.amount.toString() })),
    fees: { royalty: amountsOut(leg.fees.royalty), networkTinybars: leg.fees.networkTinybars.toString() },
  };
}

function legIn(stored: Record<string, unknown>): TigerLeg {
  const leg = stored as unknown as TigerLeg & {
    price: StoredAmounts;
    foreign: { tokenId: string; amount: string }[];
    fees: { royalty: StoredAmounts; networkTinybars: string };
  };
  return {
    ...leg,
    price: amountsIn(leg.price),
    foreign: leg.foreign.map((foreign) => ({ tokenId: foreign.tokenId, amount: BigInt(foreign.amount) })),
    fees: { royalty: amountsIn(leg.fees.royalty), networkTinybars: BigInt(leg.fees.networkTinybars) },
  };
}

/** The portfolios' store in the one table. */
export function createPortfolioRepo(doc: DynamoDBDocumentClient, tableName: string) {
  async function putLegs(accountId: string, legs: readonly TigerLeg[]): Promise<void> {
    for (let start = 0; start < legs.length; start += BATCH) {
      let requests = legs
        .slice(start, start + BATCH)
        .map((leg) => ({ PutRequest: { Item: { ...keys.portfolioLeg(accountId, legKey(leg)), leg: legOut(leg) } } }));
      for (let tries = 0; requests.length; tries += 1) {
        if (tries >= BATCH_TRIES) throw new Error(`portfolio: ${requests.length} legs of ${accountId} not written after ${BATCH_TRIES} tries`);
        const answer = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (answer.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  }

  return {
    /** The account's reading as kept (legs oldest first); null when none was kept. */
    async read(accountId: string): Promise<StoredPortfolio | null> {
      const items = await queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.portfolioState(accountId).pk },
        ConsistentRead: true,
      });
      const state = items.find((item) => item.sk === keys.portfolioState(accountId).sk);
      if (!state) return null;
      const legs = items.filter((item) => item.sk !== state.sk).map((item) => legIn(item.leg as Record<string, unknown>));
      return { through: (state.through as string) || null, complete: state.complete === true, legs };
    },

    /**
     * Keeps the legs read since `expectedThrough` (undefined: nothing was kept) and moves the reading
     * on to `through`. The legs are written first (a leg written twice is the same item), then the
     * state, only if no other load moved it meanwhile; false when one did (its reading stands).
     */
    async save(accountId: string, update: StoredPortfolio, expectedThrough: string | null | undefined): Promise<boolean> {
      await putLegs(accountId, update.legs);
      const condition = expectedThrough === undefined ? 'attribute_not_exists(pk)' : 'through = :expected';
      return conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.portfolioState(accountId),
            UpdateExpression: update.complete
              ? 'SET through = :through, complete = :complete, accountId = :account REMOVE gsi1pk, gsi1sk'
              : 'SET through = :through, complete = :complete, accountId = :account, gsi1pk = :reading, gsi1sk = :account',
            ConditionExpression: condition,
            ExpressionAttributeValues: {
              ':through': update.through ?? NONE,
              ':complete': update.complete,
              ':account': accountId,
              ...(update.complete ? {} : { ':reading': partitions.portfoliosReading }),
              ...(expectedThrough === undefined ? {} : { ':expected': expectedThrough ?? NONE }),
            },
          }),
        ),
      );
    },

    /** Accounts whose reading has not reached the end of their list yet, at most `limit`. */
    async reading(limit: number): Promise<string[]> {
      const items = await queryAll(
        doc,
        {
          TableName: tableName,
          IndexName: BY_STATUS_OR_TIME,
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': partitions.portfoliosReading },
        },
        limit,
      );
      return items.map((item) => String(item.accountId));
    },

    /** The scheduled job's place in the market stream (the sequence of the last event it followed); null before its first run. */
    async followed(): Promise<number | null> {
      const item = (await doc.send(new GetCommand({ TableName: tableName, Key: keys.portfolioFollower(), ConsistentRead: true }))).Item;
      return typeof item?.seq === 'number' ? item.seq : null;
    },

    /** Moves the job's place from `from` (null: none yet) to `to`; false when another run moved it first. */
    follow(from: number | null, to: number): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.portfolioFollower(),
            UpdateExpression: 'SET seq = :to',
            ConditionExpression: from === null ? 'attribute_not_exists(seq)' : 'seq = :from',
            ExpressionAttributeValues: { ':to': to, ...(from === null ? {} : { ':from': from }) },
          }),
        ),
      );
    },
  };
}

export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;
