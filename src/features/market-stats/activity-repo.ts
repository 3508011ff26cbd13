import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '@/platform/store/dynamo-operations';
import { BY_ACCOUNT_OR_TIGER, BY_STATUS_OR_TIME, keys, partitions } from '@/platform/store/keys';
import type { PawsActivityItem, PawsActivityKind } from './activity';
import { type ListedEvent, type OfferEvent, type SoldEvent, offerEventId } from './trade-events';

/** Where a page of the timeline starts: the last item read (its table key and its time key on gsi1). */
/** Items of the PAWS activity timeline, newest first on gsi1. */
const PAWS_ACTIVITY_INDEX = partitions.pawsActivity;

/** One tiger sold to an offer, as its timeline says. */
export interface TigerOfferSale {
  pawsAmount: string;
  at: string;
  sellerId: string;
  buyerId: string;
  transactionId: string;
}

export interface ActivityCursor {
  pk: string;
  at: string;
}

/** Items read from the index at most per page request (a narrow kind filter over a long history stops there, with a cursor). */
export const ACTIVITY_READ_BUDGET = 400;
/** Timeline items read for one tiger's sales to offers. */
const TIGER_READ_PAGE = 500;

const SALE_KINDS: readonly PawsActivityKind[] = ['sale', 'offer-accepted'];

/** base64url of the cursor's JSON: opaque to clients, checked when it comes back. */
export function encodeCursor(cursor: ActivityCursor): string {
  return Buffer.from(JSON.stringify([cursor.pk, cursor.at])).toString('base64url');
}

/** The cursor a client sent back; undefined when it is not one this API made. */
export function decodeCursor(text: string): ActivityCursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [pk, at] = parsed;
    if (typeof pk !== 'string' || typeof at !== 'string' || !pk.startsWith(`${PAWS_ACTIVITY_INDEX}#`) || pk.length > 300 || at.length > 300) return undefined;
    return { pk, at };
  } catch {
    return undefined;
  }
}

function toItem(item: Record<string, unknown>): PawsActivityItem {
  const event = String(item.pk).slice(PAWS_ACTIVITY_INDEX.length + 1);
  return {
    id: event,
    kind: item.kind as PawsActivityKind,
    at: String(item.at),
    tokenId: String(item.tokenId),
    serialNumber: typeof item.serialNumber === 'number' ? item.serialNumber : null,
    nftName: typeof item.nftName === 'string' ? item.nftName : null,
    pawsAmount: String(item.pawsAmount),
    sellerId: typeof item.sellerId === 'string' ? item.sellerId : null,
    buyerId: typeof item.buyerId === 'string' ? item.buyerId : null,
    quantity: typeof item.quantity === 'number' ? item.quantity : 1,
    transactionId: typeof item.transactionId === 'string' ? item.transactionId : null,
  };
}

/**
 * The PAWS activity timeline (PAWSACTIVITY items, gsi1 by time, gsi2 per tiger): the listing and
 * sale events the PAWS market writes once each, the paged read of the timeline, and the sales
 * records the market figures count.
 */
export function createActivityRepo(doc: DynamoDBDocumentClient, tableName: string) {
  /** Writes an event once: a repeat of the same event (a retry, a reconciliation) changes nothing. */
  async function put(event: string, item: (Omit<PawsActivityItem, 'id'> & { listingId: string }) | OfferEvent): Promise<void> {
    const byTiger = item.serialNumber === null ? {} : { gsi2pk: partitions.tigerActivity(item.tokenId, item.serialNumber), gsi2sk: `${item.at}#${event}` };
    await conditionalWrite(() =>
      doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.pawsActivity(event), ...item, gsi1pk: PAWS_ACTIVITY_INDEX, gsi1sk: `${item.at}#${event}`, ...byTiger },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  return {
    /** An offer was made, accepted or cancelled (the offer repo writes it through here). */
    async offerEvent(activity: OfferEvent): Promise<void> {
      await put(offerEventId(activity), activity);
    },

    /** One tiger's last sales to offers (gsi2, the tiger's part of the timeline), newest first, at most `limit`. */
    async tigerOfferSales(tokenId: string, serial: number, limit: number): Promise<TigerOfferSale[]> {
      const page = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: BY_ACCOUNT_OR_TIGER,
          KeyConditionExpression: 'gsi2pk = :tiger',
          FilterExpression: '#kind = :accepted',
          ExpressionAttributeNames: { '#kind': 'kind' },
          ExpressionAttributeValues: { ':tiger': partitions.tigerActivity(tokenId, serial), ':accepted': 'offer-accepted' },
          ScanIndexForward: false,
          Limit: TIGER_READ_PAGE,
        }),
      );
      return (page.Items ?? []).slice(0, limit).map((item) => ({
        pawsAmount: String(item.pawsAmount),
        at: String(item.at),
        sellerId: String(item.sellerId),
        buyerId: String(item.buyerId),
        transactionId: String(item.transactionId),
      }));
    },

    /** A listing went live. */
    async listed(listing: ListedEvent): Promise<void> {
      await put(`LISTING#${listing.id}#listing`, {
        kind: 'listing',
        at: listing.createdAt,
        listingId: listing.id,
        tokenId: listing.tokenId,
        serialNumber: listing.serialNumber,
        nftName: listing.nftName,
        pawsAmount: listing.pawsPrice,
        sellerId: listing.sellerId,
        buyerId: null,
        quantity: 1,
        transactionId: null,
      });
    },

    /** A listing was sold (after the settlement's SUCCESS). */
    async sold(sale: SoldEvent): Promise<void> {
      await put(`LISTING#${sale.listingId}#sale`, {
        kind: 'sale',
        at: sale.soldAt,
        listingId: sale.listingId,
        tokenId: sale.tokenId,
        serialNumber: sale.serialNumber,
        nftName: sale.nftName,
        pawsAmount: sale.pawsPrice,
        sellerId: sale.sellerId,
        buyerId: sale.buyerId,
        quantity: 1,
        transactionId: sale.transactionId,
      });
    },

    /**
     * One page of the timeline, newest first, of the given kinds (all when none): reads the index
     * in order and stops at `limit` matching items or the read budget, answering where to go on.
     */
    async page(input: { limit: number; cursor?: ActivityCursor | undefined; kinds?: readonly PawsActivityKind[] | undefined }) {
      const items: PawsActivityItem[] = [];
      let start: Record<string, unknown> | undefined = input.cursor
        ? { pk: input.cursor.pk, sk: 'ACTIVITY', gsi1pk: PAWS_ACTIVITY_INDEX, gsi1sk: input.cursor.at }
        : undefined;
      let read = 0;
      let last: ActivityCursor | undefined;
      for (;;) {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: BY_STATUS_OR_TIME,
            KeyConditionExpression: 'gsi1pk = :index',
            ExpressionAttributeValues: { ':index': PAWS_ACTIVITY_INDEX },
            ScanIndexForward: false,
            Limit: input.kinds ? Math.min(100, ACTIVITY_READ_BUDGET - read) : input.limit - items.length,
            ExclusiveStartKey: start,
          }),
        );
        const rows = page.Items ?? [];
        let unread = false;
        for (const [index, raw] of rows.entries()) {
          read += 1;
          last = { pk: String(raw.pk), at: String(raw.gsi1sk) };
          if (!input.kinds || input.kinds.includes(raw.kind as PawsActivityKind)) items.push(toItem(raw));
          if (items.length >= input.limit) {
            unread = index < rows.length - 1;
            break;
          }
        }
        start = page.LastEvaluatedKey;
        const more = unread || start !== undefined;
        if (!more) return { items };
        if ((items.length >= input.limit || read >= ACTIVITY_READ_BUDGET) && last) return { items, cursor: encodeCursor(last) };
      }
    },

    /** Every tiger sold to an offer since `since` (ISO), for the market figures (the listings' sales are the PAWS market's, listing-repo.ts). */
    async offerSalesSince(since: string): Promise<{ price: number; at: string; sellerId: string }[]> {
      const sales = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :index AND gsi1sk >= :since',
        FilterExpression: '#kind = :accepted',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':index': PAWS_ACTIVITY_INDEX, ':since': since, ':accepted': 'offer-accepted' },
      });
      return sales.map((sale) => ({ price: Number(sale.pawsAmount), at: String(sale.at), sellerId: String(sale.sellerId) }));
    },

    /** Every tiger sold on the timeline at or after `since` (ISO): listings bought and tigers sold to offers, oldest first. */
    async tradesSince(since: string): Promise<PawsActivityItem[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :index AND gsi1sk >= :since',
        FilterExpression: '#kind IN (:sale, :accepted)',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':index': PAWS_ACTIVITY_INDEX, ':since': since, ':sale': SALE_KINDS[0], ':accepted': SALE_KINDS[1] },
      });
      return items.map(toItem);
    },

    /** A seller's sales on the timeline after `since` (ISO, as toISOString writes it), newest first: their listings sold and tigers sold to offers. */
    async sellerSalesSince(sellerId: string, since: string): Promise<PawsActivityItem[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :index AND gsi1sk > :since',
        FilterExpression: '#seller = :seller AND #kind IN (:sale, :accepted)',
        ExpressionAttributeNames: { '#seller': 'sellerId', '#kind': 'kind' },
        ExpressionAttributeValues: { ':index': PAWS_ACTIVITY_INDEX, ':since': since, ':seller': sellerId, ':sale': SALE_KINDS[0], ':accepted': SALE_KINDS[1] },
        ScanIndexForward: false,
      });
      // The sort key starts with the time, so one at `since` itself is read too: strictly after it only.
      return items.map(toItem).filter((item) => item.at > since);
    },
  };
}

export type ActivityRepo = ReturnType<typeof createActivityRepo>;
