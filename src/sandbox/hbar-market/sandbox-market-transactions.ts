/** The transactions the sandbox market makes: listing allowances (signed by holders) and purchases (signed by the market). */
import { AccountAllowanceApproveTransaction, AccountId, Hbar, NftId, TokenId, type Transaction, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { holderKeyName, sandboxAccountPrivateKey, sandboxPrivateKey } from '@/sandbox/ledger/sandbox-keys';
import type { SandboxNetwork } from '@/sandbox/ledger/sandbox-network';

/** Like SentX, the market keeps a commission out of the price: 2 %. */
const MARKET_COMMISSION_BPS = 200n;
/** How long the buyer has to sign and execute a prepared purchase (Hedera's default and the SDK's). */
export const PURCHASE_VALID_SECONDS = 120;

/** The market's part of a price in tinybars. */
export function marketCommission(priceTinybars: bigint): bigint {
  return (priceTinybars * MARKET_COMMISSION_BPS) / 10_000n;
}

function frozen<T extends Transaction>(transaction: T, payer: string, network: SandboxNetwork): T {
  transaction
    .setTransactionId(TransactionId.generate(AccountId.fromString(payer)))
    .setNodeAccountIds([AccountId.fromString(network.nodeAccountId)])
    .freeze();
  return transaction;
}

/** A generated holder's approval of the market for one serial, signed with the holder's sandbox key. */
export async function listingAllowanceBytes(network: SandboxNetwork, input: { sellerId: string; serial: number }): Promise<Uint8Array> {
  const nftId = new NftId(TokenId.fromString(network.nftTokenId), input.serial);
  const transaction = frozen(
    new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nftId, input.sellerId, network.marketAccountId),
    input.sellerId,
    network,
  );
  await transaction.sign(sandboxPrivateKey(holderKeyName(input.sellerId)));
  return transaction.toBytes();
}

/**
 * The purchase the buyer signs: HBAR buyer -> seller (less the commission) and -> market, the NFT
 * seller -> buyer as an approved transfer; paid for and signed by the market, valid 120 s.
 */
export async function purchaseTransaction(
  network: SandboxNetwork,
  input: { serial: number; sellerId: string; buyerId: string; priceTinybars: bigint },
): Promise<{ transactionId: string; bytes: string }> {
  const commission = marketCommission(input.priceTinybars);
  const transfer = new TransferTransaction()
    .addHbarTransfer(input.buyerId, Hbar.fromTinybars((-input.priceTinybars).toString()))
    .addHbarTransfer(input.sellerId, Hbar.fromTinybars((input.priceTinybars - commission).toString()))
    .addApprovedNftTransfer(new NftId(TokenId.fromString(network.nftTokenId), input.serial), input.sellerId, input.buyerId)
    .setTransactionValidDuration(PURCHASE_VALID_SECONDS);
  if (commission > 0n) transfer.addHbarTransfer(network.marketAccountId, Hbar.fromTinybars(commission.toString()));
  const transaction = frozen(transfer, network.marketAccountId, network);
  await transaction.sign(sandboxAccountPrivateKey(network.marketAccountId, network));
  return { transactionId: transaction.transactionId?.toString() ?? '', bytes: Buffer.from(transaction.toBytes()).toString('base64') };
}
