/**
 * A holder's trades made anywhere (another tab, another device, the HBAR market), from their own
 * stream, announced on the window as `eventName` (the wallet store's ACCOUNT_TRADED_EVENT): the
 * balances read again on it, without their page code loading the stream's client.
 */
import { type MarketEventType, accountStream } from './market-event';
import { followStream } from './stream-client';

/** The events of a holder's own stream that move their HBAR or PAWS. */
const TRADES = new Set<MarketEventType>(['sale', 'offer-accepted', 'tiger-moved']);

/** Fires `eventName` on the window at each trade of `accountId`'s; answers how to stop. */
export function announceAccountTrades(accountId: string, eventName: string): () => void {
  return followStream(accountStream(accountId), { onEvent: (event) => TRADES.has(event.type) && window.dispatchEvent(new Event(eventName)) });
}
