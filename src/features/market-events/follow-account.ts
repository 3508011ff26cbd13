/** A holder's own stream: their trades and changes made anywhere (another tab, another device, the HBAR market). */
import { type MarketEventType, accountStream } from './market-event';
import { followStream } from './stream-client';

/** The events of a holder's own stream that move their HBAR or PAWS. */
const TRADES = new Set<MarketEventType>(['sale', 'offer-accepted', 'tiger-moved']);

/** Follows `accountId`'s stream: `changed` at each of its events, `traded` too at each that moved their HBAR or PAWS; answers how to stop. */
export function followAccount(accountId: string, { changed, traded }: { changed: () => void; traded: () => void }): () => void {
  return followStream(accountStream(accountId), {
    onEvent: (event) => {
      changed();
      if (TRADES.has(event.type)) traded();
    },
  });
}
