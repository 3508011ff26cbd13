/**
 * The PAWS market kept live by the market's pushed events (issue 57): any event of the market or
 * of the signed-in holder's own stream reads again what it changed (listings, My Listings, My NFTs,
 * offers, figures, the tiger view; the nav follows the balances), in every open tab within a second.
 */
import { MARKET_STREAM, accountStream } from '@/features/market-events/market-event';
import { useStreamEvents } from '@/features/market-events/use-stream-events';
import { reloadPawsMarket } from './paws-client';

/** Follows the market (and the holder's own stream once signed in: their trades made elsewhere) while the island is on screen. */
export function useLivePawsMarket(signedInAccount: string | null): void {
  useStreamEvents([MARKET_STREAM, signedInAccount ? accountStream(signedInAccount) : null], reloadPawsMarket);
}
