import { type PawsOffer, byBestOffer, isLive, isOpen, offerMatches, publicOffer } from './offer-rules';
import type { OfferContext } from './offer-context';

/** Filled offers listed beside a buyer's open ones. */
const RECENT_FILLED_OFFERS = 20;

/** What pages read of the offers: a tiger's, the best per card, a buyer's and an owner's, each funded or not. */
export function createOfferReads({ offers, ledger, settings, rarity, now, funding, openOffers }: OfferContext) {
  const fundedIds = funding.fundedIds;
  /** The open offers (every maker's allowance budget) and those of them that can still be filled. */
  const openAndLive = async () => {
    const open = await openOffers();
    const at = now();
    return { open, live: open.filter((offer) => isLive(offer, at)) };
  };
  return {
    /** The live offers a tiger can fill (its item offers and the collection offers it matches), best first, each funded or not. */
    async tigerOffers(serial: number) {
      const [{ open, live }, dataset] = await Promise.all([openAndLive(), rarity()]);
      const entry = dataset.rarityData[String(serial)];
      const matching = live.filter((offer) => offerMatches(offer, serial, entry) && !offer.fills[String(serial)]).sort(byBestOffer);
      const funded = await fundedIds(matching, open);
      const best = matching.find((offer) => funded.has(offer.id));
      return { offers: matching.map((offer) => publicOffer(offer, funded.has(offer.id))), best: best ? publicOffer(best, true) : null };
    },

    /** The best funded offer each of these tigers can fill (for cards), none of `exceptBuyer`'s (their seller's); tigers without one are absent. */
    async bestOffers(serials: readonly number[], exceptBuyer?: string) {
      const [{ open, live }, dataset] = await Promise.all([openAndLive(), rarity()]);
      const funded = await fundedIds(live, open);
      const ranked = live.filter((offer) => funded.has(offer.id) && offer.buyerId !== exceptBuyer).sort(byBestOffer);
      const best: Record<string, { offerId: string; kind: PawsOffer['kind']; pawsAmount: string }> = {};
      for (const serial of new Set(serials)) {
        const top = ranked.find((offer) => offerMatches(offer, serial, dataset.rarityData[String(serial)]) && !offer.fills[String(serial)]);
        if (top) best[serial] = { offerId: top.id, kind: top.kind, pawsAmount: top.pawsAmount };
      }
      return { best };
    },

    /** A buyer's open offers (funded or not), newest first, and their most recently filled ones. */
    async offersMade(buyerId: string) {
      const own = await offers.buyerOffers(buyerId);
      const at = now();
      const open = own.filter((offer) => isOpen(offer, at));
      const filled = own.filter((offer) => offer.status === 'filled').slice(0, RECENT_FILLED_OFFERS);
      const funded = await fundedIds(open, open);
      return { offers: [...open.map((offer) => publicOffer(offer, funded.has(offer.id))), ...filled.map((offer) => publicOffer(offer, false))] };
    },

    /** The live offers the account's tigers can fill (not its own offers), best first, each with the tigers that match it. */
    async offersReceived(ownerId: string) {
      const [owned, { open, live }, dataset] = await Promise.all([ledger.getAccountNfts(ownerId, settings.nftTokenId), openAndLive(), rarity()]);
      const serials = owned.map((nft) => nft.serial).sort((a, b) => a - b);
      const received = live
        .filter((offer) => offer.buyerId !== ownerId)
        .map((offer) => ({
          offer,
          serials: serials.filter((serial) => offerMatches(offer, serial, dataset.rarityData[String(serial)]) && !offer.fills[String(serial)]),
        }))
        .filter((entry) => entry.serials.length > 0)
        .sort((a, b) => byBestOffer(a.offer, b.offer));
      const funded = await fundedIds(
        received.map((entry) => entry.offer),
        open,
      );
      return { offers: received.map(({ offer, serials: matching }) => ({ ...publicOffer(offer, funded.has(offer.id)), serials: matching })) };
    },
  };
}
