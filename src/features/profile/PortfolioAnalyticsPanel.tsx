import { useStore } from '@nanostores/react';
import { TierBadge } from '@/components/ui/Badge';
import { formatHbar } from '../../lib/format';
import { ANALYTICS_TIERS, portfolioAnalytics } from './achievements';
import { CollapsibleSection } from './CollapsibleSection';
import type { OwnedNft } from './owned-nfts';
import { $floor, $hbarPrice, readFloorHbar } from './profile-client';

const usd = (value: number) => value.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Portfolio Analytics: tigers per tier, average rarity score and the estimated value from the floor. */
export function PortfolioAnalyticsPanel({ nfts }: { nfts: readonly OwnedNft[] }) {
  const floor = useStore($floor);
  const hbar = useStore($hbarPrice);
  const floorHbar = readFloorHbar(floor.data);
  const analytics = portfolioAnalytics(nfts, { floorHbar, hbarUsd: hbar.data?.priceData?.priceUsd });
  return (
    <CollapsibleSection title="Portfolio Analytics" summary={`${analytics.total} ${analytics.total === 1 ? 'tiger' : 'tigers'}`}>
      <div className="grid gap-5">
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-3 sm:grid-cols-3 xl:grid-cols-6" aria-label="Tigers per rarity tier">
          {ANALYTICS_TIERS.map((tier) => (
            <li key={tier} className="grid justify-items-start gap-2 rounded-lg bg-muted/60 p-3">
              <TierBadge tier={tier} />
              <span className="text-2xl font-bold tabular-nums">
                {analytics.byTier[tier]}
                <span className="sr-only"> {tier}</span>
              </span>
            </li>
          ))}
        </ul>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-border p-4">
            <dt className="text-sm text-muted-foreground">Average rarity score</dt>
            <dd className="text-2xl font-bold tabular-nums">{analytics.averageRarityScore === null ? 'N/A' : analytics.averageRarityScore.toFixed(2)}</dd>
          </div>
          <div className="rounded-lg border border-border p-4">
            <dt className="text-sm text-muted-foreground">Estimated value {floorHbar !== null && <span>(floor {formatHbar(floorHbar)} HBAR)</span>}</dt>
            <dd className="text-2xl font-bold tabular-nums">
              {floor.loading && !floor.data ? 'Loading...' : analytics.estimatedValueHbar === null ? 'N/A' : `${formatHbar(analytics.estimatedValueHbar)} HBAR`}
            </dd>
            {analytics.estimatedValueUsd !== null && <dd className="text-sm text-muted-foreground">≈ {usd(analytics.estimatedValueUsd)}</dd>}
          </div>
        </dl>
      </div>
    </CollapsibleSection>
  );
}
