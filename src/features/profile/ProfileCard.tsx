import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatAccountId, formatCount } from '@/lib/format';
import type { OwnedNft } from '@/features/accounts/account-types';
import { OwnedCount } from './OwnedCount';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileEditForm } from './ProfileEditForm';
import { displayName, formatJoined } from './profile-format';
import type { Profile } from './profile-types';
import { TwitterLink } from './TwitterLink';

/** The avatar shown for a profile: its chosen tiger while still owned, else the rarest one it owns. */
export function avatarNft(profile: Profile | undefined, nfts: readonly OwnedNft[]): OwnedNft | null {
  const chosen = nfts.find((nft) => nft.serialNumber === profile?.avatarNftSerial);
  if (chosen) return chosen;
  return [...nfts].sort((a, b) => (a.rarityRank ?? Infinity) - (b.rarityRank ?? Infinity))[0] ?? null;
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3 text-center">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** The left card of /wild-tiger-profile: avatar, identity, bio, counts, joined date, visibility, and edit mode. */
export function ProfileCard({
  accountId,
  profile,
  nfts,
  loading,
}: {
  accountId: string;
  profile: Profile | undefined;
  /** Undefined until the holder's tigers are known. */
  nfts: readonly OwnedNft[] | undefined;
  loading: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (!profile) {
    return (
      <Card className="grid gap-4 p-5" aria-busy={loading}>
        <Skeleton className="aspect-square w-full rounded-xl" />
        <Skeleton className="h-6 w-2/3 rounded-md" />
        <Skeleton className="h-4 w-1/2 rounded-md" />
        {!loading && <p className="text-sm text-red-300">Failed to fetch profile</p>}
      </Card>
    );
  }
  const name = displayName(profile.username);
  const joined = formatJoined(profile.joinedAt);
  return (
    <Card className="grid min-w-0 gap-5 p-5">
      <ProfileAvatar nft={avatarNft(profile, nfts ?? [])} name={name} />
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="min-w-0 text-2xl font-extrabold wrap-anywhere">{name}</h2>
          {profile.isPublic ? <Badge variant="success">Public</Badge> : <Badge variant="outline">Private</Badge>}
        </div>
        <p className="font-mono text-sm text-muted-foreground">{formatAccountId(accountId)}</p>
      </div>
      {editing ? (
        <ProfileEditForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <>
          {profile.bio ? (
            <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-stone-200">{profile.bio}</p>
          ) : (
            <p className="text-sm text-muted-foreground italic">No bio yet.</p>
          )}
          {profile.twitterHandle && <TwitterLink handle={profile.twitterHandle} className="text-sm" />}
          <dl className="grid grid-cols-2 gap-3">
            <Stat label="Wild Tigers" value={<OwnedCount value={nfts?.length} />} />
            <Stat label="Profile Views" value={formatCount(profile.profileViews)} />
          </dl>
          <dl className="grid gap-1 text-sm">
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Joined</dt>
              <dd>{joined ?? 'Not yet — save your profile'}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Visibility</dt>
              <dd>{profile.isPublic ? (profile.joinedAt ? 'Public profile' : 'Public once saved') : 'Private profile'}</dd>
            </div>
          </dl>
          <Button ref={editButton} variant="outline" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        </>
      )}
    </Card>
  );
}
