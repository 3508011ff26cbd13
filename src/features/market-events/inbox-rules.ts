/**
 * What a holder is told of an event on their own stream (issue 57, items 4 and 5): their tiger
 * sold, an offer arrived on one of their tigers, their offer was accepted, unfunded or expired,
 * their listing was taken down, a watch of theirs alerted. Pure: the inbox's records and the page's toasts say the same.
 */
import type { MarketEvent } from './market-event';

/** Notifications one read answers at most (newest first); the unread count stops there too. */
export const INBOX_PAGE = 50;

export interface Notice {
  title: string;
  description: string;
}

/** A notification as the inbox answers it. */
export interface Notification extends Notice {
  /** Its place in the holder's stream: what marking it read names. */
  id: string;
  type: MarketEvent['type'];
  at: string;
  serial: number | null;
  read: boolean;
}

/** The price as the event carries it (whole PAWS or HBAR), in the currency of its market. */
function priced(data: MarketEvent['data']): string {
  return data.price ? ` for ${data.price} ${data.market === 'hbar' ? 'HBAR' : 'PAWS'}` : '';
}

/** The notice `accountId` gets for an event of their stream, or null when it is not news to them (their own act). */
export function noticeFor(event: Pick<MarketEvent, 'type' | 'data'>, accountId: string): Notice | null {
  const { data } = event;
  const tiger = data.serial ? `Wild Tiger #${data.serial}` : 'A tiger';
  const price = priced(data);
  switch (event.type) {
    case 'sale':
      return data.sellerId === accountId ? { title: 'Your tiger sold', description: `${tiger} sold${price}.` } : null;
    case 'offer-made':
      return data.ownerId === accountId && data.buyerId !== accountId ? { title: 'Offer received', description: `${tiger} has a new offer${price}.` } : null;
    case 'offer-accepted':
      return data.buyerId === accountId
        ? { title: 'Offer accepted', description: `${data.serial ? `${tiger} is yours` : 'Your offer was filled'}${price}.` }
        : null;
    case 'offer-unfunded':
      return data.buyerId === accountId
        ? {
            title: 'Offer no longer funded',
            description: `Your offer${price} cannot be paid from your PAWS balance or allowance: sellers cannot accept it until it is.`,
          }
        : null;
    case 'offer-expired':
      return data.buyerId === accountId
        ? { title: 'Offer expired', description: `Your offer${price} expired unfilled${data.serial ? ` on ${tiger}` : ''}.` }
        : null;
    case 'listing-invalidated':
      return data.sellerId === accountId
        ? { title: 'Listing taken down', description: `${tiger} left the market: it moved, or its approval was revoked.` }
        : null;
    case 'watch-alert':
      return data.reason === 'sold'
        ? { title: 'Watched tiger sold', description: `${tiger} sold${price}.` }
        : { title: 'Watched tiger listed', description: `${tiger} is listed${price}, under your alert's price.` };
    default:
      return null;
  }
}
