/**
 * Pure rules of buying several PAWS listings at once (the cart, a sweep of the floor): what one
 * seller's tigers pay when they move in one transfer, and how a checkout's sales are packed into as
 * few atomic transfers as the ledger's limits allow. The limits are the consensus node's
 * (hiero-consensus-node `hedera-config/.../LedgerConfig.java`, checked by `CryptoTransferValidator`
 * on the body and by `CustomFeeAssessmentStep` with the fee legs); the sandbox ledger refuses beyond
 * them as mainnet does (src/sandbox/ledger/validate-transfer.ts, custom-fees.ts).
 */
import { MAX_BALANCE_CHANGES, type SaleFeeTerms, type SaleSplit, saleSplit } from './sale-fees';

/** Listings one checkout buys at most (a sweep of ten, and room to spare). */
export const MAX_CART_ITEMS = 25;
/** `ledger.nftTransfers.maxLen` (default 10): NFT moves in one CryptoTransfer (more is BATCH_SIZE_LIMIT_EXCEEDED). */
export const MAX_NFT_TRANSFERS = 10;
/** `ledger.tokenTransfers.maxLen` (default 10): fungible account amounts in one body (more is TOKEN_TRANSFER_LIST_SIZE_LIMIT_EXCEEDED). */
export const MAX_FUNGIBLE_TRANSFERS = 10;

/**
 * Why a listing of a cart was not bought: sold or taken down, listed again by its seller at another
 * price (a new listing), being bought by another, claimed and
 * let go by others racing for it in every round (still for sale), the tiger moved, the seller
 * unpayable, not found, the buyer's own.
 */
export type DropReason = 'sold' | 'repriced' | 'in-progress' | 'contended' | 'moved' | 'seller' | 'not-found' | 'own';

/** One listing of a checkout: its tiger, its seller, its price in PAWS base units. */
export interface CartSale {
  listingId: string;
  serial: number;
  sellerId: string;
  price: bigint;
}

/** One seller's tigers moving in one transfer, and what the ledger charges on them. */
export interface SellerGroup {
  sellerId: string;
  sales: CartSale[];
  split: SaleSplit;
}

/** One atomic transfer of a checkout: its sellers' groups, and the PAWS it takes from the buyer. */
export interface PackedTransfer {
  groups: SellerGroup[];
  buyerPays: bigint;
}

/**
 * What a seller's tigers sold together in one transfer move: the royalty is taken once from all the
 * PAWS the seller receives (`CustomRoyaltyFeeAssessor` charges once per sender and token), the
 * collection's fixed fees once per tiger (each NFT move is a debit of its sender).
 */
export function groupSplit(prices: readonly bigint[], parties: { seller: string; buyer: string }, terms: SaleFeeTerms): SaleSplit {
  const total = prices.reduce((sum, price) => sum + price, 0n);
  const split = saleSplit(total, parties, terms);
  const perTiger = split.charges.filter((charge) => charge.kind === 'fixed' && charge.payer === 'seller');
  const repeated = prices.slice(1).flatMap(() => perTiger);
  const pawsRepeated = repeated.filter((charge) => charge.tokenId === terms.pawsTokenId).reduce((sum, charge) => sum + charge.amount, 0n);
  return { ...split, sellerReceives: split.sellerReceives - pawsRepeated, charges: [...split.charges, ...repeated] };
}

/** A transfer's balance changes with its fee legs (`numUniqueAdjustmentsIn`): its NFT moves, then each (account, token) pair it changes. */
export function transferBalanceChanges(groups: readonly SellerGroup[], buyer: string, pawsTokenId: string): number {
  const pairs = new Set([`${buyer}|${pawsTokenId}`]);
  for (const { sellerId, split } of groups) {
    pairs.add(`${sellerId}|${pawsTokenId}`);
    for (const charge of split.charges) {
      const token = charge.tokenId ?? 'HBAR';
      pairs.add(`${charge.payer === 'seller' ? sellerId : buyer}|${token}`);
      pairs.add(`${charge.collector}|${token}`);
    }
  }
  return groups.reduce((sum, group) => sum + group.sales.length, 0) + pairs.size;
}

/** Whether one transfer may carry these groups: its NFT moves, its body's fungible amounts and its balance changes within the node's limits. */
function fits(groups: readonly SellerGroup[], buyer: string, pawsTokenId: string): boolean {
  const nfts = groups.reduce((sum, group) => sum + group.sales.length, 0);
  return nfts <= MAX_NFT_TRANSFERS && 1 + groups.length <= MAX_FUNGIBLE_TRANSFERS && transferBalanceChanges(groups, buyer, pawsTokenId) <= MAX_BALANCE_CHANGES;
}

/**
 * Packs a checkout's sales into as few atomic transfers as the ledger allows: each seller's tigers
 * together (split only past the NFT or balance-change limit), several sellers in one transfer while
 * the limits hold (first fit, largest groups first). When PAWS carries fees of its own, each
 * transfer pays one seller, so what it charges is what saleSplit predicts for that seller's sale.
 */
export function packTransfers(sales: readonly CartSale[], buyer: string, terms: SaleFeeTerms): PackedTransfer[] {
  const group = (sellerId: string, chunk: CartSale[]): SellerGroup => ({
    sellerId,
    sales: chunk,
    split: groupSplit(
      chunk.map((sale) => sale.price),
      { seller: sellerId, buyer },
      terms,
    ),
  });
  const bySeller = new Map<string, CartSale[]>();
  for (const sale of sales) bySeller.set(sale.sellerId, [...(bySeller.get(sale.sellerId) ?? []), sale]);
  const chunks: SellerGroup[] = [];
  for (const [sellerId, own] of bySeller) {
    let rest = own;
    while (rest.length) {
      let size = Math.min(rest.length, MAX_NFT_TRANSFERS);
      while (size > 1 && !fits([group(sellerId, rest.slice(0, size))], buyer, terms.pawsTokenId)) size -= 1;
      chunks.push(group(sellerId, rest.slice(0, size)));
      rest = rest.slice(size);
    }
  }
  const oneSellerEach = terms.paws.fixed.length + terms.paws.fractional.length > 0;
  const transfers: SellerGroup[][] = [];
  for (const chunk of [...chunks].sort((a, b) => b.sales.length - a.sales.length)) {
    const home = oneSellerEach ? undefined : transfers.find((groups) => fits([...groups, chunk], buyer, terms.pawsTokenId));
    if (home) home.push(chunk);
    else transfers.push([chunk]);
  }
  return transfers.map((groups) => ({ groups, buyerPays: groups.reduce((sum, { split }) => sum + split.buyerPays, 0n) }));
}
