import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import type { OwnedNft } from '@/features/accounts/account-types';
import { unlistWriteId } from '@/features/paws-market/listing';
import { TigerCard } from '@/features/paws-market/PawsListingCard';
import { PermissionLeftNotice, marketplacePermissionLeft } from '@/features/paws-market/PermissionLeftNotice';
import type { UnlistTarget } from '@/features/paws-market/unlist-write';
import { SelectBox } from './SelectionBar';

export interface OwnedTigersGridProps {
  /** The signed-in holder. */
  accountId: string;
  nfts: readonly OwnedNft[];
  /** Whether a tiger is listed (its own flag, or one of the holder's listings names it). */
  isListed: (nft: OwnedNft) => boolean;
  /** Whether a write is under way, by its id (a listing, a revocation). */
  underWay: (writeId: string) => boolean;
  /** Whether the tiger's listing is under way. */
  listingUnderWay: (serial: number) => boolean;
  onList: (nft: OwnedNft) => void;
  /** Revokes the marketplace's permission on a tiger no longer listed (or takes a listing down). */
  onUnlist: (target: UnlistTarget) => void;
  /** A listed tiger's action: the profile's Unlist; by default, that it is listed already. */
  listedAction?: ((nft: OwnedNft) => ReactNode) | undefined;
  /** More badges of a tiger (the profile image). */
  badges?: ((nft: OwnedNft) => ReactNode) | undefined;
  /** The bulk selection: a box on each tiger not listed while selecting. */
  selection: { selecting: boolean; selected: ReadonlySet<string>; select: (key: string, on: boolean) => void };
  className?: string;
}

/**
 * The holder's own tigers as the PAWS market's My NFTs and the profile's collection show them: each
 * with its List action (or its listed one), its badges, its selection box while selecting, and the
 * marketplace's permission left on a tiger no longer listed, to revoke.
 */
export function OwnedTigersGrid({
  accountId,
  nfts,
  isListed,
  underWay,
  listingUnderWay,
  onList,
  onUnlist,
  listedAction,
  badges,
  selection,
  className,
}: OwnedTigersGridProps) {
  return (
    <div className={cn('grid grid-cols-2 gap-4 md:grid-cols-3', className)}>
      {nfts.map((nft) => {
        const listed = isListed(nft);
        const listing = listingUnderWay(nft.serialNumber);
        return (
          <TigerCard
            key={nft.id}
            tiger={nft}
            action={
              listed ? (
                (listedAction?.(nft) ?? (
                  <Button className="w-full" variant="secondary" disabled>
                    Already Listed
                  </Button>
                ))
              ) : (
                <Button
                  className="w-full"
                  onClick={() => onList(nft)}
                  aria-label={listing ? `Listing ${nft.nftName}…` : `List ${nft.nftName}`}
                  aria-busy={listing}
                >
                  {listing ? 'Listing…' : 'List'}
                </Button>
              )
            }
          >
            <div className="flex flex-wrap gap-1">
              {listed && <Badge variant="secondary">Listed</Badge>}
              {badges?.(nft)}
            </div>
            {selection.selecting && !listed && (
              <SelectBox
                label={`Select ${nft.nftName}`}
                checked={selection.selected.has(String(nft.serialNumber))}
                onChange={(on) => selection.select(String(nft.serialNumber), on)}
              />
            )}
            {marketplacePermissionLeft(nft, listed, accountId) && (
              <PermissionLeftNotice
                nftName={nft.nftName}
                onRevoke={() => onUnlist({ listingId: null, serialNumber: nft.serialNumber, nftName: nft.nftName, sellerId: accountId })}
                revoking={underWay(unlistWriteId(accountId, nft.serialNumber))}
              />
            )}
          </TigerCard>
        );
      })}
    </div>
  );
}
