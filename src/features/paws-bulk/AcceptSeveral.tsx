import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { $offersReceived, type ReceivedOffer } from '@/features/offers/offer-client';
import { acceptRows } from './accept-rows';

/** 'Accept several offers' over the offers received: opens the bulk view with the funded offers the holder's tigers can fill. */
export function AcceptSeveral({ onOpen }: { onOpen: (offers: ReceivedOffer[]) => void }) {
  const received = useStore($offersReceived);
  const offers = received.data?.offers ?? [];
  const sales = acceptRows(offers, () => null).length;
  if (sales < 2) return null;
  return (
    <div className="flex justify-end">
      <Button variant="outline" size="sm" onClick={() => onOpen(offers)}>
        Accept several offers ({sales} possible sales)
      </Button>
    </div>
  );
}
