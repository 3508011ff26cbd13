import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { formatPaws } from '../../lib/format';
import { AccountName } from '../accounts/AccountName';
import { MAX_ALLOWANCES_PER_TRANSACTION } from '../allowances/allowance-rules';
import { $wallet } from '../wallet/wallet-store';
import { useWriteDialog } from '../writes/use-writes';
import { isUnderWay } from '../writes/write-progress';
import { acceptManyWriteId, startAcceptMany } from './accept-offers-write';
import type { TigerOffer } from './bulk-client';
import { WriteFooterEnd, WriteProgress } from './WriteProgress';

const PENDING_NOTE = 'You can close this window: the sales go on, and the bar at the bottom of the page shows them until they are done.';

/** Accepting several offers at once: the best offer of each of the owner's tigers, the tigers to sell chosen (none at first), one approval in the wallet. */
export function BulkAcceptDialog({ offers, onClose }: { offers: TigerOffer[] | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const seller = wallet.accountId;
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const { write, close: endWrite } = useWriteDialog(offers && seller ? acceptManyWriteId(seller) : null, () => setChosen(new Set()));
  if (!offers || !seller) return null;
  const busy = isUnderWay(write);
  const picked = offers.filter((offer) => chosen.has(offer.serialNumber));
  const tooMany = picked.length > MAX_ALLOWANCES_PER_TRANSACTION;

  function close(): void {
    endWrite();
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent closeLabel="Close offers" pendingNote={busy ? PENDING_NOTE : null} maxWidth="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{write?.step === 'done' ? 'Offers Accepted' : 'Accept several offers'}</DialogTitle>
          <DialogDescription>
            {write?.step === 'done' ? (
              'Each chosen tiger was sold to its offer; the message beside names them.'
            ) : (
              <>
                The best offer on each of your tigers. Choose the tigers to sell: your wallet approves the marketplace for all of them at once (up to{' '}
                {MAX_ALLOWANCES_PER_TRANSACTION}), then each sells to its offer.
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {!write && (
          <ul className="grid gap-2" aria-label="Best offer per tiger">
            {offers.map((offer) => (
              <li key={offer.serialNumber} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-2">
                <label className="flex items-center gap-2 font-semibold">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={chosen.has(offer.serialNumber)}
                    onChange={(event) =>
                      setChosen((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(offer.serialNumber);
                        else next.delete(offer.serialNumber);
                        return next;
                      })
                    }
                  />
                  Wild Tiger #{offer.serialNumber}
                </label>
                <span className="text-sm">
                  <strong className="tabular-nums">{formatPaws(offer.pawsAmount)} PAWS</strong> from <AccountName accountId={offer.buyerId} />
                </span>
              </li>
            ))}
          </ul>
        )}
        {tooMany && (
          <p className="text-sm text-red-400" role="alert">
            At most {MAX_ALLOWANCES_PER_TRANSACTION} tigers at once.
          </p>
        )}
        <WriteProgress write={write} label="Offer acceptance progress" />
        <DialogFooter>
          {!write && (
            <Button disabled={!picked.length || tooMany} onClick={() => void startAcceptMany(seller, picked)}>
              Accept {picked.length} {picked.length === 1 ? 'offer' : 'offers'}
            </Button>
          )}
          <WriteFooterEnd write={write} onClose={close} />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
