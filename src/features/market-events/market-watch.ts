/**
 * The live market's events for what the app does not make but sees (issue 57, item 1), written by
 * the scheduled job: tigers that moved on the ledger outside the market, the HBAR market's
 * listings and sales as SentX shows them, and each market's figures. Each is told apart from what the job saw last time (kept
 * in the table), so that a change is one event however often the job sees it; the first look
 * only remembers.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@/platform/store/keys';
import type { EventLogRepo } from './event-log-repo';
import { streamsFor } from './market-event';

/** A listing as the job reads it from the HBAR market. */
export interface SeenListing {
  id: string;
  serial: number;
  price: number;
  sellerId: string;
  /** SentX's `isAvailableForPurchase`: false while the seller no longer holds the tiger or its approval (the listing is invalid, not gone). */
  available: boolean;
}

/** A sale as the job reads it from the HBAR market. */
export interface SeenSale {
  serial: number;
  price: number;
  at: string;
  buyerId: string | null;
  sellerId: string | null;
}

/** A tiger whose holder changed between two reads of who holds every tiger. */
export interface Move {
  serial: number;
  from: string;
  to: string;
}

/** The tigers whose holder changed, less those the app's own sales explain (`soldTo`: the buyer of each). */
export function movesBetween(before: ReadonlyMap<number, string>, after: ReadonlyMap<number, string>, soldTo: ReadonlyMap<number, string>): Move[] {
  const moves: Move[] = [];
  for (const [serial, to] of after) {
    const from = before.get(serial);
    if (from && from !== to && soldTo.get(serial) !== to) moves.push({ serial, from, to });
  }
  return moves;
}

interface HbarMarketState {
  listings: Record<string, SeenListing>;
  /** The newest sale seen: sales after it are new. */
  lastSaleAt: string | null;
  /** How many looks the state has taken: a listing's event ids carry it, so that a listing invalid twice, or back twice, has an event each time, and a look run again after a stop writes none twice. */
  look?: number;
}

type ListingChange = 'listing-created' | 'listing-removed' | 'listing-repriced' | 'listing-invalidated' | 'listing-revalidated';

/** What became of a listing between two looks (`was`: last look's, undefined when new; `is`: now, undefined when gone), or null when nothing that shows. */
export function listingChange(was: SeenListing | undefined, is: SeenListing | undefined): ListingChange | null {
  const wasLive = was !== undefined && was.available !== false;
  if (!is) return wasLive ? 'listing-removed' : null;
  if (!is.available) return wasLive ? 'listing-invalidated' : null;
  if (!was) return 'listing-created';
  if (!wasLive) return 'listing-revalidated';
  return was.price !== is.price ? 'listing-repriced' : null;
}

/** The job's watch over what the app sees change: it writes the events, and keeps what it saw. */
export function createMarketWatch(doc: DynamoDBDocumentClient, tableName: string, log: EventLogRepo, now: () => number = Date.now) {
  async function readState(): Promise<HbarMarketState | undefined> {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.marketWatch('hbar'), ConsistentRead: true }));
    return Item?.state ? (JSON.parse(String(Item.state)) as HbarMarketState) : undefined;
  }

  return {
    /** Tigers that moved on the ledger between two reads of their holders: one event each. Answers how many. */
    async tigersMoved(
      before: ReadonlyMap<number, string>,
      after: ReadonlyMap<number, string>,
      soldTo: ReadonlyMap<number, string>,
      seenAt: number,
    ): Promise<number> {
      const moves = movesBetween(before, after, soldTo);
      const at = new Date(seenAt).toISOString();
      for (const move of moves) {
        await log.append({
          id: `MOVE#${move.serial}#${move.from}#${move.to}#${seenAt}`,
          type: 'tiger-moved',
          at,
          streams: streamsFor(move.serial, [move.from, move.to]),
          data: { ref: `${move.serial}`, serial: move.serial, sellerId: move.from, ownerId: move.to, reason: 'moved on the ledger' },
        });
      }
      return moves.length;
    },

    /** A market's figures as the job counted them now: a 'figures-changed' event when they differ from its last count. Answers whether they did. */
    async figuresSeen(market: 'paws' | 'hbar', figures: unknown): Promise<boolean> {
      const key = keys.marketWatch(`figures:${market}`);
      const counted = JSON.stringify(figures);
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      if (Item?.state === counted) return false;
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...key, state: counted } }));
      if (Item === undefined) return false;
      const at = now();
      await log.append({
        id: `FIGURES#${market}#${at}`,
        type: 'figures-changed',
        at: new Date(at).toISOString(),
        streams: streamsFor(undefined, []),
        data: { ref: market, market },
      });
      return true;
    },

    /**
     * The HBAR market as the job read it now: listings new, gone or re-priced, and sales since the
     * last look (less those the app's own purchases told already: `paidTo`, the buyer of each). Answers how many events.
     */
    async hbarMarketSeen(listings: readonly SeenListing[], sales: readonly SeenSale[], paidTo: ReadonlyMap<number, string>): Promise<number> {
      const before = await readState();
      const look = (before?.look ?? 0) + 1;
      const current: HbarMarketState = {
        listings: Object.fromEntries(listings.map((listing) => [listing.id, listing])),
        lastSaleAt: sales.reduce<string | null>((latest, sale) => (!latest || sale.at > latest ? sale.at : latest), before?.lastSaleAt ?? null),
        look,
      };
      let written = 0;
      if (before) {
        const at = new Date(now()).toISOString();
        for (const id of new Set([...Object.keys(before.listings), ...Object.keys(current.listings)])) {
          const is = current.listings[id];
          const type = listingChange(before.listings[id], is);
          const listing = is ?? before.listings[id];
          if (!type || !listing) continue;
          await log.append({
            id: `SENTX#${id}#${type}#${look}`,
            type,
            at,
            streams: streamsFor(listing.serial, [listing.sellerId]),
            data: { ref: id, serial: listing.serial, market: 'hbar', price: String(listing.price), sellerId: listing.sellerId },
          });
          written++;
        }
        for (const sale of sales) {
          if ((before.lastSaleAt && sale.at <= before.lastSaleAt) || (sale.buyerId && paidTo.get(sale.serial) === sale.buyerId)) continue;
          await log.append({
            id: `SENTXSALE#${sale.serial}#${sale.at}`,
            type: 'sale',
            at: sale.at,
            streams: streamsFor(sale.serial, [sale.sellerId, sale.buyerId]),
            data: {
              ref: `${sale.serial}@${sale.at}`,
              serial: sale.serial,
              market: 'hbar',
              price: String(sale.price),
              ...(sale.sellerId ? { sellerId: sale.sellerId } : {}),
              ...(sale.buyerId ? { buyerId: sale.buyerId, ownerId: sale.buyerId } : {}),
            },
          });
          written++;
        }
      }
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...keys.marketWatch('hbar'), state: JSON.stringify(current) } }));
      return written;
    },
  };
}
