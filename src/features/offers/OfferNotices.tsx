import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { seenMarker } from '@/lib/seen-marker';
import { toast } from '@/features/toast/toast-store';
import { $wallet } from '@/features/wallet/wallet-store';
import { $offersMade, $offersReceived } from './offer-client';
import { offerNews, offerNewsToast } from './offer-screen-rules';

const offersSeen = seenMarker('wildTigers.offersSeen.');

/**
 * Once per account and visit: a toast for the offers received on the account's tigers and the
 * tigers bought through its offers since its last visit (a last-seen marker per account in
 * localStorage, moved past what was told so it is told once). Renders nothing.
 */
export function OfferNotices() {
  const wallet = useStore($wallet);
  const made = useStore($offersMade);
  const received = useStore($offersReceived);
  const told = useRef<string | null>(null);
  const accountId = wallet.isConnected ? wallet.accountId : null;

  useEffect(() => {
    if (!accountId || told.current === accountId || !made.data || !received.data) return;
    told.current = accountId;
    const news = offerNews(made.data.offers, received.data.offers, offersSeen.read(accountId));
    const now = new Date().toISOString();
    offersSeen.write(accountId, news.newest && news.newest > now ? news.newest : now);
    const message = offerNewsToast(news);
    if (message) toast({ ...message, duration: 10_000 });
  }, [accountId, made.data, received.data]);

  return null;
}
