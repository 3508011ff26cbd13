import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { TigerOffers } from './TigerOffers';

/** A tiger whose offers a dialog shows. */
export interface OffersTarget {
  serialNumber: number;
  nftName: string;
  ownerId: string | null;
}

/** The offers of one tiger in a dialog (the PAWS market's cards open it). */
export function TigerOffersDialog({ target, onClose }: { target: OffersTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel="Close offers">
        <DialogHeader>
          <DialogTitle>Offers on {target.nftName}</DialogTitle>
          <DialogDescription>Offers are paid in PAWS from the buyer’s wallet when the owner accepts.</DialogDescription>
        </DialogHeader>
        <TigerOffers serial={target.serialNumber} ownerId={target.ownerId} />
      </DialogContent>
    </Dialog>
  );
}
