import { Badge, type BadgeVariant } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { formatAccountId } from '../../lib/format';
import type { PublicBadge } from './achievements';
import { ProfileAvatar } from './ProfileAvatar';
import { displayName, formatJoined } from './profile-format';
import type { PublicProfile } from './profile-types';
import { TwitterLink } from './TwitterLink';

const BADGE_VARIANTS: Record<string, BadgeVariant> = {
  'tier-legendary': 'legendary',
  'tier-epic': 'epic',
  'tier-rare': 'rare',
  'bio-complete': 'success',
};

function badgeVariant(badge: PublicBadge): BadgeVariant {
  return BADGE_VARIANTS[badge.id] ?? 'secondary';
}

/** One card of the public directory: avatar tiger and tier, name, account, bio (2 lines), Twitter, badges, joined date. */
export function PublicProfileCard({ profile }: { profile: PublicProfile }) {
  const name = displayName(profile.username);
  const joined = formatJoined(profile.joinedAt);
  const avatar = profile.selectedNft ? { serialNumber: profile.selectedNft.serialNumber, rarityRank: profile.selectedNft.rarityRank } : null;
  return (
    <Card className="flex flex-col overflow-hidden p-0">
      <ProfileAvatar nft={avatar} name={name} className="rounded-none" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-0.5">
          <h2 className="truncate text-lg font-bold" title={name}>
            {name}
          </h2>
          <p className="font-mono text-xs text-muted-foreground">{formatAccountId(profile.accountId)}</p>
        </div>
        {profile.bio && <p className="line-clamp-2 text-sm break-words text-stone-300">{profile.bio}</p>}
        {profile.twitterHandle && <TwitterLink handle={profile.twitterHandle} className="text-sm" />}
        {profile.badges.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Badges">
            {profile.badges.map((badge) => (
              <li key={badge.id}>
                <Badge variant={badgeVariant(badge)}>{badge.label}</Badge>
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>Tigers</dt>
            <dd className="font-semibold text-foreground tabular-nums">{profile.totalNfts}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Joined</dt>
            <dd className="text-foreground">{joined ?? '—'}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
