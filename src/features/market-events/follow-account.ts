/** A holder's trades made anywhere (another tab, another device, the HBAR market), from their own stream. */
import { type MarketEventType, accountStream } from './market-event';
import { followStream } from './stream-client';

/** The events of a holder's own stream that move their HBAR or PAWS. */
const TRADES = new Set<MarketEventType>(['sale', 'offer-accepted', 'tiger-moved']);

/** Calls `traded` at each trade of `accountId`'s; answers how to stop. */
export function followAccountTrades(accountId: string, traded: () => void): () => void {
  return followStream(accountStream(accountId), { onEvent: (event) => TRADES.has(event.type) && traded() });
}
