import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { traitLabel } from '@/features/tiger/tiers';
import type { TraitSelection } from './collection-rules';

/** 'Sort by' and its options, as the collection and the PAWS listings sort; `onChange` gets the chosen value (the caller checks it is a key). */
export function SortSelect({
  id,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('grid min-w-0 gap-1', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-muted-foreground">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters' button below the large layout ('Hide filters' while they show), with how many are active. */
export function FiltersToggle({ open, controls, active, onToggle }: { open: boolean; controls: string; active: number; onToggle: () => void }) {
  return (
    <button type="button" className={cn(buttonVariants({ variant: 'outline' }), 'lg:hidden')} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {open ? 'Hide filters' : 'Filters'}
      {active > 0 && <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{active}</span>}
    </button>
  );
}

/** The active trait filters, each a chip that removes itself, and 'Clear all'; nothing while none is active. */
export function ActiveFilterChips({
  selection,
  onRemove,
  onClear,
}: {
  selection: TraitSelection;
  onRemove: (type: string, value: string) => void;
  onClear: () => void;
}) {
  const chips = Object.entries(selection).flatMap(([type, values]) => values.map((value) => ({ type, value })));
  if (!chips.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map(({ type, value }) => (
        <li key={`${type}:${value}`}>
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-full border border-amber-500/60 bg-amber-950/40 px-3 py-1 text-xs font-semibold text-amber-100 hover:bg-amber-900/50"
            aria-label={`Remove filter ${traitLabel(type)}: ${value}`}
            onClick={() => onRemove(type, value)}
          >
            {traitLabel(type)}: {value}
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className={cn(buttonVariants({ variant: 'link', size: 'inline' }), 'px-1')} onClick={onClear}>
          Clear all
        </button>
      </li>
    </ul>
  );
}
