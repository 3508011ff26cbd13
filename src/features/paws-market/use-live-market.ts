/**
 * The PAWS market kept live by the market's pushed events (issue 57): any event of the market or
 * of the signed-in holder's own stream reads again what it changed (listings, My Listings, My NFTs,
 * offers, figures, the tiger view, balances), in every open tab within a second; the holder is told
 * at once when their tiger sold, an offer arrived on one of theirs, or their offer was accepted.
 */
import { useEffect } from 'react';
import { type MarketEvent, MARKET_STREAM, accountStream } from '@/features/market-events/market-event';
import { followStream, reconnectStream } from '@/features/market-events/stream-client';
import { toast } from '@/features/toast/toast-store';
import { formatPaws } from '@/lib/format';
import { refreshAfterTrade } from './paws-client';

/** Events that come together (a sale is the market's, the tiger's and two holders') read once. */
const COALESCE_MS = 150;

/** What the holder is told of an event on their own stream, if anything. */
export function ownEventNotice(event: MarketEvent, accountId: string): { title: string; description: string } | null {
  const { data } = event;
  const tiger = data.serial ? `Wild Tiger #${data.serial}` : 'A tiger';
  const price = data.price ? ` for ${formatPaws(data.price)} PAWS` : '';
  if (event.type === 'sale' && data.sellerId === accountId) return { title: 'Your tiger sold', description: `${tiger} sold${price}.` };
  if (event.type === 'offer-made' && data.ownerId === accountId && data.buyerId !== accountId)
    return { title: 'Offer received', description: `${tiger} has a new offer${price}.` };
  if (event.type === 'offer-accepted' && data.buyerId === accountId) return { title: 'Offer accepted', description: `${tiger} is yours${price}.` };
  if (event.type === 'listing-invalidated' && data.sellerId === accountId)
    return { title: 'Listing taken down', description: `${tiger} left the market: it moved, or its approval was revoked.` };
  return null;
}

/** Follows the market (and the holder's own stream once signed in) while the island is on screen. */
export function useLivePawsMarket(signedInAccount: string | null): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => refreshAfterTrade(), COALESCE_MS);
    };
    const stops = [followStream(MARKET_STREAM, { onEvent: reload, onReset: reload })];
    if (signedInAccount) {
      // The socket reads the session at its start: it starts again to open the holder's own stream.
      reconnectStream();
      stops.push(
        followStream(accountStream(signedInAccount), {
          onEvent: (event) => {
            reload();
            const notice = ownEventNotice(event, signedInAccount);
            if (notice) toast(notice);
          },
          onReset: reload,
        }),
      );
    }
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [signedInAccount]);
}
