/**
 * The PAWS market kept live by the market's pushed events (issue 57): any event of the market or
 * of the signed-in holder's own stream reads again what it changed (listings, My Listings, My NFTs,
 * offers, figures, the tiger view, balances), in every open tab within a second.
 */
import { useEffect } from 'react';
import { MARKET_STREAM, accountStream } from '@/features/market-events/market-event';
import { followStream } from '@/features/market-events/stream-client';
import { refreshAfterTrade } from './paws-client';

/** Events that come together (a sale is the market's, the tiger's and two holders') read once. */
const COALESCE_MS = 150;

/** Follows the market (and the holder's own stream once signed in) while the island is on screen. */
export function useLivePawsMarket(signedInAccount: string | null): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => refreshAfterTrade(), COALESCE_MS);
    };
    const stops = [followStream(MARKET_STREAM, { onEvent: reload, onReset: reload })];
    // The holder's own stream: their trades made elsewhere (the inbox in the nav tells them of it).
    if (signedInAccount) stops.push(followStream(accountStream(signedInAccount), { onEvent: reload, onReset: reload }));
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [signedInAccount]);
}
