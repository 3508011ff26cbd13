/**
 * Watch this tiger (in its view, for a signed-in holder): alert me when it is listed under a price
 * of mine, or sells. Shows the watch kept, and stops it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorText } from '@/lib/api/error-text';
import { $watches, loadWatches, removeWatch, saveWatch } from './watchlist-client';
import { WatchPriceFields, underOf } from './WatchPriceFields';
import { type WatchCurrency, describeWatch } from './watch-rules';

export function WatchTiger({ serial, accountId }: { serial: number; accountId: string }) {
  const watches = useStore($watches);
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<WatchCurrency>('PAWS');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    void loadWatches(accountId).catch(() => undefined);
  }, [accountId]);

  const watch = watches?.find((kept) => kept.kind === 'tiger' && kept.target === String(serial));

  async function run(work: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      setEditing(false);
    } catch (error) {
      setProblem(errorText(error, 'The watch could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  // Unknown until the list is read: no button claims a state it does not know.
  if (!watches) return null;
  if (watch && !editing) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Watching: {describeWatch(watch).replace(`Wild Tiger #${serial}, `, '')}</span>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void run(() => removeWatch(watch.id))}>
          {busy ? 'Stopping…' : 'Stop watching'}
        </Button>
        {problem && (
          <p role="alert" className="w-full text-sm text-red-400">
            {problem}
          </p>
        )}
      </div>
    );
  }
  if (!editing) {
    return (
      <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
        Watch this tiger
      </Button>
    );
  }
  return (
    <form
      className="grid gap-2 rounded-lg border border-border p-3"
      aria-label={`Watch Wild Tiger #${serial}`}
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => saveWatch({ kind: 'tiger', target: String(serial), under: underOf(amount, currency) }));
      }}
    >
      <WatchPriceFields idPrefix={ids} amount={amount} currency={currency} onAmount={setAmount} onCurrency={setCurrency} />
      <p className="text-xs text-muted-foreground">You are also told when it sells. Alerts reach your notifications.</p>
      {problem && (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving…' : 'Save watch'}
        </Button>
      </div>
    </form>
  );
}
