import { traitLabel } from '@/features/tiger/tiers';
import { formatHbar, formatPaws } from '@/lib/format';
import { type ListingContextAnswer, type TigerListingContext, listingWarnings } from './listing-context-rules';
import type { FloorListing } from './trait-floor-rules';

/** '90 PAWS', with '(SentX, converted)' for an HBAR listing's price converted at the current rate. */
function floorText(floor: FloorListing | null | undefined): string {
  if (!floor) return 'None listed';
  return `${formatPaws(floor.paws)} PAWS${floor.market === 'hbar' ? ' (SentX, converted)' : ''}`;
}

function lastSaleText(sale: TigerListingContext['lastSale']): string {
  if (!sale) return 'Never sold here';
  const price = sale.currency === 'HBAR' ? `${formatHbar(sale.price)} HBAR` : `${formatPaws(sale.price)} PAWS`;
  return `${price}, ${sale.at.slice(0, 10)}`;
}

interface ListingContextProps {
  serial: number;
  /** The price typed so far (whole PAWS). */
  price: string;
  context: { data: ListingContextAnswer | undefined; error: unknown };
  /** The id the price input names in its aria-describedby, so a screen reader reads the warnings with it. */
  warningsId: string;
}

/**
 * Beside a listing price: the collection floor, the tiger's rarest trait's floor, its last sale and
 * the best standing offer that would take it; and the warnings before listing under that offer or
 * under half the floor (shown, never blocking).
 */
export function ListingContext({ serial, price, context, warningsId }: ListingContextProps) {
  const answer = context.data;
  const tiger = answer?.tigers[String(serial)];
  const warnings = answer ? listingWarnings(price, { bestOffer: tiger?.bestOffer ?? null, collectionFloor: answer.collectionFloor }) : [];
  const rarest = tiger?.rarestTrait;
  return (
    <div className="grid gap-2">
      {!answer ? (
        <p className="text-xs text-muted-foreground" role="status">
          {context.error ? 'The market’s floors and offers could not be read.' : 'Reading the floors and offers…'}
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs" aria-label={`Market context of tiger #${serial}`}>
          <dt className="text-muted-foreground">Collection floor</dt>
          <dd className="tabular-nums">{floorText(answer.collectionFloor)}</dd>
          <dt className="text-muted-foreground">Trait floor</dt>
          <dd className="tabular-nums">
            {rarest ? (
              <>
                {floorText(rarest.floor)}{' '}
                <span className="text-muted-foreground">
                  ({traitLabel(rarest.trait.trait_type)}: {rarest.trait.value}, its rarest)
                </span>
              </>
            ) : (
              'No traits'
            )}
          </dd>
          <dt className="text-muted-foreground">Last sale</dt>
          <dd className="tabular-nums">{lastSaleText(tiger?.lastSale ?? null)}</dd>
          <dt className="text-muted-foreground">Best offer</dt>
          <dd className="tabular-nums" data-testid="best-offer">
            {tiger?.bestOffer
              ? `${formatPaws(tiger.bestOffer.pawsAmount)} PAWS (${tiger.bestOffer.kind === 'item' ? 'for this tiger' : 'collection offer'})`
              : 'None'}
          </dd>
        </dl>
      )}
      <div id={warningsId} aria-live="polite" className="grid gap-1 empty:hidden">
        {warnings.map((warning) => (
          <p
            key={warning.kind}
            className="rounded-md border border-amber-500/60 bg-amber-950/40 px-2 py-1.5 text-sm text-amber-100"
            data-testid={`warning-${warning.kind}`}
          >
            <span aria-hidden="true">⚠ </span>
            {warning.text}
          </p>
        ))}
      </div>
    </div>
  );
}
