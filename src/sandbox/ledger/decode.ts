/**
 * Turns signed transaction bytes into plain data the sandbox can check and apply. Parsing is
 * `Transaction.fromBytes`; legs are read from the SDK's protobuf body so that every leg keeps
 * its `isApproval` flag and exact int64 amount.
 */
import {
  AccountAllowanceApproveTransaction,
  AccountAllowanceDeleteTransaction,
  TokenAssociateTransaction,
  TokenBurnTransaction,
  Transaction,
  TransferTransaction,
} from '@hiero-ledger/sdk';
import type { LedgerStatus } from './ledger-status';

export interface Leg {
  account: string;
  amount: bigint;
  isApproval: boolean;
}
export interface TokenLeg extends Leg {
  tokenId: string;
  expectedDecimals: number | null;
}
export interface NftLeg {
  tokenId: string;
  serial: number;
  sender: string;
  receiver: string;
  isApproval: boolean;
}
export interface NftAllowanceGrant {
  tokenId: string;
  owner: string;
  spender: string;
  serials: number[];
  /** true grants, false revokes approve-for-all; null leaves it as is. */
  approvedForAll: boolean | null;
  delegatingSpender: string | null;
}

export type DecodedBody =
  | { name: 'CRYPTOTRANSFER'; hbar: Leg[]; tokens: TokenLeg[]; nfts: NftLeg[] /** The token lists' order. */; tokenOrder: string[] }
  | {
      name: 'CRYPTOAPPROVEALLOWANCE';
      hbar: { owner: string; spender: string; amount: bigint }[];
      tokens: { tokenId: string; owner: string; spender: string; amount: bigint }[];
      nfts: NftAllowanceGrant[];
    }
  | { name: 'CRYPTODELETEALLOWANCE'; nfts: { tokenId: string; owner: string; serials: number[] }[] }
  /** Serials de-duplicated in their first order, as consensus nodes read them. */
  | { name: 'TOKENBURN'; tokenId: string; amount: bigint; serials: number[] }
  | { name: 'TOKENASSOCIATE'; account: string; tokenIds: string[] };

export interface DecodedTransaction {
  /** SDK form: `0.0.5@1700000000.000000001`. */
  transactionId: string;
  payer: string;
  validStartNs: bigint;
  validDurationSeconds: number;
  memo: string;
  maxFee: bigint;
  nodeAccountIds: string[];
  body: DecodedBody;
  transaction: Transaction;
}

export type DecodeResult = { ok: true; tx: DecodedTransaction } | { ok: false; status: LedgerStatus; transactionId: string };

type LongLike = { toString(): string } | number | null | undefined;
type ProtoEntityId = { shardNum?: LongLike; realmNum?: LongLike; accountNum?: LongLike; tokenNum?: LongLike; alias?: Uint8Array | null } | null | undefined;
type ProtoAmount = { accountID?: ProtoEntityId; amount?: LongLike; isApproval?: boolean | null };
type ProtoBody = {
  cryptoTransfer?: {
    transfers?: { accountAmounts?: ProtoAmount[] | null } | null;
    tokenTransfers?:
      | {
          token?: ProtoEntityId;
          transfers?: ProtoAmount[] | null;
          nftTransfers?: { senderAccountID?: ProtoEntityId; receiverAccountID?: ProtoEntityId; serialNumber?: LongLike; isApproval?: boolean | null }[] | null;
          expectedDecimals?: { value?: number | null } | null;
        }[]
      | null;
  } | null;
  cryptoApproveAllowance?: {
    cryptoAllowances?: { owner?: ProtoEntityId; spender?: ProtoEntityId; amount?: LongLike }[] | null;
    tokenAllowances?: { tokenId?: ProtoEntityId; owner?: ProtoEntityId; spender?: ProtoEntityId; amount?: LongLike }[] | null;
    nftAllowances?:
      | {
          tokenId?: ProtoEntityId;
          owner?: ProtoEntityId;
          spender?: ProtoEntityId;
          serialNumbers?: LongLike[] | null;
          approvedForAll?: { value?: boolean | null } | null;
          delegatingSpender?: ProtoEntityId;
        }[]
      | null;
  } | null;
  cryptoDeleteAllowance?: { nftAllowances?: { tokenId?: ProtoEntityId; owner?: ProtoEntityId; serialNumbers?: LongLike[] | null }[] | null } | null;
  tokenBurn?: { token?: ProtoEntityId; amount?: LongLike; serialNumbers?: LongLike[] | null } | null;
  tokenAssociate?: { account?: ProtoEntityId; tokens?: ProtoEntityId[] | null } | null;
};

class DecodeFailure extends Error {
  constructor(readonly status: LedgerStatus) {
    super(status);
  }
}

/** Decodes signed transaction bytes, or says which Hedera status rejects them outright. */
export function decodeTransaction(bytes: Uint8Array): DecodeResult {
  let transaction: Transaction;
  try {
    transaction = Transaction.fromBytes(bytes);
  } catch {
    return { ok: false, status: 'INVALID_TRANSACTION_BODY', transactionId: '' };
  }
  const id = transaction.transactionId;
  const payer = id?.accountId?.toString();
  const validStart = id?.validStart;
  if (!id || !payer || !validStart || id.accountId?.aliasKey || id.accountId?.evmAddress) {
    return { ok: false, status: 'INVALID_TRANSACTION_ID', transactionId: '' };
  }
  const transactionId = id.toString();
  if (id.scheduled || (id.nonce != null && !id.nonce.isZero())) return { ok: false, status: 'NOT_SUPPORTED', transactionId };
  try {
    const body = decodeBody(transaction, payer);
    if (!body) return { ok: false, status: 'NOT_SUPPORTED', transactionId };
    return {
      ok: true,
      tx: {
        transactionId,
        payer,
        validStartNs: BigInt(validStart.seconds.toString()) * 1_000_000_000n + BigInt(validStart.nanos.toString()),
        validDurationSeconds: transaction.transactionValidDuration,
        memo: transaction.transactionMemo,
        maxFee: BigInt(transaction.maxTransactionFee?.toTinybars().toString() ?? '0'),
        nodeAccountIds: (transaction.nodeAccountIds ?? []).map(String),
        body,
        transaction,
      },
    };
  } catch (error) {
    if (error instanceof DecodeFailure) return { ok: false, status: error.status, transactionId };
    throw error;
  }
}

function decodeBody(transaction: Transaction, payer: string): DecodedBody | null {
  const raw = transaction._getScheduledTransactionBody() as ProtoBody;
  if (transaction instanceof TransferTransaction && raw.cryptoTransfer) {
    const body = raw.cryptoTransfer;
    const lists = body.tokenTransfers ?? [];
    return {
      name: 'CRYPTOTRANSFER',
      hbar: (body.transfers?.accountAmounts ?? []).map(leg),
      tokenOrder: lists.map((list) => entity(list.token)),
      tokens: lists.flatMap((list) =>
        (list.transfers ?? []).map((t) => ({ ...leg(t), tokenId: entity(list.token), expectedDecimals: list.expectedDecimals?.value ?? null })),
      ),
      nfts: lists.flatMap((list) =>
        (list.nftTransfers ?? []).map((n) => ({
          tokenId: entity(list.token),
          serial: serial(n.serialNumber),
          sender: entity(n.senderAccountID),
          receiver: entity(n.receiverAccountID),
          isApproval: n.isApproval ?? false,
        })),
      ),
    };
  }
  if (transaction instanceof AccountAllowanceApproveTransaction && raw.cryptoApproveAllowance) {
    const body = raw.cryptoApproveAllowance;
    return {
      name: 'CRYPTOAPPROVEALLOWANCE',
      hbar: (body.cryptoAllowances ?? []).map((a) => ({ owner: owner(a.owner, payer), spender: entity(a.spender), amount: int64(a.amount) })),
      tokens: (body.tokenAllowances ?? []).map((a) => ({
        tokenId: entity(a.tokenId),
        owner: owner(a.owner, payer),
        spender: entity(a.spender),
        amount: int64(a.amount),
      })),
      nfts: (body.nftAllowances ?? []).map((a) => {
        const serials = (a.serialNumbers ?? []).map(serial);
        // The SDK's "delete all serials" grant round-trips with neither serials nor the flag: a revoke.
        const approvedForAll = a.approvedForAll ? (a.approvedForAll.value ?? false) : serials.length === 0 ? false : null;
        return {
          tokenId: entity(a.tokenId),
          owner: owner(a.owner, payer),
          spender: entity(a.spender),
          serials,
          approvedForAll,
          delegatingSpender: a.delegatingSpender ? entity(a.delegatingSpender) : null,
        };
      }),
    };
  }
  if (transaction instanceof AccountAllowanceDeleteTransaction && raw.cryptoDeleteAllowance) {
    return {
      name: 'CRYPTODELETEALLOWANCE',
      nfts: (raw.cryptoDeleteAllowance.nftAllowances ?? []).map((a) => ({
        tokenId: entity(a.tokenId),
        owner: owner(a.owner, payer),
        serials: (a.serialNumbers ?? []).map(serial),
      })),
    };
  }
  if (transaction instanceof TokenBurnTransaction && raw.tokenBurn) return decodeBurn(raw.tokenBurn);
  if (transaction instanceof TokenAssociateTransaction && raw.tokenAssociate) return decodeAssociate(raw.tokenAssociate);
  return null;
}

/**
 * An association with the checks a node makes before it accepts one (TokenAssociateToAccountHandler
 * .pureChecks of the consensus node): an account, and no token named twice.
 */
function decodeAssociate(body: NonNullable<ProtoBody['tokenAssociate']>): DecodedBody {
  if (!body.account) throw new DecodeFailure('INVALID_ACCOUNT_ID');
  const tokenIds = (body.tokens ?? []).map(entity);
  if (new Set(tokenIds).size !== tokenIds.length) throw new DecodeFailure('TOKEN_ID_REPEATED_IN_TOKEN_LIST');
  return { name: 'TOKENASSOCIATE', account: entity(body.account), tokenIds };
}

/**
 * A burn with the checks a node makes before it accepts one (TokenBurnHandler.pureChecks of the
 * consensus node): a token, no amount together with serials, no negative amount, serials above 0.
 */
function decodeBurn(body: NonNullable<ProtoBody['tokenBurn']>): DecodedBody {
  if (!body.token) throw new DecodeFailure('INVALID_TOKEN_ID');
  // uint64 on the wire, a signed long to the consensus node (Java): above 2^63 it is negative.
  const amount = BigInt.asIntN(64, int64(body.amount));
  const rawSerials = (body.serialNumbers ?? []).map(int64);
  if (amount > 0n && rawSerials.length > 0) throw new DecodeFailure('INVALID_TRANSACTION_BODY');
  if (amount < 0n) throw new DecodeFailure('INVALID_TOKEN_BURN_AMOUNT');
  if (rawSerials.some((s) => s <= 0n)) throw new DecodeFailure('INVALID_NFT_ID');
  // Beyond 2^53 a serial loses precision as a number, but no such serial exists: it stays unknown (INVALID_NFT_ID).
  const serials = [...new Set(rawSerials)].map(Number);
  return { name: 'TOKENBURN', tokenId: entity(body.token), amount, serials };
}

function leg(amount: ProtoAmount): Leg {
  return { account: entity(amount.accountID), amount: int64(amount.amount), isApproval: amount.isApproval ?? false };
}

/** `shard.realm.num` of an account or token id; aliases are not supported by the sandbox. */
function entity(id: ProtoEntityId): string {
  if (!id || (id.alias && id.alias.length > 0)) throw new DecodeFailure('INVALID_ACCOUNT_ID');
  const num = id.accountNum ?? id.tokenNum;
  if (num == null) throw new DecodeFailure('INVALID_ACCOUNT_ID');
  return `${String(id.shardNum ?? 0)}.${String(id.realmNum ?? 0)}.${String(num)}`;
}

function owner(id: ProtoEntityId, payer: string): string {
  return id ? entity(id) : payer;
}

function int64(value: LongLike): bigint {
  return BigInt(String(value ?? 0));
}

function serial(value: LongLike): number {
  const n = Number(String(value ?? 0));
  if (!Number.isSafeInteger(n) || n <= 0) throw new DecodeFailure('INVALID_TOKEN_NFT_SERIAL_NUMBER');
  return n;
}
