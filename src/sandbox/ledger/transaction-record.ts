/** What the sandbox remembers of a transaction for the mirror node's /transactions endpoint. */
import type { HbarTransfer, NftTransfer, TokenTransfer } from '@/features/ledger/ledger-reader-port';
import type { DecodedTransaction } from './decode';
import type { AssessedFee, Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import { formatTimestamp } from './timestamps';

export interface TransactionRecord {
  /** SDK form: `0.0.5@1700000000.000000001`. */
  transactionId: string;
  name: DecodedTransaction['body']['name'];
  result: LedgerStatus;
  consensusTimestamp: string;
  validStartTimestamp: string;
  validDurationSeconds: number;
  memo: string;
  maxFee: bigint;
  node: string;
  /** SHA-384 of the signed transaction, base64. */
  transactionHash: string;
  /** The mirror node's `entity_id`: the token of a burn, whatever its result; null for the other types. */
  entityId: string | null;
  transfers: HbarTransfer[];
  tokenTransfers: TokenTransfer[];
  nftTransfers: NftTransfer[];
  /** The custom fees the ledger charged (the record's assessed_custom_fees). */
  assessedCustomFees: AssessedFee[];
}

/**
 * A transfer's net balance changes, as the record lists them (net per account and token over the
 * transfer and its fee legs; the fee legs are not listed apart): the submitted legs' accounts first,
 * with their approval flag, then the collectors.
 */
function netTransfers(legs: readonly { account: string; isApproval: boolean }[], net: ReadonlyMap<string, bigint>): HbarTransfer[] {
  const approved = new Set(legs.filter((leg) => leg.isApproval).map((leg) => leg.account));
  return [...net].map(([account, amount]) => ({ account, amount, isApproval: approved.has(account) }));
}

/**
 * Builds the record; only a SUCCESS moves value, so only it lists transfers and custom fees (the
 * sandbox charges no network fees).
 * A burn lists each serial sent by the treasury to no one, as the mirror node shows the record's NFT
 * transfer of a burn (hiero-mirror-node EntityRecordItemListener.insertNonFungibleTokenTransfers:
 * the receiver 0.0.0 becomes null; spec tokens/{id}/nfts/{id}/transactions/no-params.json shows such
 * a transfer), with the token as entity_id (TokenBurnTransactionHandler.getEntity).
 */
export async function buildTransactionRecord(
  tx: DecodedTransaction,
  result: LedgerStatus,
  consensusTimestamp: string,
  node: string,
  effects: Effects | null = null,
): Promise<TransactionRecord> {
  const hashes = await tx.transaction.getTransactionHashPerNode();
  const hash = hashes.get(node) ?? (await tx.transaction.getTransactionHash());
  const moved = result === 'SUCCESS' && tx.body.name === 'CRYPTOTRANSFER' ? tx.body : null;
  const burned = result === 'SUCCESS' && tx.body.name === 'TOKENBURN' ? (effects?.nftBurns ?? []) : [];
  return {
    transactionId: tx.transactionId,
    name: tx.body.name,
    result,
    consensusTimestamp,
    validStartTimestamp: formatTimestamp(tx.validStartNs),
    validDurationSeconds: tx.validDurationSeconds,
    memo: tx.memo,
    maxFee: tx.maxFee,
    node,
    transactionHash: Buffer.from(hash).toString('base64'),
    entityId: tx.body.name === 'TOKENBURN' ? tx.body.tokenId : tx.body.name === 'TOKENASSOCIATE' ? tx.body.account : null,
    transfers: moved && effects ? netTransfers(moved.hbar, effects.hbar) : [],
    tokenTransfers:
      moved && effects
        ? [...effects.tokens].flatMap(([tokenId, net]) =>
            netTransfers(
              moved.tokens.filter((leg) => leg.tokenId === tokenId),
              net,
            ).map((transfer) => ({ tokenId, ...transfer })),
          )
        : [],
    assessedCustomFees: moved ? (effects?.assessedFees ?? []) : [],
    nftTransfers: [
      ...(moved ? moved.nfts.map((n) => ({ ...n })) : []),
      ...burned.map((b) => ({ tokenId: b.tokenId, serial: b.serial, sender: b.from, receiver: null, isApproval: false })),
    ],
  };
}
