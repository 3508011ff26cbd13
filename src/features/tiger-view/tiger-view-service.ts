import { DomainError } from '@/lib/domain-error';
import { log } from '@/platform/log';
import { NOT_MINTED, UNKNOWN_OWNER } from '@/features/collection/collection-rules';
import type { LedgerNft, LedgerReader } from '@/features/ledger/ledger-reader-port';
import { isPastValidity } from '@/features/ledger/transaction-visibility';
import { type PawsListing, publicListing } from '@/features/paws-market/listing';
import { backsListing } from '@/features/paws-market/listing-backing';
import type { CollectionCatalog } from '@/features/tiger/catalog-port';
import { MINTED, TOTAL_SUPPLY } from '@/features/tiger/supply';
import { TIGER_SALES_SHOWN, type TigerPawsSale, type TigerViewAnswer, traitShares } from './tiger-view-rules';

export interface TigerViewDeps {
  nftTokenId: string;
  marketplaceAccountId: string;
  catalog: Pick<CollectionCatalog, 'rarity' | 'entry'>;
  /** The serial on the ledger (null when it does not exist). */
  nft: (serial: number) => Promise<LedgerNft | null>;
  /** The mirror node's transactions: whether it shows a listing's approval yet. */
  ledger: Pick<LedgerReader, 'getTransaction' | 'getNft'>;
  /** The owner after the market's sales the mirror does not show yet (`recent-trades.ts`); the mirror's owner without it. */
  recentOwner?: (serial: number, mirrorOwner: string) => Promise<string>;
  /** A stored profile's privacy (undefined when the account never saved one). */
  profile: (accountId: string) => Promise<{ username: string | null; isPublic: boolean } | undefined>;
  /** The id of the serial's active listing (its lock), and a listing by id. */
  listingIdOf: (tokenId: string, serial: number) => Promise<string | undefined>;
  listing: (id: string) => Promise<PawsListing | undefined>;
  pawsSales: (tokenId: string, serial: number, limit: number) => Promise<TigerPawsSale[]>;
  minted?: number;
  totalSupply?: number;
}

/**
 * The view of one tiger: its catalog entry and rarity, each trait's share of the collection, its
 * owner from the ledger (with the owner's profile when public), its PAWS listing (only while the
 * ledger still backs it: the seller owns the tiger and the marketplace holds its allowance) and its
 * last PAWS sales. A ledger or store failure leaves that part out ('0.0.unknown', no listing, no sales).
 */
export function createTigerViewService(deps: TigerViewDeps) {
  const { nftTokenId, marketplaceAccountId, catalog, minted = MINTED, totalSupply = TOTAL_SUPPLY } = deps;

  async function owner(serial: number): Promise<{ owner: string; nft: LedgerNft | null }> {
    if (serial > minted) return { owner: NOT_MINTED, nft: null };
    try {
      const nft = await deps.nft(serial);
      if (!nft) return { owner: NOT_MINTED, nft: null };
      const onMirror = nft.deleted ? UNKNOWN_OWNER : (nft.owner ?? UNKNOWN_OWNER);
      return { owner: nft.deleted ? onMirror : await afterRecentTrades(serial, onMirror), nft };
    } catch (error) {
      log.warn('tiger view: owner lookup failed', { serial, error });
      return { owner: UNKNOWN_OWNER, nft: null };
    }
  }

  /** The owner after the market's sales the mirror does not show yet; the mirror's when they cannot be read. */
  async function afterRecentTrades(serial: number, onMirror: string): Promise<string> {
    try {
      return deps.recentOwner ? await deps.recentOwner(serial, onMirror) : onMirror;
    } catch (error) {
      log.warn('tiger view: recent sales unread, the mirror’s owner shown', { serial, error });
      return onMirror;
    }
  }

  /** The tiger's PAWS listing when it is for sale and backed on the ledger; or its sale being settled (claimed by a buyer, its transfer not yet at consensus). */
  async function pawsListing(serial: number, nft: LedgerNft | null): Promise<{ listing: PawsListing | null; settling: TigerViewAnswer['pawsSettling'] }> {
    const none = { listing: null, settling: null };
    if (!nft || nft.deleted) return none;
    const id = await deps.listingIdOf(nftTokenId, serial);
    const listing = id ? await deps.listing(id) : undefined;
    if (listing?.status === 'claimed' && listing.claim && !isPastValidity(listing.claim.transactionId, Date.now())) {
      const { buyerId, transactionId, claimedAt } = listing.claim;
      return { listing: null, settling: { sellerId: listing.sellerId, buyerId, pawsPrice: listing.pawsPrice, transactionId, since: claimedAt } };
    }
    if (listing?.status !== 'active') return none;
    return (await backsListing(deps.ledger, nft, listing, marketplaceAccountId, Date.now())) ? { listing, settling: null } : none;
  }

  async function ownerProfile(accountId: string): Promise<TigerViewAnswer['ownerProfile']> {
    if (!/^0\.0\.\d+$/.test(accountId)) return null;
    const profile = await deps.profile(accountId);
    return profile?.isPublic ? { username: profile.username } : null;
  }

  /** Logs a failed part of the view and answers its fallback. */
  const orElse =
    <T>(what: string, serial: number, fallback: T) =>
    (error: unknown): T => {
      log.warn(`tiger view: ${what} unavailable`, { serial, error });
      return fallback;
    };

  return {
    /** GET /api/collection/tiger/{serial}: TIGER_NOT_FOUND outside the collection's serials. */
    async view(serial: number): Promise<TigerViewAnswer> {
      if (!Number.isInteger(serial) || serial < 1 || serial > totalSupply) {
        throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${serial} does not exist`);
      }
      const [entry, rarity, held] = await Promise.all([
        catalog.entry(serial).catch(orElse('catalog entry', serial, undefined)),
        catalog.rarity(),
        owner(serial),
      ]);
      const [profile, { listing, settling }, sales] = await Promise.all([
        ownerProfile(held.owner).catch(orElse('owner profile', serial, null)),
        pawsListing(serial, held.nft).catch(orElse('PAWS listing', serial, { listing: null, settling: null })),
        deps.pawsSales(nftTokenId, serial, TIGER_SALES_SHOWN).catch(orElse('PAWS sales', serial, [] as TigerPawsSale[])),
      ]);
      const traits = entry?.traits ?? rarity.rarityData[String(serial)]?.traits ?? [];
      return {
        success: true,
        tokenId: nftTokenId,
        serial,
        name: entry?.nftName ?? `Wild Tiger #${serial}`,
        image: entry?.nftImage || null,
        mediaType: entry?.mediaType ?? null,
        rarityRank: entry?.rarityRank ?? null,
        rarityPct: entry?.rarityPct ?? null,
        rarityScore: entry?.rarityScore ?? null,
        rankedCount: Object.keys(rarity.rarityData).length,
        totalSupply,
        traits: traitShares(traits, rarity),
        owner: held.owner,
        ownerProfile: profile,
        pawsListing: listing ? publicListing(listing) : null,
        pawsSettling: settling,
        pawsSales: sales,
      };
    },
  };
}

export type TigerViewService = ReturnType<typeof createTigerViewService>;
