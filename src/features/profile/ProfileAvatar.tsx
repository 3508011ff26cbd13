import { TierBadge } from '@/features/tiger/TierBadge';
import { cn } from '@/lib/cn';
import { NftMedia } from '@/features/tiger/NftMedia';
import { tierByRank } from '@/features/tiger/tiers';

/**
 * A profile's avatar tiger with its tier badge, or a paw placeholder when there is none; `square`
 * drops the rounded corners (inside a card that clips it).
 */
export function ProfileAvatar({
  nft,
  name,
  square = false,
}: {
  nft: { serialNumber: number; rarityRank: number | null; nftImage?: string | null; nftName?: string | null } | null;
  name: string;
  square?: boolean;
}) {
  const corners = square ? undefined : 'rounded-xl';
  if (!nft) {
    return (
      <div
        role="img"
        aria-label={`${name} has no avatar tiger yet`}
        className={cn('grid aspect-square w-full place-items-center bg-muted tiger-stripes', corners)}
      >
        <svg viewBox="0 0 64 64" aria-hidden="true" className="size-1/3 text-primary/70" fill="currentColor">
          <ellipse cx="32" cy="42" rx="14" ry="12" />
          <circle cx="14" cy="26" r="6" />
          <circle cx="25" cy="15" r="6" />
          <circle cx="39" cy="15" r="6" />
          <circle cx="50" cy="26" r="6" />
        </svg>
      </div>
    );
  }
  return (
    <div className={cn('relative overflow-hidden', corners)}>
      <NftMedia serial={nft.serialNumber} image={nft.nftImage} name={nft.nftName ?? `Wild Tiger #${nft.serialNumber}`} />
      <TierBadge tier={tierByRank(nft.rarityRank)} className="absolute top-2 left-2" />
    </div>
  );
}
