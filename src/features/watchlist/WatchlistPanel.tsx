/**
 * The holder's watchlist on their profile: each watch (a tiger, a trait, a tier) with its alert
 * price and 'Remove'; and a new watch of a tier or a trait (a tiger is watched from its view).
 */
import { FIELD_CLASS } from '@/components/ui/field-class';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorText } from '@/lib/api/error-text';
import { RARITY_TIERS } from '@/features/tiger/tiers';
import { PushAlertsToggle } from '@/features/web-push/PushAlertsToggle';
import { $watches, loadWatches, removeWatch, saveWatch } from './watchlist-client';
import { WatchPriceFields, underOf } from './WatchPriceFields';
import { type WatchCurrency, describeWatch } from './watch-rules';

const TIERS = RARITY_TIERS.filter((tier) => tier !== 'Unknown');

export function WatchlistPanel({ accountId }: { accountId: string }) {
  const watches = useStore($watches);
  const [failed, setFailed] = useState(false);
  const [kind, setKind] = useState<'tier' | 'trait'>('tier');
  const [tier, setTier] = useState<string>('Legendary');
  const [trait, setTrait] = useState({ type: '', value: '' });
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<WatchCurrency>('PAWS');
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    loadWatches(accountId).catch(() => setFailed(true));
  }, [accountId]);

  async function run(what: string, work: () => Promise<unknown>): Promise<void> {
    setBusy(what);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorText(error, 'The watchlist could not be changed'));
    } finally {
      setBusy(null);
    }
  }

  const target = kind === 'tier' ? tier : `${trait.type.trim()}=${trait.value.trim()}`;
  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-4 rounded-xl border border-border bg-card p-5">
      <div>
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Watchlist
        </h2>
        <p className="text-sm text-muted-foreground">Alerts reach your notifications when a watched tiger is listed under your price, or sells.</p>
      </div>
      <PushAlertsToggle />
      {failed ? (
        <p role="alert" className="text-sm text-red-400">
          Your watchlist could not be loaded.
        </p>
      ) : !watches ? (
        <p className="text-sm text-muted-foreground">Loading your watchlist…</p>
      ) : watches.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing watched yet. Watch a tiger from its view, or a tier or trait below.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Your watches">
          {watches.map((watch) => (
            <li key={watch.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/40 px-3 py-2 text-sm">
              <span className="min-w-0 [overflow-wrap:anywhere]">{describeWatch(watch)}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={busy !== null}
                onClick={() => void run(watch.id, () => removeWatch(watch.id))}
                aria-label={`Remove ${describeWatch(watch)}`}
              >
                {busy === watch.id ? 'Removing…' : 'Remove'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="grid gap-3"
        aria-label="Watch a tier or trait"
        onSubmit={(event) => {
          event.preventDefault();
          void run('add', () => saveWatch({ kind, target, under: underOf(amount, currency) }));
        }}
      >
        <div className="grid gap-2 sm:grid-cols-3">
          <div className="grid gap-1">
            <label htmlFor={`${ids}-kind`} className="text-sm font-medium">
              Watch
            </label>
            <select id={`${ids}-kind`} value={kind} onChange={(event) => setKind(event.target.value as 'tier' | 'trait')} className={FIELD_CLASS}>
              <option value="tier">A tier</option>
              <option value="trait">A trait</option>
            </select>
          </div>
          {kind === 'tier' ? (
            <div className="grid gap-1">
              <label htmlFor={`${ids}-tier`} className="text-sm font-medium">
                Tier
              </label>
              <select id={`${ids}-tier`} value={tier} onChange={(event) => setTier(event.target.value)} className={FIELD_CLASS}>
                {TIERS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-trait-type`} className="text-sm font-medium">
                  Trait
                </label>
                <input
                  id={`${ids}-trait-type`}
                  value={trait.type}
                  placeholder="Background"
                  onChange={(event) => setTrait({ ...trait, type: event.target.value })}
                  className={FIELD_CLASS}
                />
              </div>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-trait-value`} className="text-sm font-medium">
                  Value
                </label>
                <input
                  id={`${ids}-trait-value`}
                  value={trait.value}
                  placeholder="Blue"
                  onChange={(event) => setTrait({ ...trait, value: event.target.value })}
                  className={FIELD_CLASS}
                />
              </div>
            </>
          )}
        </div>
        <WatchPriceFields idPrefix={ids} amount={amount} currency={currency} onAmount={setAmount} onCurrency={setCurrency} required />
        {problem && (
          <p role="alert" className="text-sm text-red-400">
            {problem}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={busy !== null}>
            {busy === 'add' ? 'Saving…' : 'Add watch'}
          </Button>
        </div>
      </form>
    </section>
  );
}
