import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { SkeletonGroup } from '@/components/ui/Skeleton';
import { formatPaws } from '@/lib/format';
import { $offersMade, $offersReceived, createBestOffersStore, type PublicOffer } from './offer-client';
import type { AcceptTarget, CancelTarget } from './OfferDialogs';
import { lazyDialog } from '@/features/toast/lazy-dialog';
import { AcceptOfferDialog, CancelOfferDialog } from './lazy-dialogs';
import { bestOfferText } from './offer-screen-rules';
import { $listings, type PublicListing } from '@/features/paws-market/paws-client';
import { MakeOfferForm, OfferRow } from './TigerOffers';

/** A tiger's offers, loaded when first opened. */
const TigerOffersDialog = lazyDialog(() => import('./TigerOffersDialog').then((module) => module.TigerOffersDialog), 'target');

function Loading() {
  return <SkeletonGroup count={2} className="grid gap-2" itemClassName="h-20 rounded-lg" />;
}

function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="grid place-items-center gap-2 rounded-xl border border-dashed border-border p-8 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** An offers tab's list: loading, failed, empty (with `emptyText`), or each offer with its `action`. */
function OfferList<T extends PublicOffer>(props: {
  offers: { data?: { offers: T[] } | undefined; loading: boolean; error?: unknown };
  viewerId: string;
  label: string;
  emptyTitle: string;
  emptyText: string;
  action: (offer: T) => React.ReactNode;
}) {
  const { offers, viewerId, label, emptyTitle, emptyText, action } = props;
  const list = offers.data?.offers ?? [];
  if (offers.loading && !offers.data) return <Loading />;
  if (offers.error && !offers.data) return <Empty title="Failed to fetch offers" />;
  if (list.length === 0)
    return (
      <Empty title={emptyTitle}>
        <p className="text-muted-foreground">{emptyText}</p>
      </Empty>
    );
  return (
    <ul className="grid gap-2" aria-label={label}>
      {list.map((offer) => (
        <OfferRow key={offer.id} offer={offer} viewerId={viewerId} action={action(offer)} />
      ))}
    </ul>
  );
}

/** 'Offers made': the signed-in buyer's open offers (funded or not, each cancellable) and their recently filled ones; a new collection offer. */
export function OffersMadePanel({ accountId }: { accountId: string }) {
  const made = useStore($offersMade);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-bold">Offers Made</h2>
      <OfferList
        offers={made}
        viewerId={accountId}
        label="Your offers"
        emptyTitle="No Offers Made"
        emptyText="Choose Offers on a tiger to offer PAWS for it, or offer for any tiger below."
        action={(offer) =>
          offer.status === 'open' && (
            <Button size="sm" variant="outline" onClick={() => setCancelling({ offer, buyerId: accountId })}>
              Cancel Offer
            </Button>
          )
        }
      />
      <MakeOfferForm serial={null} buyerId={accountId} />
      <CancelOfferDialog target={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

/** 'Offers received': the offers the signed-in owner's tigers can fill, best first, each accepted for one of those tigers. */
export function OffersReceivedPanel({ accountId }: { accountId: string }) {
  const received = useStore($offersReceived);
  const [accepting, setAccepting] = useState<AcceptTarget | null>(null);
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-bold">Offers Received</h2>
      <OfferList
        offers={received}
        viewerId={accountId}
        label="Offers on your tigers"
        emptyTitle="No Offers Received"
        emptyText="Offers on your tigers show up here."
        action={(offer) => (
          <div className="grid justify-items-end gap-1">
            <span className="text-xs text-muted-foreground">
              {offer.serials.length === 1 ? `For your Wild Tiger #${offer.serials[0]}` : `${offer.serials.length} of your tigers match`}
            </span>
            <Button size="sm" disabled={!offer.funded} onClick={() => setAccepting({ offer, serials: offer.serials, sellerId: accountId })}>
              {offer.funded ? `Accept ${formatPaws(offer.pawsAmount)} PAWS` : 'Unfunded'}
            </Button>
          </div>
        )}
      />
      <AcceptOfferDialog target={accepting} onClose={() => setAccepting(null)} />
    </div>
  );
}

/** The best offer of each tiger on the market's page of listings: one request per page. */
const $listingBestOffers = createBestOffersStore(computed($listings, (page) => page.data?.listings.map((listing) => listing.serialNumber) ?? []));

/** A market card's best offer, and the tiger's offers in a dialog (to offer, cancel or accept). */
export function MarketCardOffers({ listing }: { listing: Pick<PublicListing, 'serialNumber' | 'nftName' | 'sellerId'> }) {
  const best = useStore($listingBestOffers);
  const [open, setOpen] = useState(false);
  const amount = best.data?.best[String(listing.serialNumber)]?.pawsAmount;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
      <span className="text-sm text-muted-foreground">{best.data ? bestOfferText(amount) : '\u00a0'}</span>
      <Button size="sm" variant="outline" aria-label={`Offers on ${listing.nftName}`} onClick={() => setOpen(true)}>
        Offers
      </Button>
      <TigerOffersDialog
        target={open ? { serialNumber: listing.serialNumber, nftName: listing.nftName, ownerId: listing.sellerId } : null}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
