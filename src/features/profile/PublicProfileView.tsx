import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { apiJson } from '@/lib/api';
import { errorCode, errorText } from '@/lib/api/error-text';
import { formatAccountId, formatCount } from '@/lib/format';
import { LazyPortfolioPnlPanel } from './lazy-pnl-panel';
import { ProfileAvatar } from './ProfileAvatar';
import { badgeVariant } from './PublicProfileCard';
import { displayName, formatJoined } from './profile-format';
import type { Profile, ProfileAnswer, PublicProfile, PublicProfilesAnswer } from './profile-types';
import { TwitterLink } from './TwitterLink';

type Shown =
  | { state: 'loading' }
  | { state: 'found'; profile: Profile; summary: PublicProfile | undefined }
  | { state: 'missing' }
  | { state: 'failed'; message: string };

/**
 * Reads a holder's profile as its visitor: GET /api/profile/{id} (the read that counts a view,
 * once per viewer a day) and its directory entry (tigers, avatar and badges as the ledger says now).
 */
async function readProfile(accountId: string): Promise<Shown> {
  try {
    const [answer, directory] = await Promise.all([
      apiJson<ProfileAnswer>(`/api/profile/${encodeURIComponent(accountId)}`),
      apiJson<PublicProfilesAnswer>(`/api/public-profiles?search=${encodeURIComponent(accountId)}`).catch(() => undefined),
    ]);
    if (!answer.profile.joinedAt) return { state: 'missing' };
    return { state: 'found', profile: answer.profile, summary: directory?.profiles.find((entry) => entry.accountId === accountId) };
  } catch (failure) {
    if (errorCode(failure) === 'PROFILE_NOT_FOUND') return { state: 'missing' };
    return { state: 'failed', message: errorText(failure, 'Failed to fetch profile') };
  }
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3 text-center">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * A holder's public profile, opened from its directory card (/public-profiles?account=0.0.N): the
 * heading takes focus when it opens; 'All profiles', Escape and the browser's Back close it.
 */
export function PublicProfileView({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const [shown, setShown] = useState<{ accountId: string; view: Shown }>({ accountId, view: { state: 'loading' } });
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    setShown({ accountId, view: { state: 'loading' } });
    heading.current?.focus();
    void readProfile(accountId).then((view) => live && setShown({ accountId, view }));
    return () => {
      live = false;
    };
  }, [accountId]);

  const view = shown.accountId === accountId ? shown.view : { state: 'loading' as const };
  const found = view.state === 'found' ? view : null;
  const name = found ? displayName(found.profile.username) : view.state === 'missing' ? 'Profile Not Found' : 'Holder profile';
  const avatar = found?.summary?.selectedNft
    ? { serialNumber: found.summary.selectedNft.serialNumber, rarityRank: found.summary.selectedNft.rarityRank }
    : null;

  return (
    // Escape closes the opened profile, as Back and 'All profiles' do.
    <section
      aria-labelledby={headingId}
      className="grid gap-5"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div>
        <Button variant="outline" size="sm" onClick={onClose}>
          <span aria-hidden="true">←</span> All profiles
        </Button>
      </div>
      <Card className="grid min-w-0 gap-6 p-5 md:grid-cols-[minmax(200px,280px)_1fr]" aria-busy={view.state === 'loading'}>
        {found ? <ProfileAvatar nft={avatar} name={name} /> : <Skeleton className="aspect-square w-full rounded-xl" />}
        <div className="grid min-w-0 content-start gap-4">
          <div className="grid gap-1">
            <h2 ref={heading} id={headingId} tabIndex={-1} className="text-2xl font-extrabold wrap-anywhere outline-none">
              {name}
            </h2>
            <p className="font-mono text-sm text-muted-foreground">{formatAccountId(accountId)}</p>
          </div>
          {view.state === 'loading' && <Skeleton className="h-16 w-full rounded-md" />}
          {view.state === 'missing' && <p className="text-muted-foreground">This holder has no public profile.</p>}
          {view.state === 'failed' && (
            <p className="text-red-300" role="alert">
              {view.message}
            </p>
          )}
          {found && (
            <>
              {found.profile.bio ? (
                <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-stone-200">{found.profile.bio}</p>
              ) : (
                <p className="text-sm text-muted-foreground italic">No bio yet.</p>
              )}
              {found.profile.twitterHandle && <TwitterLink handle={found.profile.twitterHandle} className="self-start text-sm" />}
              {found.summary && found.summary.badges.length > 0 && (
                <ul className="flex flex-wrap gap-1.5" aria-label="Badges">
                  {found.summary.badges.map((badge) => (
                    <li key={badge.id}>
                      <Badge variant={badgeVariant(badge)}>{badge.label}</Badge>
                    </li>
                  ))}
                </ul>
              )}
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                <Stat label="Wild Tigers" value={found.summary?.totalNfts ?? '—'} />
                <Stat label="Profile Views" value={formatCount(found.profile.profileViews)} />
                <Stat label="Joined" value={formatJoined(found.profile.joinedAt) ?? '—'} />
              </dl>
            </>
          )}
        </div>
      </Card>
      {/* The holder's P&L, only when they chose to share it. */}
      {found?.profile.pnlPublic && (
        <Suspense fallback={null}>
          <LazyPortfolioPnlPanel accountId={accountId} />
        </Suspense>
      )}
    </section>
  );
}
