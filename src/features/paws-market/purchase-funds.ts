/**
 * A purchase's PAWS (one listing or a cart) within the buyer's one allowance budget: their balance,
 * allowance and commitments (open offers, purchases being settled) read afresh; the purchase checked
 * against them (trade-checks' requirePurchaseFunded); and, once it settled, what it spent told to the
 * offers (so every page shows the buyer's offers funded or not at once) and to the buyer.
 */
import { formatUnits } from '@/features/balances/units';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import {
  type AllowanceSpent,
  type BudgetOffer,
  type Commitments,
  type OfferCommitments,
  type PawsFunds,
  fundedOffers,
  keptByCommitments,
  purchaseBudget,
} from './allowance-budget';
import type { PawsMarketSettings, TradeChecks } from './trade-checks';

const NO_COMMITMENTS: Commitments = { offers: [], held: 0n };

/** The buyer's PAWS and commitments as they stand, for one purchase. */
export async function readPurchaseFunds(
  ledger: Pick<LedgerReader, 'getTokenAllowance' | 'getTokenBalance'>,
  settings: PawsMarketSettings,
  offers: OfferCommitments | undefined,
  buyerId: string,
) {
  const [allowance, balance, commitments] = await Promise.all([
    ledger.getTokenAllowance(buyerId, settings.pawsTokenId, settings.marketplaceAccountId),
    ledger.getTokenBalance(buyerId, settings.pawsTokenId),
    offers?.of(buyerId) ?? NO_COMMITMENTS,
  ]);
  const funds: PawsFunds = { available: balance.associated ? balance.balance : 0n, allowance };
  return {
    funds,
    /** What a purchase of `due` would ask of the allowance, as things stand (the cart's quote shows it before the holder pays). */
    budget: (due: bigint, letLapse: ReadonlySet<string>) => purchaseBudget(due, funds, commitments, letLapse),
    /** Checks a purchase of `due` (PAWS_BALANCE_LOW, PAWS_ALLOWANCE_LOW with the offers it would leave unfunded); the offers it lets lapse. */
    check(
      checks: Pick<TradeChecks, 'requirePurchaseFunded'>,
      input: { due: bigint; letLapse: ReadonlySet<string>; pawsDecimals: number },
      allowanceByReceipt: boolean,
    ): BudgetOffer[] {
      return checks.requirePurchaseFunded({ ...input, funds, commitments }, allowanceByReceipt).lapsed;
    },
    /**
     * The purchase settled, spending `spent` of the allowance as it stood: the buyer's PAWS left are
     * stored for the offers' funding, and the answer says what the allowance was and is, and what
     * the offers it still funds keep of it.
     */
    async spent(spent: bigint, lapsed: readonly BudgetOffer[], pawsDecimals: number): Promise<AllowanceSpent> {
      const after = { available: funds.available - spent, allowance: funds.allowance - spent };
      await offers?.spent(buyerId, after);
      const stillFunded = fundedOffers(commitments.offers, after, commitments.held);
      const keeps = keptByCommitments({ offers: commitments.offers.filter((offer) => stillFunded.has(offer.id)), held: commitments.held });
      const units = (amount: bigint) => formatUnits(amount, pawsDecimals);
      return {
        before: units(funds.allowance),
        after: units(after.allowance),
        // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
        offersKeep: units(keeps < after.allowance ? keeps : after.allowance),
        lapsed: lapsed.map((offer) => offer.label),
      };
    },
  };
}

/** A buyer's PAWS and commitments as read for one purchase (readPurchaseFunds). */
export type PurchaseFunds = Awaited<ReturnType<typeof readPurchaseFunds>>;
