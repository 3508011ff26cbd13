import { Skeleton } from '@/components/ui/Skeleton';
import type { Trait } from '@/features/tiger/rarity';
import { traitLabel } from '@/features/tiger/tiers';
import { formatCount, formatNumber, formatPaws } from '@/lib/format';
import { ESTIMATE_METHOD, estimateValue, traitValueFloor } from './trait-floor-rules';
import { useTraitFloors } from './use-trait-floors';

/**
 * One tiger's traits' floors across both markets and its estimated value (the highest of the
 * collection floor and those floors), with the method in words; kept live with the listings.
 */
export function TigerValue({ traits }: { traits: readonly Trait[] }) {
  const { data: floors, error } = useTraitFloors();
  if (!floors) {
    return error ? (
      <p className="text-sm text-muted-foreground">The trait floors could not be read.</p>
    ) : (
      <Skeleton pulse={false} className="h-24 rounded-lg" />
    );
  }
  const estimate = estimateValue(traits, floors);
  return (
    <div className="grid gap-3" data-testid="tiger-value">
      <div className="rounded-lg border border-border bg-card p-3">
        <p className="text-xs text-muted-foreground">Estimated value</p>
        <p className="text-lg font-bold tabular-nums" data-testid="estimated-value">
          {estimate ? `${formatPaws(estimate.paws)} PAWS` : 'N/A: no tiger is listed'}
        </p>
        {estimate && <p className="text-xs text-muted-foreground">{`${estimate.method} ${ESTIMATE_METHOD}`}</p>}
      </div>
      {traits.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Trait floors">
          {traits.map((trait) => {
            const value = traitValueFloor(floors, trait.trait_type, trait.value);
            return (
              <li key={trait.trait_type} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-border py-1 last:border-0">
                <span>
                  <span className="text-muted-foreground">{traitLabel(trait.trait_type)}:</span> {trait.value}
                </span>
                <span className="tabular-nums">
                  {value?.floor ? `${formatPaws(value.floor.paws)} PAWS${value.floor.market === 'hbar' ? ' (SentX)' : ''}` : 'None listed'}
                  {value && (
                    <span className="text-xs text-muted-foreground">
                      {' '}
                      · {formatCount(value.listed)} of {formatCount(value.count)} listed
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {floors.hbarConverted && floors.rate && (
        <p className="text-xs text-muted-foreground">SentX's HBAR prices converted at {formatNumber(floors.rate.pawsPerHbar, 2)} PAWS per HBAR.</p>
      )}
    </div>
  );
}
