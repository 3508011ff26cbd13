import { useIslandStore } from '@/lib/use-island-store';
import { $balances } from '@/features/balances/balance-store';
import { $wallet } from '@/features/wallet/wallet-store';
import { balanceLineView } from './landing-format';
import { Placeholder } from './Placeholder';

const chip = 'inline-flex min-h-10 items-center gap-2 rounded-lg border border-border bg-card px-3 py-2 text-sm font-bold tabular-nums';

/** The signed-in user's HBAR and PAWS balances (nothing is shown until a wallet is connected). */
export default function BalanceLine() {
  const view = balanceLineView(useIslandStore($wallet), useIslandStore($balances));
  if (view.kind === 'hidden') return null;
  return (
    <section aria-label="Your balances" aria-busy={view.kind === 'loading'} className="mt-6 flex flex-wrap items-center gap-2" data-testid="balance-line">
      <span className="basis-full text-sm font-semibold text-muted-foreground min-[26rem]:basis-auto">Your balances</span>
      {view.kind === 'loading' ? (
        <>
          <span className={chip}>
            <Placeholder className="h-4 w-24" />
            <span className="sr-only">Loading HBAR balance</span>
          </span>
          <span className={chip}>
            <Placeholder className="h-4 w-24" />
            <span className="sr-only">Loading PAWS balance</span>
          </span>
          {view.needsSignIn && <span className="text-xs text-stone-300">Sign in with your wallet to see them.</span>}
        </>
      ) : (
        <>
          <span className={chip} data-testid="balance-hbar">
            <span aria-hidden="true" className="font-black text-highlight">
              ℏ
            </span>
            {view.hbar}
          </span>
          <span className={chip} data-testid="balance-paws">
            <svg viewBox="0 0 32 32" aria-hidden="true" className="size-4 fill-highlight">
              <ellipse cx="16" cy="20.5" rx="6" ry="5" />
              <ellipse cx="8.6" cy="13.6" rx="2.4" ry="3" />
              <ellipse cx="13" cy="9.2" rx="2.4" ry="3.1" />
              <ellipse cx="19" cy="9.2" rx="2.4" ry="3.1" />
              <ellipse cx="23.4" cy="13.6" rx="2.4" ry="3" />
            </svg>
            {view.paws}
          </span>
        </>
      )}
    </section>
  );
}
