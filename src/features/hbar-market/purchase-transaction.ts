import { Transaction, TransferTransaction } from '@hiero-ledger/sdk';
import type { HbarMoves } from './purchase-repo';

export interface ExpectedPurchase {
  buyerId: string;
  tokenId: string;
  serial: number;
  /** The most the buyer agreed to pay. */
  priceTinybars: bigint;
}

/** A purchase that passed: its frozen id, the account the tiger comes from (the listing's seller) and its HBAR. */
export type PurchaseCheck = { ok: true; transactionId: string; sellerId: string; hbar: HbarMoves } | { ok: false; reason: string };

/**
 * Reads the transaction a market prepared for a purchase (base64 bytes) and checks what the buyer
 * would sign: it must deliver the serial to the buyer and charge them no more than the price.
 */
export function checkPurchaseTransaction(transBytes: string, expected: ExpectedPurchase): PurchaseCheck {
  let transaction: Transaction;
  try {
    transaction = Transaction.fromBytes(Buffer.from(transBytes, 'base64'));
  } catch {
    return { ok: false, reason: 'the bytes are not a Hedera transaction' };
  }
  const transactionId = transaction.transactionId?.toString();
  if (!transactionId) return { ok: false, reason: 'the transaction has no id' };
  if (!(transaction instanceof TransferTransaction)) return { ok: false, reason: 'it is not a transfer' };

  const delivered = [...transaction.nftTransfers]
    .filter(([tokenId]) => tokenId.toString() === expected.tokenId)
    .flatMap(([, transfers]) => transfers)
    .find((nft) => nft.serial.toNumber() === expected.serial && nft.recipient.toString() === expected.buyerId);
  if (!delivered) return { ok: false, reason: `it does not deliver serial ${expected.serial} to ${expected.buyerId}` };

  const paid = transaction.hbarTransfersList
    .filter((transfer) => transfer.accountId.toString() === expected.buyerId)
    .reduce((sum, transfer) => sum - BigInt(transfer.amount.toTinybars().toString()), 0n);
  if (paid > expected.priceTinybars) return { ok: false, reason: `it charges ${paid} tinybars, more than the price` };
  const tokenDebit = [...transaction.tokenTransfers].some(([, accounts]) =>
    [...accounts].some(([accountId, amount]) => accountId.toString() === expected.buyerId && amount.isNegative()),
  );
  if (tokenDebit) return { ok: false, reason: 'it also takes tokens from the buyer' };
  const net = new Map<string, bigint>();
  for (const transfer of transaction.hbarTransfersList) {
    const accountId = transfer.accountId.toString();
    net.set(accountId, (net.get(accountId) ?? 0n) + BigInt(transfer.amount.toTinybars().toString()));
  }
  const hbar: HbarMoves = {
    payerId: transaction.transactionId?.accountId?.toString() ?? '',
    transfers: [...net].map(([accountId, tinybars]) => ({ accountId, tinybars: tinybars.toString() })),
  };
  return { ok: true, transactionId, sellerId: delivered.sender.toString(), hbar };
}
