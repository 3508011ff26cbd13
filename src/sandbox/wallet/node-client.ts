/**
 * A wallet's side of the sandbox consensus node (src/sandbox/ledger/consensus-node.ts): signed bytes
 * go to the node over gRPC-web as a wallet's SDK sends them (the transaction for that node, framed,
 * to its service's method), and the answer is the node's precheck; receipts are queried the same
 * way. Used by the sandbox wallet in the browser and, in tests, by the WalletConnect harness wallet
 * and the API tests' "wallets".
 */
import { proto } from '@hiero-ledger/proto';
import {
  AccountAllowanceApproveTransaction,
  AccountAllowanceDeleteTransaction,
  TokenAssociateTransaction,
  type Transaction,
  TransactionId,
  TransferTransaction,
} from '@hiero-ledger/sdk';

const GRPC_WEB_HEADERS = { 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1' };

/** The gRPC method a transaction is submitted to (hedera-protobufs crypto_service.proto, token_service.proto). */
function methodOf(transaction: Transaction): string {
  if (transaction instanceof TransferTransaction) return 'proto.CryptoService/cryptoTransfer';
  if (transaction instanceof AccountAllowanceApproveTransaction) return 'proto.CryptoService/approveAllowances';
  if (transaction instanceof AccountAllowanceDeleteTransaction) return 'proto.CryptoService/deleteAllowances';
  if (transaction instanceof TokenAssociateTransaction) return 'proto.TokenService/associateTokens';
  throw new Error('The sandbox wallet does not submit this kind of transaction');
}

function frame(message: Uint8Array): Uint8Array {
  const framed = new Uint8Array(message.length + 5);
  new DataView(framed.buffer).setUint32(1, message.length);
  framed.set(message, 5);
  return framed;
}

/** The message of a unary gRPC-web answer (its first data frame). */
async function unaryAnswer(response: Response, method: string): Promise<Uint8Array> {
  const status = response.headers.get('grpc-status');
  if (!response.ok || (status !== null && status !== '0'))
    throw new Error(`the node answered ${method} with ${response.status} (grpc-status ${status ?? '-'})`);
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.length < 5 || body[0] !== 0) throw new Error(`the node answered ${method} without a message`);
  const length = new DataView(body.buffer, body.byteOffset).getUint32(1);
  return body.subarray(5, 5 + length);
}

async function call(nodeUrl: string, method: string, message: Uint8Array): Promise<Uint8Array> {
  const response = await fetch(`${nodeUrl}/${method}`, { method: 'POST', headers: GRPC_WEB_HEADERS, body: frame(message) as BodyInit });
  return unaryAnswer(response, method);
}

/** The name of a Hedera response code (protobufjs enums map both ways). */
function statusName(code: number | null | undefined): string {
  return (proto.ResponseCodeEnum as unknown as Record<number, string>)[code ?? 0] ?? String(code);
}

/**
 * Submits a signed, frozen transaction to the node at `nodeUrl` (an origin, '' for this page's):
 * its status is the node's precheck, OK when the node accepted it for consensus.
 */
export async function submitToNode(nodeUrl: string, transaction: Transaction): Promise<{ status: string; transactionId: string }> {
  const [signed] = proto.TransactionList.decode(transaction.toBytes()).transactionList;
  if (!signed) throw new Error('The transaction is not frozen for a node');
  const method = methodOf(transaction);
  const answer = proto.TransactionResponse.decode(await call(nodeUrl, method, proto.Transaction.encode(signed).finish()));
  return { status: statusName(answer.nodeTransactionPrecheckCode), transactionId: transaction.transactionId?.toString() ?? '' };
}

/** A transaction's receipt status from the node: UNKNOWN until consensus, RECEIPT_NOT_FOUND when the node never accepted it. */
export async function receiptFromNode(nodeUrl: string, transactionId: string): Promise<string> {
  const query = proto.Query.encode({ transactionGetReceipt: { header: {}, transactionID: TransactionId.fromString(transactionId)._toProtobuf() } }).finish();
  const answer = proto.Response.decode(await call(nodeUrl, 'proto.CryptoService/getTransactionReceipts', query)).transactionGetReceipt;
  const precheck = statusName(answer?.header?.nodeTransactionPrecheckCode);
  return precheck === 'OK' ? statusName(answer?.receipt?.status) : precheck;
}
