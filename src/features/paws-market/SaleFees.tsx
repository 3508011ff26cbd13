import { useStore } from '@nanostores/react';
import { formatNumber } from '@/lib/format';
import { formatUnits } from '@/features/balances/units';
import { parsePawsPrice } from './listing';
import { type FeeCharge, type SaleSplit, chargeLabel, saleSplit } from './sale-fees';
import { $saleFees, saleFeeTerms } from './sale-fees-client';

/** A PAWS amount in base units, to the base unit, with separators ('1,234.5'). */
function pawsText(units: bigint, decimals: number): string {
  const [whole = '0', fraction] = formatUnits(units, decimals).split('.');
  return `${formatNumber(Number(whole), 0)}${fraction ? `.${fraction}` : ''} PAWS`;
}

/** '5 % creator royalty (12.5 PAWS)', '0.5 HBAR fixed fee'. */
function chargeText(entry: FeeCharge, decimals: number, pawsTokenId: string): string {
  if (entry.tokenId === pawsTokenId) return `${chargeLabel(entry)} (${pawsText(entry.amount, decimals)})`;
  const amount = entry.tokenId === null ? `${formatUnits(entry.amount, 8)} HBAR` : `${entry.amount} of token ${entry.tokenId}`;
  return `${amount} ${chargeLabel(entry)}`;
}

const joined = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? ''));

/** The split of a sale at `price` (decimal PAWS), or what is known of it: loading, unreadable, or not a price. */
function useSaleSplit(
  price: string,
  parties: { seller: string; buyer: string },
): { split: SaleSplit; decimals: number; pawsTokenId: string } | 'loading' | 'failed' | null {
  const fees = useStore($saleFees);
  if (!fees.data) return fees.error ? 'failed' : 'loading';
  const parsed = parsePawsPrice(price, fees.data.pawsDecimals);
  if ('problem' in parsed) return null;
  const terms = saleFeeTerms(fees.data);
  return { split: saleSplit(parsed.units, parties, terms), decimals: fees.data.pawsDecimals, pawsTokenId: terms.pawsTokenId };
}

function Pending({ known }: { known: 'loading' | 'failed' }) {
  return (
    <p className="text-xs text-muted-foreground" role="status">
      {known === 'loading' ? 'Reading the collection’s fees…' : 'Failed to fetch the collection’s fees: the ledger charges them on the sale.'}
    </p>
  );
}

/**
 * What the seller receives of a sale at `price` after the fees the ledger charges (the collection's
 * royalty, PAWS's own fees): shown where a seller sets or accepts a price. `buyerId` when known.
 */
export function SellerProceeds({ price, sellerId, buyerId = '' }: { price: string; sellerId: string; buyerId?: string }) {
  const known = useSaleSplit(price, { seller: sellerId, buyer: buyerId });
  if (known === null) return null;
  if (known === 'loading' || known === 'failed') return <Pending known={known} />;
  const { split, decimals, pawsTokenId } = known;
  const yours = split.charges.filter((entry) => entry.payer === 'seller');
  return (
    <p className="text-sm" data-testid="seller-proceeds">
      You receive <strong className="tabular-nums">{pawsText(split.sellerReceives, decimals)}</strong>
      {yours.length ? ` after the ${joined(yours.map((entry) => chargeText(entry, decimals, pawsTokenId)))}.` : ': no royalty or fee applies.'}
    </p>
  );
}

/** What the buyer pays for a sale at `price`, with any fee on the buyer, and what the seller receives of it. */
export function BuyerCost({ price, sellerId, buyerId }: { price: string; sellerId: string; buyerId: string }) {
  const known = useSaleSplit(price, { seller: sellerId, buyer: buyerId });
  if (known === null) return null;
  if (known === 'loading' || known === 'failed') return <Pending known={known} />;
  const { split, decimals, pawsTokenId } = known;
  const yours = split.charges.filter((entry) => entry.payer === 'buyer');
  const sellers = split.charges.filter((entry) => entry.payer === 'seller');
  return (
    <p className="text-sm text-muted-foreground" data-testid="buyer-cost">
      You pay <strong className="text-foreground tabular-nums">{pawsText(split.buyerPays, decimals)}</strong>
      {yours.length ? `, including the ${joined(yours.map((entry) => chargeText(entry, decimals, pawsTokenId)))}` : ''}
      {sellers.length
        ? `; the seller receives ${pawsText(split.sellerReceives, decimals)} after the ${joined(sellers.map((entry) => chargeText(entry, decimals, pawsTokenId)))}.`
        : '.'}
    </p>
  );
}
