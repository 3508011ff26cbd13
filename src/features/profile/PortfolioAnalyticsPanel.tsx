import { useStore } from '@nanostores/react';
import { TierBadge } from '@/features/tiger/TierBadge';
import { formatHbar, formatPaws, formatUsd as usd } from '@/lib/format';
import { useIslandStore } from '@/lib/use-island-store';
import { $balances } from '@/features/balances/balance-store';
import { ANALYTICS_TIERS, portfolioAnalytics } from './achievements';
import { CollapsibleSection } from './CollapsibleSection';
import type { OwnedNft } from '@/features/accounts/account-types';
import { OwnedCount } from './OwnedCount';
import { pawsValueUsd, portfolioTotalUsd, tigersEstimatePaws } from './portfolio-value';
import { ESTIMATE_METHOD } from '@/features/trait-floors/trait-floor-rules';
import { useTraitFloors } from '@/features/trait-floors/use-trait-floors';
import { $floor, $hbarPrice, $pawsPrice, readFloorHbar } from './profile-client';

/**
 * Portfolio Analytics: tigers per tier, average rarity score, and the estimated portfolio value:
 * each tiger at its estimated value (the highest of the collection floor and its traits' floors,
 * in PAWS and USD; the HBAR market's floor beside it), the PAWS balance in USD, and their total.
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
  const floors = useTraitFloors().data;
  const tigersPaws = floors && known ? tigersEstimatePaws(nfts, floors) : null;
  const tigersUsd = tigersPaws && !tigersPaws.unvalued ? pawsValueUsd(tigersPaws.paws, paws.data?.price) : null;
  const totalUsd = portfolioTotalUsd(tigersUsd, pawsUsd);
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
            <dt className="text-sm text-muted-foreground">Tigers, each at its estimated value</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="tigers-estimate">
              {!tigersPaws ? 'Loading...' : tigersPaws.unvalued === analytics.total && analytics.total > 0 ? 'N/A' : `${formatPaws(tigersPaws.paws)} PAWS`}
            </dd>
            {tigersUsd !== null && <dd className="text-sm text-muted-foreground">≈ {usd(tigersUsd)}</dd>}
            {tigersPaws && tigersPaws.unvalued > 0 && tigersPaws.unvalued < analytics.total && (
              <dd className="text-xs text-muted-foreground">{tigersPaws.unvalued} without an estimate (nothing listed to go by) are left out.</dd>
            )}
            <dd className="text-xs text-muted-foreground">
              At the HBAR market's floor{floorHbar !== null && ` (${formatHbar(floorHbar)} HBAR each)`}:{' '}
              {(floor.loading && !floor.data) || !known
                ? 'Loading...'
                : analytics.estimatedValueHbar === null
                  ? 'N/A'
                  : `${formatHbar(analytics.estimatedValueHbar)} HBAR${analytics.estimatedValueUsd !== null ? ` ≈ ${usd(analytics.estimatedValueUsd)}` : ''}`}
            </dd>
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
          An estimate only. Each tiger's estimated value: {ESTIMATE_METHOD} PAWS at its current price; USD from the current HBAR and PAWS prices.
        </p>
      </div>
    </CollapsibleSection>
  );
}
