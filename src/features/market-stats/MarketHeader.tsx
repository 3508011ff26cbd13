import { useId } from 'react';
import { holdInView } from '@/lib/hold-in-view';
import { useFetched } from '@/lib/use-island-store';
import type { MarketName } from './market-figures';
import { $owners, figuresStore } from './market-stats-client';
import { MarketFigures } from './MarketFigures';

const TITLES: Record<MarketName, string> = { hbar: 'HBAR market figures', paws: 'PAWS market figures' };

/** The figures header of one marketplace page, with a link down to the page's activity. */
export default function MarketHeader({ market }: { market: MarketName }) {
  const figures = useFetched(figuresStore(market));
  const owners = useFetched($owners);
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={heading} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {TITLES[market]}
        </h2>
        {/* biome-ignore lint/a11y/useValidAnchor: a link to the section (it works before hydration too); the click also holds the section in view */}
        <a
          href="#activity"
          onClick={() => {
            const activity = document.getElementById('activity');
            if (activity) holdInView(activity);
          }}
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          See activity
        </a>
      </div>
      <MarketFigures
        figures={figures.data?.figures ?? null}
        owners={owners.data?.ownerCount ?? null}
        loading={(!figures.data && !figures.error) || (!owners.data && !owners.error)}
        label={heading}
      />
      <p className="mt-2 text-xs text-muted-foreground">
        Floor and volume are gross sale prices, before the collection’s royalty and any fee the ledger charges.
      </p>
    </section>
  );
}
