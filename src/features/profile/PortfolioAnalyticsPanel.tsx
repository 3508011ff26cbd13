import { useStore } from '@nanostores/react';
import { TierBadge } from '@/features/tiger/TierBadge';
import { formatHbar, formatPaws, formatUsd as usd } from '@/lib/format';
import { useIslandStore } from '@/lib/use-island-store';
import { $balances } from '@/features/balances/balance-store';
import { ANALYTICS_TIERS, portfolioAnalytics } from './achievements';
import { CollapsibleSection } from './CollapsibleSection';
import type { OwnedNft } from '@/features/accounts/account-types';
import { OwnedCount } from './OwnedCount';
import { pawsValueUsd, portfolioTotalUsd } from './portfolio-value';
import { $floor, $hbarPrice, $pawsPrice, readFloorHbar } from './profile-client';

/**
 * Portfolio Analytics: tigers per tier, average rarity score, and the estimated portfolio value:
 * the tigers at the HBAR market's floor (HBAR and USD), the PAWS balance in USD, and their total.
 */
export function PortfolioAnalyticsPanel({ nfts }: { nfts: readonly OwnedNft[] | undefined }) {
  const floor = useStore($floor);
  const hbar = useStore($hbarPrice);
  const paws = useStore($pawsPrice);
  const balances = useIslandStore($balances);
  const floorHbar = readFloorHbar(floor.data);
  const analytics = portfolioAnalytics(nfts ?? [], { floorHbar, hbarUsd: hbar.data?.priceData?.priceUsd });
  const known = nfts !== undefined;
  const pawsUsd = balances.isReady ? pawsValueUsd(balances.pawsBalance, paws.data?.price) : null;
  const totalUsd = portfolioTotalUsd(analytics.estimatedValueUsd, pawsUsd);
  return (
    <CollapsibleSection title="Portfolio Analytics" summary={known ? `${analytics.total} ${analytics.total === 1 ? 'tiger' : 'tigers'}` : 'Loading…'}>
      <div className="grid gap-5">
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-3 sm:grid-cols-3 xl:grid-cols-6" aria-label="Tigers per rarity tier">
          {ANALYTICS_TIERS.map((tier) => (
            <li key={tier} className="grid justify-items-start gap-2 rounded-lg bg-muted/60 p-3">
              <TierBadge tier={tier} />
              <span className="text-2xl font-bold tabular-nums">
                <OwnedCount value={known ? analytics.byTier[tier] : undefined} />
                <span className="sr-only"> {tier}</span>
              </span>
            </li>
          ))}
        </ul>
        <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Estimated portfolio value" data-testid="portfolio-value">
          <div className="rounded-lg border border-border p-4">
            <dt className="text-sm text-muted-foreground">Average rarity score</dt>
            <dd className="text-2xl font-bold tabular-nums">
              {!known ? <OwnedCount value={undefined} /> : analytics.averageRarityScore === null ? 'N/A' : analytics.averageRarityScore.toFixed(2)}
            </dd>
          </div>
          <div className="rounded-lg border border-border p-4">
            <dt className="text-sm text-muted-foreground">
              Tigers, estimated at the floor {floorHbar !== null && <span>({formatHbar(floorHbar)} HBAR each)</span>}
            </dt>
            <dd className="text-2xl font-bold tabular-nums">
              {(floor.loading && !floor.data) || !known
                ? 'Loading...'
                : analytics.estimatedValueHbar === null
                  ? 'N/A'
                  : `${formatHbar(analytics.estimatedValueHbar)} HBAR`}
            </dd>
            {analytics.estimatedValueUsd !== null && <dd className="text-sm text-muted-foreground">≈ {usd(analytics.estimatedValueUsd)}</dd>}
          </div>
          <div className="rounded-lg border border-border p-4">
            <dt className="text-sm text-muted-foreground">PAWS, estimated at the market price</dt>
            <dd className="text-2xl font-bold tabular-nums">{balances.isReady ? `${formatPaws(balances.pawsBalance)} PAWS` : 'Loading...'}</dd>
            {pawsUsd !== null && <dd className="text-sm text-muted-foreground">≈ {usd(pawsUsd)}</dd>}
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">
          {totalUsd !== null && (
            <span className="mr-1 font-semibold text-foreground" data-testid="portfolio-total">
              Estimated total ≈ {usd(totalUsd)}.
            </span>
          )}
          An estimate only: every tiger counted at the HBAR market's current floor (rarer tigers sell for more) and PAWS at its current price; USD from the
          current HBAR and PAWS prices.
        </p>
      </div>
    </CollapsibleSection>
  );
}
