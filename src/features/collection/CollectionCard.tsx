import { TierBadge } from '@/features/tiger/TierBadge';
import { NftMedia } from '@/features/tiger/NftMedia';
import { TigerViewTrigger } from '@/features/tiger/TigerViewTrigger';
import { rankText, tierByRank, traitLabel } from '@/features/tiger/tiers';
import { formatAccountId } from '@/lib/format';
import { formatHbarPrice } from '@/lib/format';
import { NOT_MINTED, UNKNOWN_OWNER } from './collection-rules';
import type { CollectionEntry } from './collection-types';

function ownerText(owner: string): string {
  if (owner === UNKNOWN_OWNER) return 'Unknown';
  return owner === NOT_MINTED ? NOT_MINTED : formatAccountId(owner);
}

/** One tiger of the collection grid: image, rank tier, rank, HBAR price, traits and owner (spec 001 §2). */
export function CollectionCard({ entry, totalSupply }: { entry: CollectionEntry; totalSupply: number }) {
  const titleId = `tiger-${entry.serialId}-name`;
  const listing = entry.currentListing;
  return (
    <article
      aria-labelledby={titleId}
      data-serial={entry.serialId}
      className="render-when-near flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-colors [contain-intrinsic-size:auto_27rem] hover:border-stone-600"
    >
      <div className="relative">
        <TigerViewTrigger serial={entry.serialId} name={entry.name}>
          <NftMedia serial={entry.serialId} image={entry.image} name={entry.name} />
        </TigerViewTrigger>
        <div className="pointer-events-none absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-1">
          <TierBadge tier={tierByRank(entry.rarityRank)} />
          {listing && (
            <span className="rounded-full border border-emerald-400 bg-emerald-950 px-2 py-0.5 text-xs font-semibold text-emerald-200">For sale</span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <h3 id={titleId} className="text-sm font-semibold [overflow-wrap:anywhere] sm:text-base">
            {entry.name}
          </h3>
          <span className="text-xs whitespace-nowrap text-muted-foreground" data-testid="rank">
            {rankText(entry.rarityRank, totalSupply)}
          </span>
        </div>
        <p className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="sr-only">Price: </span>
          <span className={listing ? 'text-base font-bold text-highlight' : 'text-sm text-muted-foreground'} data-testid="price">
            {listing ? `${formatHbarPrice(listing.price)} HBAR` : 'Not listed'}
          </span>
          {entry.lastSale && <span className="text-xs text-muted-foreground">Last sale {formatHbarPrice(entry.lastSale.price)} HBAR</span>}
        </p>
        {entry.traits.length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs" aria-label="Traits">
            {entry.traits.map((trait) => (
              <div key={trait.trait_type} className="contents">
                <dt className="text-muted-foreground">{traitLabel(trait.trait_type)}</dt>
                <dd className="text-stone-200 [overflow-wrap:anywhere]">{trait.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-auto border-t border-border pt-2 text-xs text-muted-foreground">
          Owner <span className="font-mono text-stone-200">{ownerText(entry.owner)}</span>
        </p>
      </div>
    </article>
  );
}
