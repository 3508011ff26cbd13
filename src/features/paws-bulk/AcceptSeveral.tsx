import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { $offersReceived } from '../offers/offer-client';
import { type TigerOffer, bestOfferPerTiger } from './bulk-client';

/** 'Accept several offers' over the offers received: opens the bulk view with the best funded offer of each tiger. */
export function AcceptSeveral({ onOpen }: { onOpen: (offers: TigerOffer[]) => void }) {
  const received = useStore($offersReceived);
  const best = bestOfferPerTiger(received.data?.offers ?? []);
  if (best.length < 2) return null;
  return (
    <div className="flex justify-end">
      <Button variant="outline" size="sm" onClick={() => onOpen(best)}>
        Accept several offers ({best.length} tigers)
      </Button>
    </div>
  );
}
