import { SkeletonGroup } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';
import { type Achievement, type AchievementCategory, type AchievementInput, achievements } from './achievements';
import { CollapsibleSection } from './CollapsibleSection';

const CATEGORIES: [AchievementCategory, string][] = [
  ['collection', 'Collection milestones'],
  ['rarity', 'Rarity'],
  ['community', 'Community'],
];

function StateIcon({ earned }: { earned: boolean }) {
  return earned ? (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="size-5 text-emerald-300">
      <path d="m5 12 5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="size-5 text-stone-400">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function AchievementItem({ achievement }: { achievement: Achievement }) {
  const { earned, progress } = achievement;
  return (
    <li
      className={cn('flex items-start gap-3 rounded-lg border p-3', earned ? 'border-emerald-500/60 bg-emerald-950/40' : 'border-border bg-muted/30')}
      data-earned={earned}
    >
      <StateIcon earned={earned} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center justify-between gap-x-2 font-semibold">
          <span>{achievement.title}</span>
          <span className={cn('text-xs font-medium', earned ? 'text-emerald-300' : 'text-stone-400')}>{earned ? 'Earned' : 'Locked'}</span>
        </p>
        <p className="text-sm text-muted-foreground">{achievement.description}</p>
        {progress && !earned && (
          <div className="mt-1 flex items-center gap-2">
            <progress className="h-1.5 flex-1 accent-amber-500" max={progress.target} value={progress.current} aria-label={`${achievement.title} progress`} />
            <span className="text-xs tabular-nums text-muted-foreground">
              {progress.current}/{progress.target}
            </span>
          </div>
        )}
      </div>
    </li>
  );
}

/** Achievements & Milestones: every achievement of 001 §9, earned or locked. */
export function AchievementsPanel({ nfts, ...rest }: Omit<AchievementInput, 'nfts'> & { nfts: AchievementInput['nfts'] | undefined }) {
  // Until the holder's tigers are known, nothing is shown as earned or not.
  if (!nfts)
    return (
      <CollapsibleSection title="Achievements & Milestones" summary="Loading…">
        <SkeletonGroup count={4} className="grid gap-2 sm:grid-cols-2" itemClassName="h-16 rounded-lg" />
      </CollapsibleSection>
    );
  const all = achievements({ nfts, ...rest });
  const earnedCount = all.filter((achievement) => achievement.earned).length;
  return (
    <CollapsibleSection title="Achievements & Milestones" summary={`${earnedCount} of ${all.length} earned`}>
      <div className="grid gap-5">
        {CATEGORIES.map(([category, label]) => (
          <div key={category} className="grid gap-2">
            <h3 className="text-sm font-bold tracking-wide text-highlight uppercase">{label}</h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {all
                .filter((achievement) => achievement.category === category)
                .map((achievement) => (
                  <AchievementItem key={achievement.id} achievement={achievement} />
                ))}
            </ul>
          </div>
        ))}
      </div>
    </CollapsibleSection>
  );
}
