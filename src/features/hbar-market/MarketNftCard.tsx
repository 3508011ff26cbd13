import { memo } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/Badge';
import { TierBadge } from '@/features/tiger/TierBadge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { NftMedia } from '@/features/tiger/NftMedia';
import { TigerViewTrigger } from '@/features/tiger/TigerViewTrigger';
import { AccountName } from '@/features/accounts/AccountName';
import { type CardLabel, type NftCardModel, ageText, cardDate, cardLabel, cardPrice, cardTier } from './market-model';
import { formatHbarPrice, formatLocalDateTime } from '@/lib/format';
import { rankText } from '@/features/tiger/tiers';

/** Label chips are square-cornered, apart from the round tier badges; SALE is light to stand out from every tier colour. */
const LABEL_VARIANT: Record<CardLabel, BadgeVariant> = { LISTING: 'listing', SALE: 'sale', UNLISTED: 'unknown' };

interface MarketNftCardProps {
  card: NftCardModel;
  /** The reference time for the age text (one clock per render of the grid). */
  now: number;
  /** Shown on listed cards; disabled (with the reason) when no wallet is connected. */
  onBuy?: (card: NftCardModel) => void;
  buyDisabled?: boolean;
  /** id of the text explaining why Buy is disabled. */
  buyHintId?: string;
  /** The connected buyer's purchase of this tiger is under way: Buy reopens it. */
  buying?: boolean;
}

function Account({ term, accountId }: { term: string; accountId: string | null }) {
  if (!accountId) return null;
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right break-all text-stone-200" title={accountId}>
        <AccountName accountId={accountId} />
      </dd>
    </>
  );
}

/** Spec 000 §3/§4: one tiger of the HBAR marketplace: image, label, tier, name, price, age, buyer/seller, Buy. */
function MarketNftCardView({ card, now, onBuy, buyDisabled, buyHintId, buying }: MarketNftCardProps) {
  const label = cardLabel(card);
  const tier = cardTier(card);
  const price = cardPrice(card);
  const date = cardDate(card);
  const age = ageText(date, now);
  const listing = card.currentListing;
  const headingId = `market-card-${card.serialId}-${label}-${listing?.marketplaceListingId ?? card.lastSaleDate ?? ''}`.replace(/[^\w-]/g, '');
  const soldBefore = listing && card.lastSalePrice !== null;

  return (
    <Card
      className="group render-when-near flex flex-col overflow-hidden p-0 transition-colors [contain-intrinsic-size:auto_22rem] focus-within:border-primary/60 hover:border-primary/60"
      role="article"
      aria-labelledby={headingId}
      data-serial={card.serialId}
      data-label={label}
    >
      <div className="relative">
        <TigerViewTrigger serial={card.serialId} name={card.name} className="overflow-hidden">
          <NftMedia
            serial={card.serialId}
            image={card.image}
            name={card.name}
            className="transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
          />
        </TigerViewTrigger>
        <div className="pointer-events-none absolute inset-x-2 top-2 flex items-start justify-between gap-1">
          <TierBadge tier={tier} size="overlay" />
          <Badge variant={LABEL_VARIANT[label]} size="label">
            {label}
          </Badge>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        {/* The rank beside the name where both fit, below it where they do not. */}
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <h3 id={headingId} className="min-w-0 text-sm font-semibold break-words card-wide:text-base">
            {card.name}
          </h3>
          {card.rarityRank !== null && <span className="shrink-0 text-xs text-muted-foreground">{rankText(card.rarityRank)}</span>}
        </div>
        <div className="flex flex-wrap items-end justify-between gap-x-2">
          <p className="grid">
            <span className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
              {listing ? 'Price' : price !== null ? 'Sold for' : 'Not listed'}
            </span>
            {price !== null && <span className="text-lg leading-tight font-bold text-highlight tabular-nums">{formatHbarPrice(price)} HBAR</span>}
          </p>
          {age && date && (
            <time className="text-xs text-muted-foreground tabular-nums" dateTime={date} title={formatLocalDateTime(new Date(date))}>
              {age}
            </time>
          )}
        </div>
        {soldBefore && (
          <p className="text-xs text-muted-foreground">
            Last sale <span className="font-semibold text-stone-200 tabular-nums">{formatHbarPrice(card.lastSalePrice ?? 0)} HBAR</span>
          </p>
        )}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
          {!listing && <Account term="Buyer" accountId={card.buyerAddress} />}
          <Account term="Seller" accountId={listing?.sellerAddress ?? card.sellerAddress} />
        </dl>
        {listing && onBuy && (
          <div className="mt-auto pt-1">
            <Button
              className="w-full"
              variant={buyDisabled ? 'secondary' : buying ? 'outline' : 'default'}
              onClick={() => onBuy(card)}
              disabled={buyDisabled}
              aria-label={buying ? `Buying ${card.name}: show the purchase` : `Buy ${card.name}`}
              aria-describedby={buyDisabled ? buyHintId : undefined}
            >
              {buying ? 'Buying…' : 'Buy'}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

/**
 * The card, rendered again only when what it shows changes: the grid's cards are rebuilt from three
 * stores (sales, listings, rarity) as each arrives, mostly into equal values.
 */
export const MarketNftCard = memo(
  MarketNftCardView,
  (before, after) =>
    before.now === after.now &&
    before.onBuy === after.onBuy &&
    before.buyDisabled === after.buyDisabled &&
    before.buyHintId === after.buyHintId &&
    before.buying === after.buying &&
    (before.card === after.card || JSON.stringify(before.card) === JSON.stringify(after.card)),
);

/** The loading card (spec 000 §9: 12 of them per tab); the grid around them pulses. */
export function MarketNftCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-border bg-card" aria-hidden="true">
      <Skeleton pulse={false} className="aspect-square w-full" />
      <div className="grid gap-2 p-3">
        <Skeleton pulse={false} className="h-4 w-3/4 rounded-md" />
        <Skeleton pulse={false} className="h-6 w-1/2 rounded-md" />
        <Skeleton pulse={false} className="h-3 w-full rounded-md" />
        <Skeleton pulse={false} className="h-9 w-full rounded-md" />
      </div>
    </div>
  );
}
