/** What paying for some listings asks of the buyer's allowance, read as a dialog shows them (POST /api/paws/cart/quote), said before the wallet opens. */
import { useEffect, useState } from 'react';
import { type PurchaseQuote, quotePurchase } from './paws-client';

/** The quote as read: loading, read, or unknown (it could not be read: the dialogs fall back to a general word). */
export type QuoteState = { state: 'loading' } | { state: 'unknown' } | { state: 'read'; quote: PurchaseQuote };

/** Reads the quote of `listingIds` for `buyer` while `enabled` (no write under way), again whenever the listings change. */
export function usePurchaseQuote(buyer: string | null, listingIds: readonly string[], enabled: boolean): QuoteState {
  const [quote, setQuote] = useState<QuoteState>({ state: 'loading' });
  const key = enabled && buyer && listingIds.length ? `${buyer}:${listingIds.join(',')}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per buyer and set of listings
  useEffect(() => {
    if (!key || !buyer) return;
    let current = true;
    setQuote({ state: 'loading' });
    quotePurchase(buyer, listingIds).then(
      (answer) => current && setQuote({ state: 'read', quote: answer }),
      () => current && setQuote({ state: 'unknown' }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return quote;
}
