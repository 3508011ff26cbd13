/**
 * The ledger checks every PAWS trade makes before anything moves (a listing going live, a buy, an
 * offer made or accepted): the user's own approval reached consensus, the tiger is owned (and
 * approved to the marketplace), the seller can be paid PAWS, the buyer's PAWS cover what is due.
 * Listings, buys and offers ask them here, so each question has one answer and one message.
 */
import { DomainError } from '@/lib/domain-error';
import { formatUnits } from '@/features/balances/units';
import type { LedgerNft, LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { ReceiptReader } from '@/features/ledger/ledger-writer-port';
import { type Settled, awaitSettled, successOnReceiptOnly } from '@/features/ledger/transaction-confirmation';
import { parseTransactionId } from '@/features/ledger/transaction-id';
import { type BudgetOffer, type Commitments, type PawsFunds, lapsingOffers, purchaseBudget } from './allowance-budget';
import { insufficientPawsMessage } from './listing';

/** The longest a request waits for the user's own transaction to reach consensus (its receipt, else the mirror node's record). */
const CONFIRM_WAIT_MS = 10_000;
/** Kept back from a request's budget for the writes and the answer after the ledger checks. */
export const WRITE_RESERVE_MS = 1_500;
/**
 * Kept back, besides the settlement's own time, by a wait for the user's approval: the checks between
 * the approval showing and the settlement (the tiger, the seller, the buyer's funds; a few ledger and
 * store reads). Without it an approval that showed late in the wait left the settlement short of its
 * time, and the request answered LEDGER_TIMEOUT (seen under load in the offer accept, run i7).
 */
const PRE_SETTLEMENT_CHECKS_MS = 2_000;

/** What a wait for the user's approval keeps back of the request's budget when a settlement follows it: the checks, the settlement, the writes. */
export const beforeSettlementReserveMs = (settlementTimeoutMs: number) => settlementTimeoutMs + WRITE_RESERVE_MS + PRE_SETTLEMENT_CHECKS_MS;
/** What a settlement's submission and receipt may take when the settings do not say (the SDK writer's 10 s, and a margin). */
export const DEFAULT_SETTLEMENT_TIMEOUT_MS = 10_500;

export interface PawsMarketSettings {
  nftTokenId: string;
  pawsTokenId: string;
  marketplaceAccountId: string;
  /** What a settlement (submission and receipt) may take; a buy starts one only with this much of its budget left. */
  settlementTimeoutMs?: number;
}

export interface TradeChecksDeps {
  ledger: LedgerReader;
  settings: PawsMarketSettings;
  /** The consensus nodes' receipts: the user's approvals are acted on at consensus, not when the mirror shows them. */
  receipts?: ReceiptReader | undefined;
}

/** What is due from a buyer and what the ledger says they have, for requireFunded. */
export interface BuyerFunds {
  /** PAWS (smallest units) the trade debits: the price and any fee on the buyer. */
  due: bigint;
  /** The buyer's PAWS balance (0 when not associated). */
  available: bigint;
  /** The buyer's PAWS allowance to the marketplace. */
  allowance: bigint;
  /** What the allowance must cover. */
  allowanceNeeded: bigint;
  /** What a short allowance asks to approve (default: allowanceNeeded): with what the buyer's offers and purchases keep. */
  allowanceAsked?: bigint;
  pawsDecimals: number;
}

/** The checks, over one ledger reader and the market's settings. */
export function createTradeChecks({ ledger, settings, receipts }: TradeChecksDeps) {
  /**
   * Waits (within the request's budget, keeping `reserveMs` of it) until a transaction the user's
   * wallet executed reached consensus: its receipt when `byReceipt`, else (or when no receipt comes)
   * its record on the mirror node. Only the user's own transactions count: one paid by another
   * account is refused with `wrongPayer`.
   */
  async function ownTransactionSettled(
    transactionId: string,
    payer: string,
    reserveMs: number,
    wrongPayer: () => DomainError,
    byReceipt: boolean,
  ): Promise<Settled> {
    if (parseTransactionId(transactionId)?.payer !== payer) throw wrongPayer();
    return awaitSettled(ledger, transactionId, { maxWaitMs: CONFIRM_WAIT_MS, reserveMs, receipts: byReceipt ? receipts : undefined });
  }

  /** The tiger, which `ownerId` must hold: TIGER_NOT_FOUND when it does not exist (or was burned), NOT_TIGER_OWNER when another account holds it. */
  async function ownedTiger(serial: number, ownerId: string): Promise<LedgerNft> {
    const nft = await ledger.getNft(settings.nftTokenId, serial);
    if (!nft || nft.deleted) throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${serial} does not exist`);
    if (nft.owner !== ownerId) throw new DomainError('NOT_TIGER_OWNER', `Wild Tiger #${serial} is not owned by ${ownerId}`);
    return nft;
  }

  /** Whether a seller can be paid in PAWS (associated, or with a free automatic association slot). */
  const canBePaid = (sellerId: string) => ledger.canReceiveToken(sellerId, settings.pawsTokenId);

  /** PAWS_BALANCE_LOW (spec 001 §5's message) when the balance does not cover what is due. */
  function requireBalance(due: bigint, available: bigint, pawsDecimals: number): void {
    if (available >= due) return;
    throw new DomainError('PAWS_BALANCE_LOW', insufficientPawsMessage(Number(formatUnits(due, pawsDecimals)), Number(formatUnits(available, pawsDecimals))));
  }

  /**
   * PAWS_ALLOWANCE_LOW with what the wallet is to be asked and why: `amount` (the approval), `due`
   * (what this trade draws) and `offersKeep` (what the buyer's open offers and purchases being settled
   * keep besides it); for a purchase, the offers it would leave unfunded (`lapsing`) and what it needs
   * if they lapse (`amountIfLapse`: '0' when nothing).
   */
  function allowanceLow(input: {
    ask: bigint;
    due: bigint;
    allowance: bigint;
    pawsDecimals: number;
    lapsing?: { offerId: string; label: string }[];
    askIfLapse?: bigint;
  }): DomainError {
    const units = (amount: bigint) => formatUnits(amount, input.pawsDecimals);
    return new DomainError('PAWS_ALLOWANCE_LOW', 'Insufficient PAWS token allowance', {
      tokenId: settings.pawsTokenId,
      spenderAccountId: settings.marketplaceAccountId,
      amount: units(input.ask),
      currentAllowance: units(input.allowance),
      due: units(input.due),
      offersKeep: units(input.ask > input.due ? input.ask - input.due : 0n),
      ...(input.lapsing ? { lapsing: input.lapsing } : {}),
      ...(input.askIfLapse !== undefined ? { amountIfLapse: units(input.askIfLapse) } : {}),
    });
  }

  return {
    canBePaid,

    /**
     * The owner's NFT allowance approval, settled: refused when another account paid it, when the
     * ledger failed it or when it never reached the ledger. True when only its receipt shows it yet
     * (the mirror still names the old spender; the approved transfer itself is checked at consensus).
     */
    async nftApprovalSettled(transactionId: string, ownerId: string, reserveMs: number, role: 'seller' | 'owner'): Promise<boolean> {
      const approval = await ownTransactionSettled(
        transactionId,
        ownerId,
        reserveMs,
        () => new DomainError('NFT_ALLOWANCE_MISSING', `This approval transaction was not paid by the ${role}; approve the NFT allowance from your own wallet`),
        true,
      );
      if (approval.state === 'failed') {
        throw new DomainError('TRANSACTION_FAILED', `NFT allowance approval failed on the ledger (${approval.result}); approve it again`, {
          transactionId,
          result: approval.result,
        });
      }
      if (approval.state === 'expired') {
        throw new DomainError('NFT_ALLOWANCE_MISSING', 'The NFT allowance approval never reached the ledger; approve it again in your wallet');
      }
      return successOnReceiptOnly(ledger, transactionId, approval);
    },

    /**
     * The buyer's PAWS allowance approval, settled: refused when another account paid it or the
     * ledger failed it (one that never reached the ledger leaves the allowance as it was, which the
     * funds check then judges). True when only its receipt shows it yet. `byReceipt: false` waits
     * for the mirror node, for callers that read the allowance from it next.
     */
    async pawsApprovalSettled(transactionId: string, buyerId: string, reserveMs: number, { byReceipt = true } = {}): Promise<boolean> {
      const approval = await ownTransactionSettled(
        transactionId,
        buyerId,
        reserveMs,
        () => new DomainError('INVALID_REQUEST', 'allowanceTransactionId must be a transaction paid by the buyer'),
        byReceipt,
      );
      if (approval.state === 'failed') {
        throw new DomainError('TRANSACTION_FAILED', `Token allowance approval failed: the ledger answered ${approval.result}`, {
          transactionId,
          result: approval.result,
        });
      }
      return successOnReceiptOnly(ledger, transactionId, approval);
    },

    ownedTiger,

    /**
     * The tigers `ownerId` holds, read with the owner's NFTs (a page per hundred they hold, not a
     * read per tiger); a serial not among them is for ownedTiger to refuse.
     */
    async heldTigers(ownerId: string): Promise<Map<number, LedgerNft>> {
      return new Map(
        (await ledger.getAccountNfts(ownerId, settings.nftTokenId)).filter((nft) => !nft.deleted && nft.owner === ownerId).map((nft) => [nft.serial, nft]),
      );
    },

    /** The marketplace must be the tiger's spender, or the owner's approval known by its receipt (`missing` otherwise). */
    requireApproved(nft: LedgerNft, approvedByReceipt: boolean, missing: () => DomainError): void {
      if (nft.spender !== settings.marketplaceAccountId && !approvedByReceipt) throw missing();
    },

    /** The seller must be able to receive the buyer's PAWS; `before` says what they were doing ('listing', 'accepting an offer'). */
    async requireSellerPayable(sellerId: string, before: string): Promise<void> {
      if (await canBePaid(sellerId)) return;
      const tail = before === 'listing' ? 'before listing, so buyers can pay you' : `before ${before}`;
      throw new DomainError(
        'SELLER_CANNOT_RECEIVE_PAWS',
        `Your account cannot receive PAWS: associate PAWS (${settings.pawsTokenId}) with it in your wallet ${tail}`,
      );
    },

    /**
     * The buyer's PAWS cover what is due: PAWS_BALANCE_LOW when the balance does not, PAWS_ALLOWANCE_LOW
     * (with the allowance to approve) when the allowance does not cover what it must; an approval known
     * by its receipt alone (`allowanceByReceipt`) is left to the settlement, which the ledger refuses
     * beyond the allowance, moving nothing.
     */
    requireFunded(funds: BuyerFunds, allowanceByReceipt = false): void {
      const { due, available, allowance, allowanceNeeded, allowanceAsked = allowanceNeeded, pawsDecimals } = funds;
      requireBalance(due, available, pawsDecimals);
      if (allowance < allowanceNeeded && !allowanceByReceipt) throw allowanceLow({ ask: allowanceAsked, due, allowance, pawsDecimals });
    },

    /**
     * A purchase of `due` (one listing or a cart) within the buyer's one allowance budget
     * (allowance-budget.ts): the balance must cover it, and the allowance must cover it and leave
     * every offer it funds funded, unless the buyer let that offer lapse (`letLapse`). Otherwise
     * PAWS_ALLOWANCE_LOW asks for the approval that keeps them all, names the offers that would
     * lapse and what the purchase needs if they do. An approval known by its receipt alone is left to
     * the settlement (the ledger refuses beyond the allowance). Answers the offers it lets lapse.
     */
    requirePurchaseFunded(
      {
        due,
        funds,
        commitments,
        letLapse,
        pawsDecimals,
      }: { due: bigint; funds: PawsFunds; commitments: Commitments; letLapse: ReadonlySet<string>; pawsDecimals: number },
      allowanceByReceipt = false,
    ): { lapsed: BudgetOffer[] } {
      requireBalance(due, funds.available, pawsDecimals);
      if (allowanceByReceipt) return { lapsed: [] };
      const budget = purchaseBudget(due, funds, commitments, letLapse);
      if (!budget.covered) {
        throw allowanceLow({
          ask: budget.ask,
          due,
          allowance: funds.allowance,
          pawsDecimals,
          lapsing: budget.lapsing.map((offer) => ({ offerId: offer.id, label: offer.label })),
          ...(budget.lapsing.length ? { askIfLapse: budget.askIfLapse } : {}),
        });
      }
      return { lapsed: lapsingOffers(commitments, funds, due).filter((offer) => letLapse.has(offer.id)) };
    },
  };
}

export type TradeChecks = ReturnType<typeof createTradeChecks>;
