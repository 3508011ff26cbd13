import { FIELD_CLASS } from '@/components/ui/field-class';
import type { WatchCurrency } from './watch-rules';

/** The alert's price: an amount (empty: alert only when a watched tiger sells) and its market's currency. */
export function WatchPriceFields({
  idPrefix,
  amount,
  currency,
  onAmount,
  onCurrency,
  required = false,
}: {
  idPrefix: string;
  /** A tier or trait watch needs the price (only a tiger's sale alerts without one). */
  required?: boolean;
  amount: string;
  currency: WatchCurrency;
  onAmount: (amount: string) => void;
  onCurrency: (currency: WatchCurrency) => void;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
      <div className="grid gap-1">
        <label htmlFor={`${idPrefix}-amount`} className="text-sm font-medium">
          Alert when listed under
        </label>
        <input
          id={`${idPrefix}-amount`}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder={required ? '' : 'None: only when it sells'}
          required={required}
          value={amount}
          onChange={(event) => onAmount(event.target.value)}
          className={FIELD_CLASS}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${idPrefix}-currency`} className="text-sm font-medium">
          Currency
        </label>
        <select id={`${idPrefix}-currency`} value={currency} onChange={(event) => onCurrency(event.target.value as WatchCurrency)} className={FIELD_CLASS}>
          <option value="PAWS">PAWS</option>
          <option value="HBAR">HBAR</option>
        </select>
      </div>
    </div>
  );
}

/** The price fields' value as a watch keeps it: null when no amount was given. */
export function underOf(amount: string, currency: WatchCurrency): { amount: string; currency: WatchCurrency } | null {
  const trimmed = amount.trim();
  return trimmed ? { amount: trimmed, currency } : null;
}
