import type { ReactNode } from 'react';
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
  context: { data: ListingContextAnswer | undefined; error: unknown };
}

/** One fact: its name above its value. */
function Fact({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid content-start">
      <dt className="text-muted-foreground">{name}</dt>
      <dd className="tabular-nums [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Beside a listing price: the collection floor, the tiger's rarest trait's floor, its last sale and the best standing offer that would take it. */
export function ListingContext({ serial, context }: ListingContextProps) {
  const answer = context.data;
  if (!answer) {
    return (
      <p className="text-xs text-muted-foreground" role="status">
        {context.error ? 'The market’s floors and offers could not be read.' : 'Reading the floors and offers…'}
      </p>
    );
  }
  const tiger = answer.tigers[String(serial)];
  const rarest = tiger?.rarestTrait;
  return (
    <dl className="grid gap-x-4 gap-y-1.5 text-xs sm:grid-cols-2" aria-label={`Market context of tiger #${serial}`}>
      <Fact name="Collection floor">{floorText(answer.collectionFloor)}</Fact>
      <Fact name="Trait floor">
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
      </Fact>
      <Fact name="Last sale">{lastSaleText(tiger?.lastSale ?? null)}</Fact>
      <Fact name="Best offer" testId="best-offer">
        {tiger?.bestOffer
          ? `${formatPaws(tiger.bestOffer.pawsAmount)} PAWS (${tiger.bestOffer.kind === 'item' ? 'for this tiger' : 'collection offer'})`
          : 'None'}
      </Fact>
    </dl>
  );
}

/**
 * The warnings before listing at `price`: under the best standing offer (accepting it pays more) or
 * under half the collection floor. Shown beside the price and read with it (`id`), never blocking.
 */
export function ListingWarnings({ id, serial, price, context }: ListingContextProps & { id: string; price: string }) {
  const answer = context.data;
  const warnings = answer
    ? listingWarnings(price, { bestOffer: answer.tigers[String(serial)]?.bestOffer ?? null, collectionFloor: answer.collectionFloor })
    : [];
  return (
    <div id={id} aria-live="polite" className="grid gap-1 empty:hidden">
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
  );
}
