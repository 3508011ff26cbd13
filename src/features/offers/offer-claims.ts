import { type ClaimLifecycle, reconcileClaim } from '@/features/paws-market/settlement';
import type { OfferContext } from './offer-context';
import type { OfferClaim, OfferFill, PawsOffer } from './offer-rules';

/** An offer's units claimed, filled and reconciled: what an acceptance settles through and the reconciler settles again. */
export function createOfferClaims({ offers, listings, ledger, settings, now, event }: OfferContext) {
  const iso = (ms: number) => new Date(ms).toISOString();

  /** Takes down the seller's PAWS listing of a tiger sold to an offer (the transfer spent its approval); a later listing stays. */
  async function retireListing(serial: number, fill: OfferFill): Promise<void> {
    const holder = await listings.lockHolder(settings.nftTokenId, serial);
    const listing = holder ? await listings.getListing(holder) : undefined;
    if (listing?.status !== 'active' || listing.sellerId !== fill.sellerId || listing.createdAt > fill.filledAt) return;
    if (await listings.transition(listing.id, 'active', 'removed')) await listings.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
  }

  /** What follows a fill, each step safe to repeat: the offer marked filled with its last unit, the activity, the listing taken down. */
  async function afterFill(offer: PawsOffer, serial: number, fill: OfferFill): Promise<void> {
    if (offer.status === 'open' && offer.filled >= offer.quantity) await offers.markFilled(offer.id, offer.quantity);
    await offers.putActivity(event(offer, 'offer-accepted', fill.filledAt, { serial, fill }));
    await retireListing(serial, fill);
  }

  /** One unit of an offer claimed for one tiger: taken while a unit is left, released back, finished as filled. */
  function unitClaims(offer: PawsOffer, serial: number): ClaimLifecycle<OfferClaim> {
    return {
      take: async (claim) => (await offers.claimUnit(offer.id, serial, claim, now())) !== undefined,
      release: async (claim) => {
        await offers.releaseUnit(offer.id, serial, claim.claimId);
      },
      finish: async (claim) => {
        const fill = { sellerId: claim.sellerId, transactionId: claim.transactionId, filledAt: iso(now()) };
        const after = await offers.fillUnit(offer.id, serial, claim.claimId, fill, event(offer, 'offer-accepted', fill.filledAt, { serial, fill }));
        if (after) await afterFill(after, serial, fill);
      },
    };
  }

  /** Settles from the ledger every unit whose settlement outcome was never recorded (reconcileClaim); how many were settled. */
  async function settleClaims(offer: PawsOffer): Promise<number> {
    const claims = Object.entries(offer.claims);
    const settled = await Promise.all(claims.map(([serial, claim]) => reconcileClaim(ledger, claim, unitClaims(offer, Number(serial)), now())));
    return settled.filter(Boolean).length;
  }

  /** The offer after settling its units' unrecorded claims, if the ledger tells how they ended. */
  async function reconcile(offer: PawsOffer): Promise<PawsOffer> {
    if (!Object.keys(offer.claims).length) return offer;
    return (await settleClaims(offer)) > 0 ? ((await offers.getOffer(offer.id)) ?? offer) : offer;
  }

  return { afterFill, unitClaims, settleClaims, reconcile };
}

export type OfferClaims = ReturnType<typeof createOfferClaims>;
