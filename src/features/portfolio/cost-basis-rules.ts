/**
 * Cost basis from the ledger (issue 58 items 1 and 6): what one transaction means for one holder's
 * tigers. Pure rules over a transaction's detail as the mirror node shows it (net transfers per
 * account, the NFT transfers, the assessed custom fees, the payer's network fee).
 *
 * - A tiger that reached the holder while HBAR or PAWS went from the holder to its sender is a
 *   purchase at what the sender received for it (its net credit plus the royalties it bore): the
 *   SentX market, the PAWS market and an OTC swap all look alike on the ledger.
 * - A tiger that left the holder while the holder received HBAR or PAWS is a sale at what the
 *   holder received plus the royalties it bore (the gross price); the royalties are its fees.
 * - A mint, an airdrop (from the treasury, or an airdrop transaction) or a plain transfer carries
 *   no price, and says so.
 * - Several tigers from one sender, or several payers: the sender's credit is split evenly over
 *   what it sent, capped at what the holder paid, and the tiger is flagged `proRata`.
 * - Other tokens are named with their amounts, never priced.
 * Amounts are exact integers in base units (tinybars, PAWS base units).
 */
import type { TradeTransaction } from './portfolio-ledger-port';

/** HBAR and PAWS in base units. */
export interface Amounts {
  hbar: bigint;
  paws: bigint;
}

/** An amount of a token other than HBAR and PAWS: named, not priced. */
export interface ForeignAmount {
  tokenId: string;
  amount: bigint;
}

export type LegKind = 'purchase' | 'sale' | 'mint' | 'airdrop' | 'transfer' | 'burn';

/** One tiger moving to (`buy`) or from (`sell`) the holder in one transaction. */
export interface TigerLeg {
  serial: number;
  side: 'buy' | 'sell';
  kind: LegKind;
  transactionId: string;
  consensusTimestamp: string;
  /** The other party of the tiger's transfer; null for a mint or a burn. */
  counterparty: string | null;
  /** Buy: what was paid for this tiger; sell: the gross price received (royalties included). */
  price: Amounts;
  /** Tokens other than HBAR and PAWS that changed hands for this tiger. */
  foreign: ForeignAmount[];
  /** What the holder bore for this tiger: royalties (custom fees) and its share of the network fee (tinybars). */
  fees: { royalty: Amounts; networkTinybars: bigint };
  /** True when the amounts are a share of a transaction's total (several tigers or several payers). */
  proRata: boolean;
  notes: string[];
}

/** The tokens the rules tell apart. */
export interface CostBasisContext {
  nftTokenId: string;
  pawsTokenId: string;
  /** The collection's treasury: a free tiger from it is an airdrop. */
  treasuryAccountId: string | null;
}

const HBAR = 'HBAR';
const NONE: Amounts = { hbar: 0n, paws: 0n };

/** The account that paid for a transaction: the id's account part (`0.0.5-…` or `0.0.5@…`). */
export function payerOf(transactionId: string): string {
  return transactionId.split(/[-@]/)[0] ?? '';
}

/** `total` over `parts` shares that add up exactly: the remainder goes one unit each to the first ones. */
export function splitEvenly(total: bigint, parts: number): bigint[] {
  if (parts <= 0) return [];
  const count = BigInt(parts);
  const base = total / count;
  const remainder = total - base * count;
  return Array.from({ length: parts }, (_, index) => base + (BigInt(index) < remainder ? 1n : 0n));
}

/** `amount` scaled by `numerator / denominator`, rounded down (base units). */
function scaled(amount: bigint, numerator: bigint, denominator: bigint): bigint {
  return denominator === 0n ? 0n : (amount * numerator) / denominator;
}

/** What the transaction did to each account, by currency ('HBAR' or a token id). */
function ledgerFlows(tx: TradeTransaction) {
  const net = new Map<string, Map<string, bigint>>();
  const add = (account: string, currency: string, amount: bigint) => {
    const accountNet = net.get(account) ?? new Map<string, bigint>();
    accountNet.set(currency, (accountNet.get(currency) ?? 0n) + amount);
    net.set(account, accountNet);
  };
  for (const t of tx.transfers) add(t.account, HBAR, t.amount);
  // A staking reward paid out with the transaction is in the account's HBAR transfer, but paid for nothing traded.
  for (const reward of tx.stakingRewards) add(reward.account, HBAR, -reward.amount);
  for (const t of tx.tokenTransfers) add(t.account, t.tokenId, t.amount);
  const payer = payerOf(tx.transactionId);

  /** The custom fees `account` bore in `currency` (a fee with several payers is shared evenly). */
  const feesBorne = (account: string, currency: string): bigint =>
    tx.assessedCustomFees
      .filter((fee) => (fee.tokenId ?? HBAR) === currency && fee.payers.includes(account))
      .reduce((sum, fee) => sum + (splitEvenly(fee.amount, fee.payers.length)[fee.payers.indexOf(account)] ?? 0n), 0n);

  /** An account's change in `currency` before the fees it bore: positive, it was paid; negative, it paid. */
  const gross = (account: string, currency: string): bigint =>
    (net.get(account)?.get(currency) ?? 0n) + feesBorne(account, currency) + (currency === HBAR && account === payer ? tx.chargedTxFee : 0n);

  const currencies = [...new Set([...net.values()].flatMap((accountNet) => [...accountNet.keys()]))].sort();
  return { gross, feesBorne, currencies, payer };
}

/** The holder's tigers that this transaction moved, each with its price, fees and kind. */
export function tigerLegs(tx: TradeTransaction, holder: string, context: CostBasisContext): TigerLeg[] {
  if (tx.result !== 'SUCCESS') return [];
  const tigerMoves = tx.nftTransfers.filter((t) => t.tokenId === context.nftTokenId && t.sender !== t.receiver);
  const incoming = tigerMoves.filter((t) => t.receiver === holder);
  const outgoing = tigerMoves.filter((t) => t.sender === holder);
  if (incoming.length === 0 && outgoing.length === 0) return [];

  const flows = ledgerFlows(tx);
  const legs = [...incoming.map((move) => newLeg(tx, move, 'buy')), ...outgoing.map((move) => newLeg(tx, move, 'sell'))];
  const buys = legs.filter((leg) => leg.side === 'buy');
  const sells = legs.filter((leg) => leg.side === 'sell');
  /** NFTs (of any token) each account sent in this transaction: a sender's credit pays for all of them. */
  const sentCount = (account: string | null) => tx.nftTransfers.filter((t) => t.sender === account && t.receiver !== account).length;

  for (const currency of flows.currencies) {
    // Buys: each tiger at its sender's credit per NFT sent, capped at what the holder paid.
    const paid = -flows.gross(holder, currency);
    if (paid > 0n && buys.length > 0) {
      const shares = buys.map((leg) => {
        const credit = flows.gross(leg.counterparty ?? '', currency);
        const count = sentCount(leg.counterparty);
        if (credit <= 0n || count === 0) return 0n;
        if (count > 1) leg.proRata = true;
        return splitEvenly(credit, count)[0] ?? 0n;
      });
      const attributed = shares.reduce((sum, share) => sum + share, 0n);
      let amounts = shares;
      if (attributed > paid) {
        // Others paid part of what the senders received: the holder's part, pro rata.
        amounts = shares.map((share) => scaled(share, paid, attributed));
        const rest = paid - amounts.reduce((sum, amount) => sum + amount, 0n);
        amounts = amounts.map((amount, index) => amount + (splitEvenly(rest, amounts.length)[index] ?? 0n));
        for (const leg of buys) leg.proRata = true;
        noteAll(buys, 'several payers: the holder’s share, pro rata');
      } else if (attributed < paid) {
        // Paid to accounts that sent no tiger (a mint's seller, a market's commission): spread over the tigers.
        const extra = splitEvenly(paid - attributed, buys.length);
        amounts = shares.map((share, index) => share + (extra[index] ?? 0n));
        if (buys.length > 1) for (const leg of buys) leg.proRata = true;
      }
      for (const [index, leg] of buys.entries()) addPrice(leg, currency, amounts[index] ?? 0n, context);
    }
    // Sells: what the holder received (before the royalties it bore), evenly over the NFTs it sent.
    const received = flows.gross(holder, currency);
    if (received > 0n && sells.length > 0) {
      const count = sentCount(holder);
      const shares = splitEvenly(received, count);
      if (count > 1) for (const leg of sells) leg.proRata = true;
      for (const [index, leg] of sells.entries()) addPrice(leg, currency, shares[index] ?? 0n, context);
    }
    // Royalties the holder bore: a seller's on its sales, a receiver's (a fallback fee) on its buys.
    const borne = flows.feesBorne(holder, currency);
    if (borne > 0n && currency !== HBAR && currency !== context.pawsTokenId) noteAll(legs, `fees in ${currency} (${borne} base units) not priced`);
    if (borne > 0n) {
      const bearers = sells.length > 0 ? sells : buys;
      for (const [index, share] of splitEvenly(borne, bearers.length).entries()) addRoyalty(bearers[index] as TigerLeg, currency, share, context);
    }
  }

  // The payer's network fee, over the holder's tigers in the transaction.
  if (flows.payer === holder && tx.chargedTxFee > 0n) {
    splitEvenly(tx.chargedTxFee, legs.length).forEach((share, index) => {
      (legs[index] as TigerLeg).fees.networkTinybars = share;
    });
  }

  for (const leg of legs) classify(leg, tx, context);
  return legs;
}

function newLeg(tx: TradeTransaction, move: TradeTransaction['nftTransfers'][number], side: 'buy' | 'sell'): TigerLeg {
  return {
    serial: Number(move.serial),
    side,
    kind: 'transfer',
    transactionId: tx.transactionId,
    consensusTimestamp: tx.consensusTimestamp,
    counterparty: side === 'buy' ? move.sender : move.receiver,
    price: { ...NONE },
    foreign: [],
    fees: { royalty: { ...NONE }, networkTinybars: 0n },
    proRata: false,
    notes: [],
  };
}

function addPrice(leg: TigerLeg, currency: string, amount: bigint, context: CostBasisContext): void {
  if (amount <= 0n) return;
  if (currency === HBAR) leg.price.hbar += amount;
  else if (currency === context.pawsTokenId) leg.price.paws += amount;
  else leg.foreign.push({ tokenId: currency, amount });
}

function addRoyalty(leg: TigerLeg, currency: string, amount: bigint, context: CostBasisContext): void {
  if (currency === HBAR) leg.fees.royalty.hbar += amount;
  else if (currency === context.pawsTokenId) leg.fees.royalty.paws += amount;
}

function noteAll(legs: TigerLeg[], note: string): void {
  for (const leg of legs) if (!leg.notes.includes(note)) leg.notes.push(note);
}

/** Names what the leg was, once its amounts are known. */
function classify(leg: TigerLeg, tx: TradeTransaction, context: CostBasisContext): void {
  const priced = leg.price.hbar > 0n || leg.price.paws > 0n;
  const foreign = leg.foreign.length > 0;
  if (foreign) leg.notes.push(`paid in other tokens, not priced: ${leg.foreign.map((f) => f.tokenId).join(', ')}`);
  if (leg.side === 'buy') {
    if (leg.counterparty === null) leg.kind = 'mint';
    else if (priced || foreign) leg.kind = 'purchase';
    else if (leg.counterparty === context.treasuryAccountId || tx.name.includes('AIRDROP')) leg.kind = 'airdrop';
    else leg.kind = 'transfer';
  } else if (leg.counterparty === null) leg.kind = 'burn';
  else leg.kind = priced || foreign ? 'sale' : 'transfer';
  if (leg.proRata) leg.notes.push('split pro rata over the tigers and payers of one transaction');
  const noBasis = NO_BASIS[leg.kind];
  if (leg.side === 'buy' && noBasis) leg.notes.push(noBasis);
}

const NO_BASIS: Partial<Record<LegKind, string>> = {
  mint: 'no cost basis: a mint',
  airdrop: 'no cost basis: an airdrop',
  transfer: 'no cost basis: a plain transfer',
};
