import { useState } from 'react';
import { SkeletonGroup } from '@/components/ui/Skeleton';
import { traitLabel } from '@/features/tiger/tiers';
import { type TraitSelection, selectedValues } from './collection-rules';
import type { TraitCounts } from './collection-types';
import { formatCount, formatNumber, formatPaws } from '@/lib/format';
import { traitValueFloor } from '@/features/trait-floors/trait-floor-rules';
import { useTraitFloors } from '@/features/trait-floors/use-trait-floors';

interface TraitFiltersProps {
  counts: TraitCounts | undefined;
  selection: TraitSelection;
  onToggle: (type: string, value: string) => void;
}

/**
 * The trait filters: one collapsible group of checkboxes per trait type, each value with how many
 * tigers it would show given the other active filters, and its floor across both markets (trait
 * floors, kept live). Values of one type are OR-ed, types AND-ed.
 */
export function TraitFilters({ counts, selection, onToggle }: TraitFiltersProps) {
  // Groups with a selection start open; after that each group stays as the visitor left it.
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const floors = useTraitFloors().data;
  if (!counts) {
    return <SkeletonGroup count={6} className="grid gap-2" itemClassName="h-11 rounded-lg" />;
  }
  const types = Object.keys(counts);
  if (!types.length) return <p className="text-sm text-muted-foreground">No trait data available.</p>;
  return (
    <div className="grid gap-2">
      {types.map((type) => {
        const values = counts[type] ?? {};
        const chosen = selectedValues(selection, type);
        const label = traitLabel(type);
        return (
          <details
            key={type}
            className="group rounded-lg border border-border bg-card"
            open={(Object.hasOwn(open, type) ? open[type] : undefined) ?? chosen.length > 0}
            onToggle={(event) => {
              const isOpen = event.currentTarget.open;
              setOpen((current) => (current[type] === isOpen ? current : { ...current, [type]: isOpen }));
            }}
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2.5 text-sm font-semibold hover:bg-muted [&::-webkit-details-marker]:hidden">
              <span>
                {label}
                {chosen.length > 0 && <span className="ml-2 rounded-full bg-primary px-1.5 py-0.5 text-xs text-primary-foreground">{chosen.length}</span>}
              </span>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180">
                <path
                  fill="currentColor"
                  d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z"
                />
              </svg>
            </summary>
            <fieldset className="grid gap-0.5 px-2 pb-2">
              <legend className="sr-only">{label}</legend>
              {Object.entries(values).map(([value, count]) => {
                const checked = chosen.includes(value);
                const disabled = count === 0 && !checked;
                const floor = floors ? traitValueFloor(floors, type, value)?.floor : undefined;
                const floorText = floor ? `${formatPaws(floor.paws)} PAWS` : undefined;
                return (
                  <label
                    key={value}
                    className={`flex items-center gap-2 rounded-md px-1.5 py-1 text-sm ${disabled ? 'text-stone-500' : 'cursor-pointer hover:bg-muted'}`}
                  >
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-amber-500"
                      aria-label={`${value}, ${formatCount(count)} ${count === 1 ? 'tiger' : 'tigers'}${floorText ? `, floor ${floorText}` : ''}`}
                      checked={checked}
                      disabled={disabled}
                      onChange={() => onToggle(type, value)}
                    />
                    <span className="min-w-0 flex-1 break-words">{value}</span>
                    <span className="shrink-0 whitespace-nowrap text-xs tabular-nums text-muted-foreground">
                      {formatCount(count)}
                      {floorText && <span data-testid="trait-floor"> · {floorText}</span>}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          </details>
        );
      })}
      {floors?.collectionFloor && (
        <p className="px-1 text-xs text-muted-foreground">
          Floor: the lowest price listed on either market, in PAWS
          {floors.hbarConverted && floors.rate ? ` (SentX's HBAR prices converted at ${formatNumber(floors.rate.pawsPerHbar, 2)} PAWS per HBAR)` : ''}.
        </p>
      )}
    </div>
  );
}
