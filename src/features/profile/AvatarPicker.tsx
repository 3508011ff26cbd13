import { useId, useState } from 'react';
import { TierBadge } from '@/features/tiger/TierBadge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { NftMedia } from '@/features/tiger/NftMedia';
import { tierByRank } from '@/features/tiger/tiers';
import { toast } from '@/features/toast/toast-store';
import type { OwnedNft } from '@/features/accounts/account-types';
import { PROFILE_MESSAGES } from './profile-rules';
import { avatarWriteId, startAvatarChange } from './profile-writes';
import { useWriteUnderWay } from '@/features/writes/use-writes';

/** 'Set Profile Image': choose one of your tigers (a radio group) and save it as the avatar. */
export function AvatarPicker({ accountId, nfts, currentSerial }: { accountId: string; nfts: readonly OwnedNft[]; currentSerial: number | null }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const saving = useWriteUnderWay()(avatarWriteId(accountId));
  const group = useId();
  const selected = nfts.find((nft) => nft.serialNumber === chosen) ?? null;

  async function apply(): Promise<void> {
    if (!selected) return void toast({ title: 'Failed to set profile image', description: PROFILE_MESSAGES.nftNotFound, variant: 'destructive' });
    await startAvatarChange(accountId, selected);
    setChosen(null);
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Choose the tiger shown on your profile and on your public card.</p>
        <Button onClick={() => void apply()} disabled={saving}>
          {saving ? 'Saving…' : 'Set as Profile Image'}
        </Button>
      </div>
      <fieldset>
        <legend className="sr-only">Your tigers</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {nfts.map((nft) => {
            const isCurrent = nft.serialNumber === currentSerial;
            const isChosen = nft.serialNumber === chosen;
            return (
              <label
                key={nft.id}
                className={cn(
                  'relative cursor-pointer overflow-hidden rounded-xl border-2 bg-card transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  isChosen ? 'border-primary' : 'border-border hover:border-input',
                )}
              >
                <input
                  type="radio"
                  name={group}
                  value={nft.serialNumber}
                  checked={isChosen}
                  onChange={() => setChosen(nft.serialNumber)}
                  aria-label={`${nft.nftName}, ${tierByRank(nft.rarityRank)}${isCurrent ? ', current profile image' : ''}`}
                  className="sr-only"
                />
                <NftMedia serial={nft.serialNumber} image={nft.nftImage} name={nft.nftName} />
                <TierBadge tier={tierByRank(nft.rarityRank)} className="absolute top-2 left-2" />
                <span className="flex items-center justify-between gap-2 p-2 text-sm font-semibold">
                  <span className="truncate">{nft.nftName}</span>
                  {isCurrent && <span className="shrink-0 text-xs font-medium text-highlight">Current</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
