import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { tabIndexForKey } from '@/components/ui/tab-keys';
import { $hbarPrice, $pawsPrice } from './landing-data';
import { changeText, hbarPriceText, marketCapText, NOT_AVAILABLE, pawsPriceText } from './landing-format';
import { Placeholder } from './Placeholder';
import type { Remote } from './remote';

const TABS = [
  { id: 'paws', label: 'PAWS Price' },
  { id: 'hbar', label: 'HBAR Price' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function Change({ value }: { value: number | null }) {
  const text = changeText(value);
  if (text === NOT_AVAILABLE) return <span className="text-sm font-semibold text-muted-foreground">24h {NOT_AVAILABLE}</span>;
  const up = (value ?? 0) >= 0;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-bold ${up ? 'bg-emerald-500/15 text-emerald-300' : 'bg-red-500/15 text-red-300'}`}
    >
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      {text}
      <span className="font-medium opacity-80">24h</span>
    </span>
  );
}

function Figure({ label, remote, children }: { label: string; remote: Remote<unknown>; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-4xl font-black tracking-tight text-foreground tabular-nums sm:text-5xl">
        {remote.state === 'loading' ? (
          <>
            <Placeholder className="h-10 w-44" />
            <span className="sr-only">Loading</span>
          </>
        ) : (
          children
        )}
      </dd>
    </div>
  );
}

/** The PAWS token section's price card: tabs 'PAWS Price' and 'HBAR Price' (WAI-ARIA tabs, arrow keys). */
export default function PriceTabs() {
  const [selected, setSelected] = useState<TabId>('paws');
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const paws = useStore($pawsPrice);
  const hbar = useStore($hbarPrice);
  const pawsValue = paws.state === 'ready' ? paws.value : null;
  const hbarValue = hbar.state === 'ready' ? hbar.value : null;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const tab =
      TABS[
        tabIndexForKey(
          event.key,
          TABS.findIndex((each) => each.id === selected),
          TABS.length,
        )
      ];
    if (!tab) return;
    event.preventDefault();
    setSelected(tab.id);
    tabRefs.current[tab.id]?.focus();
  };

  const shown = selected === 'paws' ? pawsValue?.price : hbarValue?.priceUsd;
  return (
    <div>
      <p className="mb-4 min-h-4 text-xs font-semibold text-muted-foreground" data-testid="price-freshness">
        {/* The live dot only while the shown price is live: not while loading, nor while it reads N/A. */}
        {shown !== null && shown !== undefined ? (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400 motion-safe:animate-pulse" />
            Updated every minute
          </span>
        ) : (
          (selected === 'paws' ? paws : hbar).state !== 'loading' && 'Price unavailable right now'
        )}
      </p>
      <div role="tablist" aria-label="Token prices" className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-background/60 p-1">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`price-tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`price-panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            onKeyDown={onKeyDown}
            className="h-10 rounded-lg text-sm font-bold text-stone-300 transition-colors hover:text-foreground aria-selected:bg-primary aria-selected:text-primary-foreground aria-selected:shadow"
          >
            {tab.label}
          </button>
        ))}
      </div>

      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes a tab panel focusable */}
      <div role="tabpanel" id="price-panel-paws" aria-labelledby="price-tab-paws" tabIndex={0} hidden={selected !== 'paws'} className="mt-6 rounded-lg">
        <dl className="grid gap-5">
          <Figure label="$PAWS in USD" remote={paws}>
            <span className="flex flex-wrap items-center gap-3" data-testid="paws-price">
              {pawsPriceText(pawsValue?.price ?? null)}
              <Change value={pawsValue?.priceChange24h ?? null} />
            </span>
          </Figure>
          <div className="rounded-lg border border-border bg-background/50 px-4 py-3">
            <dt className="text-sm font-medium text-muted-foreground">Market Cap</dt>
            <dd className="mt-0.5 text-2xl font-extrabold tabular-nums" data-testid="paws-market-cap">
              {paws.state === 'loading' ? <Placeholder className="h-7 w-28" /> : marketCapText(pawsValue?.marketCap ?? null)}
            </dd>
          </div>
        </dl>
      </div>

      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes a tab panel focusable */}
      <div role="tabpanel" id="price-panel-hbar" aria-labelledby="price-tab-hbar" tabIndex={0} hidden={selected !== 'hbar'} className="mt-6 rounded-lg">
        <dl className="grid gap-5">
          <Figure label="HBAR in USD" remote={hbar}>
            <span className="flex flex-wrap items-center gap-3" data-testid="hbar-price">
              {hbarPriceText(hbarValue?.priceUsd ?? null)}
              <Change value={hbarValue?.change24h ?? null} />
            </span>
          </Figure>
        </dl>
        <p className="mt-5 rounded-lg border border-border bg-background/50 px-4 py-3 text-sm leading-relaxed text-stone-300">
          HBAR pays for every Hedera transaction and buys tigers on the SentX marketplace.
        </p>
      </div>
    </div>
  );
}
