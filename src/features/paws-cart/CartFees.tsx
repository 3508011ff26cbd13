import { useStore } from '@nanostores/react';
import { formatUnits } from '@/features/balances/units';
import { formatPaws } from '@/lib/format';
import { parsePawsPrice } from '@/features/paws-market/listing';
import { chargeLabel, saleSplit } from '@/features/paws-market/sale-fees';
import { $saleFees, saleFeeTerms } from '@/features/paws-market/sale-fees-client';

/** What the ledger takes from the seller of one cart line (the collection's royalty), and any fee the buyer pays on top. */
export function CartFees({ price, sellerId, buyerId }: { price: string; sellerId: string; buyerId: string }) {
  const fees = useStore($saleFees);
  if (!fees.data)
    return <p className="text-xs text-muted-foreground">{fees.error ? 'The ledger charges the collection’s fees on the sale.' : 'Reading the fees…'}</p>;
  const parsed = parsePawsPrice(price, fees.data.pawsDecimals);
  if ('problem' in parsed) return null;
  const terms = saleFeeTerms(fees.data);
  const split = saleSplit(parsed.units, { seller: sellerId, buyer: buyerId }, terms);
  const paws = (units: bigint) => `${formatPaws(formatUnits(units, fees.data?.pawsDecimals ?? 0))} PAWS`;
  const sellers = split.charges.filter((charge) => charge.payer === 'seller' && charge.tokenId === terms.pawsTokenId);
  const yours = split.charges.filter((charge) => charge.payer === 'buyer' && charge.tokenId === terms.pawsTokenId);
  return (
    <p className="text-xs text-muted-foreground" data-testid="cart-line-fees">
      {sellers.length ? `The seller pays ${sellers.map((charge) => `${chargeLabel(charge)} (${paws(charge.amount)})`).join(', ')}` : 'No royalty applies'}
      {yours.length ? `; you pay ${yours.map((charge) => `${chargeLabel(charge)} (${paws(charge.amount)})`).join(', ')} on top` : ''}.
    </p>
  );
}
