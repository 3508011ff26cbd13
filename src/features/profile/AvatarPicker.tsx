import { useId, useState } from 'react';
import { TierBadge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { NftMedia } from '../tiger/NftMedia';
import { tierByRank } from '../tiger/tiers';
import { errorText } from '@/lib/api/error-text';
import { toast } from '../toast/toast-store';
import { tryAgainAfter } from '../toast/try-again';
import type { OwnedNft } from './owned-nfts';
import { LedgerWaitNotice } from '../ledger/LedgerWaitNotice';
import { $wallet } from '../wallet/wallet-store';
import { awaitsLedger, saveProfile } from './profile-client';
import { PROFILE_MESSAGES } from './profile-rules';

/** 'Set Profile Image': choose one of your tigers (a radio group) and save it as the avatar. */
export function AvatarPicker({ nfts, currentSerial }: { nfts: readonly OwnedNft[]; currentSerial: number | null }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const group = useId();
  const selected = nfts.find((nft) => nft.serialNumber === chosen) ?? null;

  async function apply(): Promise<void> {
    if (!selected) return void toast({ title: 'Failed to set profile image', description: PROFILE_MESSAGES.nftNotFound, variant: 'destructive' });
    setSaving(true);
    const accountId = $wallet.get().accountId;
    if (accountId && awaitsLedger(accountId)) setWaitingSince(Date.now());
    try {
      await saveProfile({ avatarNftSerial: selected.serialNumber });
      toast({ title: 'Profile Image Updated', description: `${selected.nftName} is your profile image.` });
      setChosen(null);
    } catch (failure) {
      toast({
        title: 'Failed to set profile image',
        description: errorText(failure, PROFILE_MESSAGES.nftNotFound),
        variant: 'destructive',
        action: tryAgainAfter(failure, () => void apply(), 'setting your profile image'),
      });
    } finally {
      setSaving(false);
      setWaitingSince(null);
    }
  }

  return (
    <div className="grid gap-4">
      {waitingSince !== null && <LedgerWaitNotice since={waitingSince} />}
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
