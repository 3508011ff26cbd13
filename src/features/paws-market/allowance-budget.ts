/**
 * One PAWS allowance budget (issue 55 item 1): a holder's PAWS allowance to the marketplace backs
 * their open offers and their purchases alike. Pure rules: which offers the allowance funds, what a
 * spend would leave unfunded, and what an approval must be for a purchase to keep them funded.
 */

/** A holder's PAWS as the ledger shows them, in the token's smallest unit: what they hold (0 when not associated) and what the marketplace may spend. */
export interface PawsFunds {
  available: bigint;
  allowance: bigint;
}

/** One of a holder's open offers, as the budget counts it. */
export interface BudgetOffer {
  id: string;
  /** When it was made: the oldest offers are funded first. */
  createdAt: string;
  /** What one unit draws (the offer's amount). */
  unit: bigint;
  /** What it may draw at once: its units open or being settled. */
  keeps: bigint;
  /** What the holder is told it is ('45 PAWS offer on Wild Tiger #147'). */
  label: string;
}

/** What a holder's allowance backs besides a new purchase: their open offers, and the purchases of theirs being settled (`held`). */
export interface Commitments {
  offers: readonly BudgetOffer[];
  held: bigint;
}

/**
 * What the market asks of a buyer's offers (the offers feature answers it, above the market): what
 * their allowance backs, and, once a purchase spent some of their PAWS, what is left, stored so every
 * page shows their offers funded or not at once.
 */
export interface OfferCommitments {
  of(buyerId: string): Promise<Commitments>;
  spent(buyerId: string, after: PawsFunds): Promise<void>;
}

/** Oldest first (then by id): the order a holder's allowance funds their offers in. */
export const byAge = (a: Pick<BudgetOffer, 'createdAt' | 'id'>, b: Pick<BudgetOffer, 'createdAt' | 'id'>) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * The offers a holder's PAWS fund: what the purchases being settled hold comes first, then the
 * offers oldest first, each funded while what is left of the allowance, and the balance, cover one
 * unit of it; a funded offer then keeps all it may draw at once.
 */
export function fundedOffers(offers: readonly BudgetOffer[], funds: PawsFunds, held = 0n): Set<string> {
  let left = funds.allowance - held;
  const funded = new Set<string>();
  for (const offer of [...offers].sort(byAge)) {
    if (left >= offer.unit && funds.available - held >= offer.unit) {
      funded.add(offer.id);
      left -= offer.keeps;
    }
    if (left < 0n) left = 0n;
  }
  return funded;
}

/** What a purchase paid from the allowance as it stood answers (whole PAWS): the allowance before and after, what open offers keep of it, the offers let lapse. */
export interface AllowanceSpent {
  before: string;
  after: string;
  offersKeep: string;
  lapsed: string[];
}

/** What the holder's offers and purchases being settled keep of the allowance, in all. */
export const keptByCommitments = ({ offers, held }: Commitments): bigint => offers.reduce((sum, offer) => sum + offer.keeps, held);

/** The offers funded now that spending `spend` of the holder's PAWS would leave unfunded, oldest first. */
export function lapsingOffers({ offers, held }: Commitments, funds: PawsFunds, spend: bigint): BudgetOffer[] {
  const before = fundedOffers(offers, funds, held);
  const after = fundedOffers(offers, { available: funds.available - spend, allowance: funds.allowance - spend }, held);
  return [...offers].sort(byAge).filter((offer) => before.has(offer.id) && !after.has(offer.id));
}

/** What a purchase of `due` asks of the allowance, as of these funds and commitments. */
export interface PurchaseBudget {
  /** Nothing to ask: the allowance covers the purchase and every offer it funds stays funded (or the holder let it lapse). */
  covered: boolean;
  /** The approval to ask for: the purchase, the purchases being settled, and every open offer the holder did not let lapse (as an offer's own approval asks). */
  ask: bigint;
  /** Offers funded now that the purchase would leave unfunded without `ask` (those the holder let lapse left out), oldest first. */
  lapsing: BudgetOffer[];
  /** With `lapsing` let lapse too: the approval the purchase would still need (0n: none, the allowance covers it as it is). */
  askIfLapse: bigint;
}

/**
 * What a purchase of `due` asks of the holder's allowance: nothing when it covers the purchase and
 * leaves every funded offer funded; otherwise the approval that keeps them funded (`ask`), or, with
 * the holder's say, the offers it would leave unfunded (`lapsing`) and what it needs then. A purchase
 * that leaves every funded offer funded asks nothing, whatever the offers already unfunded; an
 * approval, once asked for, covers them all, as making an offer asks.
 */
export function purchaseBudget(due: bigint, funds: PawsFunds, commitments: Commitments, letLapse: ReadonlySet<string> = new Set()): PurchaseBudget {
  const { offers, held } = commitments;
  const fundedNow = fundedOffers(offers, funds, held);
  const coversPurchase = funds.allowance >= due + held;
  // Short of the purchase itself, an approval of the purchase alone would leave every funded offer unfunded.
  const affected = coversPurchase ? lapsingOffers(commitments, funds, due) : [...offers].sort(byAge).filter((offer) => fundedNow.has(offer.id));
  const lapsing = affected.filter((offer) => !letLapse.has(offer.id));
  const kept = offers.filter((offer) => !letLapse.has(offer.id)).reduce((sum, offer) => sum + offer.keeps, 0n);
  return {
    covered: coversPurchase && lapsing.length === 0,
    ask: due + held + kept,
    lapsing,
    askIfLapse: coversPurchase ? 0n : due + held,
  };
}
