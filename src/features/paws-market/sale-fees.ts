/**
 * What a PAWS sale moves once the ledger has charged the tokens' custom fees. The marketplace settles
 * a sale as one transfer (the tiger seller -> buyer, the price in PAWS buyer -> seller, nothing else),
 * and consensus nodes charge on it (HIP-18; their rules, with the node's sources, are in
 * src/sandbox/ledger/custom-fees.ts): the collection's royalty out of the PAWS the seller receives,
 * its fixed fees to the seller, PAWS's fixed fees to the buyer, and PAWS's fractional fees out of the
 * seller's PAWS (or on top of the buyer's payment when net of transfers). The token's treasury and
 * a fee's own collector pay none of it (with all_collectors_are_exempt, no collector of that token
 * does). Fees on fees (a second level, as a fixed fee in another token with fees of its own) are not
 * predicted here; neither token has such fees.
 */
import type { CustomFees } from '@/features/ledger/ledger-reader-port';

/** The tokens' fees as the mirror node shows them, and their treasuries. */
export interface SaleFeeTerms {
  pawsTokenId: string;
  nftTreasury: string | null;
  pawsTreasury: string | null;
  nft: CustomFees;
  paws: CustomFees;
}

/** One fee the ledger charges on a sale. */
export interface FeeCharge {
  kind: 'royalty' | 'fixed' | 'fractional';
  collector: string;
  /** null: HBAR (tinybars). */
  tokenId: string | null;
  amount: bigint;
  payer: 'buyer' | 'seller';
  /** A share of the price (royalty, fractional fee): numerator / denominator. */
  share: { numerator: bigint; denominator: bigint } | null;
}

export interface SaleSplit {
  /** PAWS base units leaving the buyer. */
  buyerPays: bigint;
  /** PAWS base units the seller keeps. */
  sellerReceives: bigint;
  charges: FeeCharge[];
}

interface Fee {
  collectorAccountId: string | null;
  allCollectorsExempt: boolean;
}

/** HIP-573: the token's treasury and the fee's collector pay none; with the flag, no collector of the token's fees does. */
function isExempt(payer: string, fee: Fee, treasury: string | null, fees: CustomFees): boolean {
  if (payer === treasury || payer === fee.collectorAccountId) return true;
  return fee.allCollectorsExempt && [...fees.fixed, ...fees.fractional, ...fees.royalty].some((other) => other.collectorAccountId === payer);
}

const bounded = (amount: bigint, minimum: bigint, maximum: bigint | null) => {
  const atLeast = amount > minimum ? amount : minimum;
  return maximum && maximum > 0n && atLeast > maximum ? maximum : atLeast;
};

/** The fees of a sale of one tiger at `price` (PAWS base units) from `seller` to `buyer`, and what each side ends up paying and receiving. */
export function saleSplit(price: bigint, parties: { seller: string; buyer: string }, terms: SaleFeeTerms): SaleSplit {
  const { seller, buyer } = parties;
  const charges: FeeCharge[] = [];
  let sellerReceives = price;
  let buyerPays = price;
  const charge = (entry: FeeCharge) => {
    charges.push(entry);
    if (entry.tokenId !== terms.pawsTokenId) return;
    if (entry.payer === 'seller') sellerReceives -= entry.amount;
    else buyerPays += entry.amount;
  };

  // The collection's fees, charged to the tiger's sender (none when the treasury sells).
  if (seller !== terms.nftTreasury) {
    for (const fee of terms.nft.fixed) {
      if (fee.collectorAccountId && !isExempt(seller, fee, terms.nftTreasury, terms.nft)) {
        charge({ kind: 'fixed', collector: fee.collectorAccountId, tokenId: fee.denominatingTokenId, amount: fee.amount, payer: 'seller', share: null });
      }
    }
    for (const fee of terms.nft.royalty) {
      if (!fee.collectorAccountId || isExempt(seller, fee, terms.nftTreasury, terms.nft) || price <= 0n) continue;
      const share = { numerator: fee.numerator, denominator: fee.denominator };
      charge({
        kind: 'royalty',
        collector: fee.collectorAccountId,
        tokenId: terms.pawsTokenId,
        amount: (price * fee.numerator) / fee.denominator,
        payer: 'seller',
        share,
      });
    }
  }

  // PAWS's own fees on the payment, charged to its sender, the buyer (none when the treasury buys).
  if (buyer !== terms.pawsTreasury) {
    for (const fee of terms.paws.fixed) {
      if (fee.collectorAccountId && !isExempt(buyer, fee, terms.pawsTreasury, terms.paws)) {
        charge({ kind: 'fixed', collector: fee.collectorAccountId, tokenId: fee.denominatingTokenId, amount: fee.amount, payer: 'buyer', share: null });
      }
    }
    for (const fee of terms.paws.fractional) {
      const collector = fee.collectorAccountId;
      // Credits only to exempt accounts (the treasury, the collector) pay no fractional fee, nor do debits only by exempt ones.
      if (!collector || buyer === collector || isExempt(seller, fee, terms.pawsTreasury, terms.paws) || isExempt(buyer, fee, terms.pawsTreasury, terms.paws))
        continue;
      const amount = bounded((price * fee.numerator) / fee.denominator, fee.minimum, fee.maximum);
      const share = { numerator: fee.numerator, denominator: fee.denominator };
      if (amount > 0n) charge({ kind: 'fractional', collector, tokenId: terms.pawsTokenId, amount, payer: fee.netOfTransfers ? 'buyer' : 'seller', share });
    }
  }
  return { buyerPays, sellerReceives, charges };
}

/**
 * The HBAR the collection's fees take from a tiger's seller who received `received` tinybars for it in one
 * transfer (an HBAR market's sale): each royalty's share of that value and each fixed fee in HBAR; none when
 * the treasury sells or the fee exempts the seller (the same rules as saleSplit's).
 */
export function nftFeesOnHbarSale(received: bigint, seller: string, terms: Pick<SaleFeeTerms, 'nftTreasury' | 'nft'>): bigint {
  if (seller === terms.nftTreasury || received <= 0n) return 0n;
  const charged = (fee: Fee) => fee.collectorAccountId !== null && !isExempt(seller, fee, terms.nftTreasury, terms.nft);
  const fixed = terms.nft.fixed.filter((fee) => fee.denominatingTokenId === null && charged(fee)).reduce((sum, fee) => sum + fee.amount, 0n);
  const royalty = terms.nft.royalty.filter(charged).reduce((sum, fee) => sum + (received * fee.numerator) / fee.denominator, 0n);
  return fixed + royalty;
}

/** Each collector a sale pays in a token (not HBAR), with that token, once: each must be able to receive it. */
export function collectorsPaid(split: SaleSplit): { collector: string; tokenId: string }[] {
  const paid = new Map<string, { collector: string; tokenId: string }>();
  for (const { collector, tokenId, amount } of split.charges) if (tokenId !== null && amount > 0n) paid.set(`${collector}|${tokenId}`, { collector, tokenId });
  return [...paid.values()];
}

/** `ledger.xferBalanceChanges.maxLen`: balance changes of a transfer with its fee legs. */
export const MAX_BALANCE_CHANGES = 20;

/** The settlement's balance changes with its fee legs (CustomFeeAssessmentStep.numUniqueAdjustmentsIn): the tiger, then each account per token. */
export function balanceChanges(split: SaleSplit, parties: { seller: string; buyer: string }, pawsTokenId: string): number {
  const changes = new Set([`${parties.buyer}|${pawsTokenId}`, `${parties.seller}|${pawsTokenId}`]);
  for (const entry of split.charges) {
    const payer = entry.payer === 'seller' ? parties.seller : parties.buyer;
    changes.add(`${payer}|${entry.tokenId ?? 'HBAR'}`);
    changes.add(`${entry.collector}|${entry.tokenId ?? 'HBAR'}`);
  }
  return 1 + changes.size;
}

/** Words for the fee a seller pays: '5 % creator royalty', '1 % PAWS transfer fee'. */
export function chargeLabel(entry: FeeCharge): string {
  // A no-break space: the figure and its sign stay on one line.
  const percent = entry.share ? `${formatShare(entry.share.numerator, entry.share.denominator)}\u00a0% ` : '';
  if (entry.kind === 'royalty') return `${percent}creator royalty`;
  if (entry.kind === 'fractional') return `${percent}PAWS transfer fee`;
  return 'fixed fee';
}

/** A fraction as a percentage with at most two decimals ('5', '2.5', '0.33'). */
function formatShare(numerator: bigint, denominator: bigint): string {
  const hundredths = Number((numerator * 10_000n) / denominator) / 100;
  return String(hundredths);
}
