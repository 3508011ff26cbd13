import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { TraitSelection } from '@/features/collection/collection-rules';
import { selectedCount } from '@/features/collection/collection-rules';
import { MAX_CART_ITEMS } from '@/features/paws-market/cart-rules';
import { RARITY_TIERS, type RarityTier } from '@/features/tiger/tiers';
import type { SweepAsk } from './cart-client';

const TIERS = RARITY_TIERS.filter((tier) => tier !== 'Unknown' && tier !== 'Mythic');

/** 'Buy the N cheapest': how many, within the market's trait filter and a tier, under a maximum total; fills the cart (the checkout stays the person's choice). */
export function SweepForm({ traits, onSweep }: { traits: TraitSelection; onSweep: (ask: SweepAsk) => void }) {
  const id = useId();
  const [count, setCount] = useState('5');
  const [tier, setTier] = useState<RarityTier | ''>('');
  const [maxTotal, setMaxTotal] = useState('');
  const filters = selectedCount(traits);
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_CART_ITEMS && (!maxTotal.trim() || Number(maxTotal) > 0);
  return (
    <form
      className="grid gap-3 rounded-lg border border-border p-3"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSweep({ count: n, traits, tier: tier || null, maxTotal });
      }}
    >
      <p id={`${id}-title`} className="font-semibold">
        Sweep the floor
      </p>
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-3">
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-muted-foreground">
          How many (1–{MAX_CART_ITEMS})
          <input
            type="number"
            min={1}
            max={MAX_CART_ITEMS}
            step={1}
            inputMode="numeric"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm text-foreground"
          />
        </label>
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-muted-foreground">
          Tier
          <select
            value={tier}
            onChange={(event) => setTier(event.target.value as RarityTier | '')}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm text-foreground"
          >
            <option value="">Any tier</option>
            {TIERS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-muted-foreground">
          Maximum total (PAWS, optional)
          <input
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={maxTotal}
            onChange={(event) => setMaxTotal(event.target.value)}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm text-foreground"
          />
        </label>
      </div>
      <p className="text-xs text-muted-foreground">
        {filters ? `Within the marketplace’s ${filters} trait ${filters === 1 ? 'filter' : 'filters'}. ` : ''}Fills the cart with the cheapest live listings, in
        place of what it holds; you check out after.
      </p>
      <Button type="submit" variant="secondary" disabled={!valid} size="fit" wrap>
        Fill the cart with the {Number.isInteger(n) && n > 0 ? n : 'N'} cheapest
      </Button>
    </form>
  );
}
