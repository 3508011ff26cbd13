/**
 * The sandbox network's consensus node as the SDK's WebClient reaches it: gRPC-web over HTTP, as
 * the Envoy proxies in front of mainnet's nodes serve it. The sandbox mirror publishes this
 * endpoint as the node's `grpc_proxy_endpoint`, so the production ledger writer finds it in the
 * address book as it finds mainnet's proxies.
 *
 * Sources:
 * - the wire: gRPC-web (grpc/grpc doc/PROTOCOL-WEB.md): a request is one length-prefixed message
 *   frame (flag 0x00, 4-byte big-endian length); a response is the message frame then a trailer
 *   frame (flag 0x80) holding `grpc-status`; an error without a message is a trailers-only
 *   response whose status travels in the headers. The SDK's WebChannel first POSTs an empty body
 *   to the proxy's root and wants gRPC headers back (its readiness probe).
 * - the services: hedera-protobufs `crypto_service.proto` (cryptoTransfer, approveAllowances,
 *   deleteAllowances, getTransactionReceipts) and `token_service.proto` (associateTokens,
 *   burnToken); a submission answers a TransactionResponse with the node's precheck code, a
 *   receipt query a Response whose header says RECEIPT_NOT_FOUND for a transaction the node never
 *   accepted and whose receipt says UNKNOWN until consensus (`transaction_get_receipt.proto`).
 * The precheck and consensus rules are the sandbox ledger's (validate.ts); faults on demand come
 * from ../faults.ts (`busy` answers the precheck BUSY, as a throttled node does).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { proto } from '@hiero-ledger/proto';
import { TransactionId } from '@hiero-ledger/sdk';
import { readBody } from '@/server/local/read-body';
import { answerHttpFault, takeFault } from '@/sandbox/faults';
import type { SandboxLedger } from './sandbox-ledger';

/** Far above Hedera's 6,144-byte transaction limit and any receipt query. */
const MAX_REQUEST_BYTES = 64 * 1024;
const GRPC_WEB = 'application/grpc-web+proto';
/** gRPC status codes (grpc/grpc doc/statuscodes.md). */
const GRPC_RESOURCE_EXHAUSTED = 8;
const GRPC_UNIMPLEMENTED = 12;
const GRPC_INTERNAL = 13;

const SUBMIT_METHODS = new Set([
  'proto.CryptoService/cryptoTransfer',
  'proto.CryptoService/approveAllowances',
  'proto.CryptoService/deleteAllowances',
  'proto.TokenService/associateTokens',
  'proto.TokenService/burnToken',
]);
const RECEIPT_METHOD = 'proto.CryptoService/getTransactionReceipts';

/** True for a request the node answers: gRPC-web's content type (the SDK sends it on the probe too). */
export function isGrpcWebRequest(request: IncomingMessage): boolean {
  return String(request.headers['content-type'] ?? '').startsWith('application/grpc-web');
}

function responseCode(status: string): proto.ResponseCodeEnum {
  const codes = proto.ResponseCodeEnum as unknown as Record<string, number>;
  return codes[status] ?? proto.ResponseCodeEnum.INVALID_TRANSACTION_BODY;
}

function frame(flag: number, payload: Uint8Array): Buffer {
  const header = Buffer.alloc(5);
  header[0] = flag;
  header.writeUInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

/** A unary answer: the message frame, then the trailer frame with status 0. */
function sendMessage(response: ServerResponse, message: Uint8Array): void {
  const body = Buffer.concat([frame(0x00, message), frame(0x80, Buffer.from('grpc-status:0\r\ngrpc-message:\r\n'))]);
  response.writeHead(200, { 'content-type': GRPC_WEB, 'content-length': String(body.length), 'cache-control': 'no-store' }).end(body);
}

/** A trailers-only answer: no message, the status in the headers. */
function sendStatus(response: ServerResponse, grpcStatus: number, message: string): void {
  response.writeHead(200, { 'content-type': GRPC_WEB, 'grpc-status': String(grpcStatus), 'grpc-message': encodeURIComponent(message) }).end();
}

/** The one message of a gRPC-web request body, or null when the framing is wrong. */
function unframe(body: Buffer): Buffer | null {
  if (body.length < 5 || body[0] !== 0) return null;
  const length = body.readUInt32BE(1);
  return body.length === 5 + length ? body.subarray(5) : null;
}

async function submit(ledger: SandboxLedger, message: Buffer, busy: boolean): Promise<Uint8Array> {
  if (busy) return proto.TransactionResponse.encode({ nodeTransactionPrecheckCode: proto.ResponseCodeEnum.BUSY }).finish();
  let list: Uint8Array;
  try {
    // The ledger takes the SDK's serialised form, a TransactionList.
    list = proto.TransactionList.encode({ transactionList: [proto.Transaction.decode(message)] }).finish();
  } catch {
    return proto.TransactionResponse.encode({ nodeTransactionPrecheckCode: proto.ResponseCodeEnum.INVALID_TRANSACTION_BODY }).finish();
  }
  const { status } = await ledger.submit(list);
  return proto.TransactionResponse.encode({ nodeTransactionPrecheckCode: responseCode(status) }).finish();
}

async function receipt(ledger: SandboxLedger, message: Buffer, busy: boolean): Promise<Uint8Array> {
  let transactionId: string;
  try {
    transactionId = TransactionId._fromProtobuf(proto.Query.decode(message).transactionGetReceipt?.transactionID ?? {}).toString();
  } catch {
    return proto.Response.encode({
      transactionGetReceipt: { header: { nodeTransactionPrecheckCode: proto.ResponseCodeEnum.INVALID_TRANSACTION_BODY } },
    }).finish();
  }
  if (busy) return proto.Response.encode({ transactionGetReceipt: { header: { nodeTransactionPrecheckCode: proto.ResponseCodeEnum.BUSY } } }).finish();
  const found = await ledger.receipt(transactionId);
  const header = { nodeTransactionPrecheckCode: found ? proto.ResponseCodeEnum.OK : proto.ResponseCodeEnum.RECEIPT_NOT_FOUND };
  return proto.Response.encode({ transactionGetReceipt: { header, receipt: found ? { status: responseCode(found.status) } : null } }).finish();
}

/** Answers one gRPC-web request to the node (its readiness probe, a submission or a receipt query). */
export async function handleConsensusNodeRequest(ledger: SandboxLedger, request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> {
  const method = url.pathname.slice(1);
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('gRPC-web takes POST');
    return;
  }
  const body = await readBody(request, MAX_REQUEST_BYTES);
  if (!body) {
    sendStatus(response, GRPC_RESOURCE_EXHAUSTED, 'request too large');
    return;
  }
  if (method === '') {
    // The WebChannel's readiness probe: any gRPC headers mean a live proxy.
    sendStatus(response, GRPC_UNIMPLEMENTED, 'unknown service');
    return;
  }
  const known = SUBMIT_METHODS.has(method) || method === RECEIPT_METHOD;
  if (!known) return sendStatus(response, GRPC_UNIMPLEMENTED, `unknown method ${method}`);
  const fault = takeFault('consensus', method.slice(method.indexOf('/') + 1));
  if (fault && fault !== 'busy' && answerHttpFault(fault, request, response)) return;
  const message = unframe(body);
  if (!message) return sendStatus(response, GRPC_INTERNAL, 'malformed gRPC-web frame');
  const busy = fault === 'busy';
  sendMessage(response, method === RECEIPT_METHOD ? await receipt(ledger, message, busy) : await submit(ledger, message, busy));
}
