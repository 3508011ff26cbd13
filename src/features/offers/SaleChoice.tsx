import { useId } from 'react';
import { TierBadge } from '@/features/tiger/TierBadge';
import { cn } from '@/lib/cn';
import { formatPaws } from '@/lib/format';
import { NftMedia } from '@/features/tiger/NftMedia';
import { rankText, tierByRank } from '@/features/tiger/tiers';
import type { SaleCandidate } from './offer-screen-rules';

/**
 * The tigers an offer can take from the seller, each with its art, rank, tier and PAWS listing, to
 * choose one from: nothing is chosen for the seller, the commonest are listed first.
 */
export function SaleChoice({
  candidates,
  chosen,
  onChoose,
}: {
  candidates: readonly SaleCandidate[];
  chosen: number | null;
  onChoose: (serial: number) => void;
}) {
  const name = useId();
  const ordered = [...candidates].sort((a, b) => (b.rank ?? Number.POSITIVE_INFINITY) - (a.rank ?? Number.POSITIVE_INFINITY) || a.serial - b.serial);
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Choose the tiger to sell</legend>
      <ul className="grid max-h-72 gap-2 overflow-y-auto pr-1">
        {ordered.map((candidate) => (
          <li key={candidate.serial}>
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-2 focus-within:ring-2 focus-within:ring-ring',
                chosen === candidate.serial ? 'border-primary bg-primary/10' : 'border-border hover:bg-muted/50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={candidate.serial}
                checked={chosen === candidate.serial}
                onChange={() => onChoose(candidate.serial)}
                className="size-4 shrink-0 accent-primary"
              />
              <span className="size-12 shrink-0 overflow-hidden rounded-md">
                <NftMedia serial={candidate.serial} image={candidate.image} name={candidate.name} variant="plain" sizes="48px" />
              </span>
              <span className="grid min-w-0 flex-1 gap-1">
                <span className="truncate text-sm font-semibold">{candidate.name}</span>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <TierBadge tier={tierByRank(candidate.rank)} />
                  <span>{rankText(candidate.rank)}</span>
                  {candidate.listedAt !== null && <span>Listed at {formatPaws(candidate.listedAt)} PAWS</span>}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
