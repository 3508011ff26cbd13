import { Badge, type BadgeVariant } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { formatAccountId } from '@/lib/format';
import type { PublicBadge } from './achievements';
import { ProfileAvatar } from './ProfileAvatar';
import { displayName, formatJoined } from './profile-format';
import type { PublicProfile } from './profile-types';
import { TwitterLink } from './TwitterLink';
import { publicProfileHref } from '@/features/accounts/account-names';

/** True for a click the page should handle itself (a plain left click: no new tab or window asked for). */
export function isPlainClick(event: React.MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const BADGE_VARIANTS: Record<string, BadgeVariant> = {
  'tier-legendary': 'legendary',
  'tier-epic': 'epic',
  'tier-rare': 'rare',
  'bio-complete': 'success',
};

/** The colour of a public badge. */
export function badgeVariant(badge: PublicBadge): BadgeVariant {
  return BADGE_VARIANTS[badge.id] ?? 'secondary';
}

/**
 * One card of the public directory: avatar tiger and tier, name, account, bio (2 lines), Twitter,
 * badges, joined date. The whole card opens the holder's profile (its name is the link; `onOpen`
 * handles a plain click in the page).
 */
export function PublicProfileCard({ profile, onOpen }: { profile: PublicProfile; onOpen: (accountId: string) => void }) {
  const name = displayName(profile.username);
  const joined = formatJoined(profile.joinedAt);
  const avatar = profile.selectedNft ? { serialNumber: profile.selectedNft.serialNumber, rarityRank: profile.selectedNft.rarityRank } : null;
  return (
    <Card className="relative flex min-w-0 flex-col overflow-hidden p-0 transition-colors hover:border-primary/70">
      <ProfileAvatar nft={avatar} name={name} square />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-0.5">
          <h2 className="text-lg font-bold wrap-anywhere">
            <a
              href={publicProfileHref(profile.accountId)}
              data-account={profile.accountId}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onOpen(profile.accountId);
              }}
              className="rounded-sm after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {name}
            </a>
          </h2>
          <p className="font-mono text-xs text-muted-foreground">{formatAccountId(profile.accountId)}</p>
        </div>
        {profile.bio && <p className="line-clamp-2 text-sm wrap-anywhere text-stone-300">{profile.bio}</p>}
        {profile.twitterHandle && <TwitterLink handle={profile.twitterHandle} className="relative z-10 self-start text-sm" />}
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
