/**
 * A consensus node as the SDK's WebClient sees it: gRPC-web over HTTP on 127.0.0.1, answering
 * CryptoService.cryptoTransfer and CryptoService.getTransactionReceipts with the official protobuf
 * messages. It checks every ED25519 and ECDSA (secp256k1) signature against the body bytes and
 * answers with the statuses a test scripts, so the SDK writer (as source and as the Lambda bundle)
 * runs its real network path. `retired: true` makes it a proxy that is gone (plain 404s, no gRPC).
 */
import { createPublicKey, verify } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proto } from '@hiero-ledger/proto';
import { PublicKey } from '@hiero-ledger/sdk';
import { readBody } from '../../src/server/local/read-body';

/** Larger than any transaction or query the SDK sends. */
const MAX_REQUEST_BYTES = 1024 * 1024;

export interface SubmittedTransaction {
  /** SDK form `0.0.5@1700000000.000000001`. */
  transactionId: string;
  nodeAccountId: string;
  body: proto.TransactionBody;
  /** Hex public keys whose signatures verified over the body bytes. */
  signedBy: string[];
}

export interface FakeHederaNode {
  /** `host:port` -> node account id, for `WebClient.forNetwork` / the writer's `nodes` option. */
  nodes: Record<string, string>;
  submitted: SubmittedTransaction[];
  /** The next transactions' precheck and receipt statuses (Hedera names; default OK and SUCCESS), or no answer at all. */
  script(behaviour: { precheck?: string; receipt?: string; hang?: boolean; retired?: boolean }): void;
  close(): Promise<void>;
}

const NODE_ACCOUNT_ID = '0.0.3';
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function code(status: string): proto.ResponseCodeEnum {
  const value = (proto.ResponseCodeEnum as unknown as Record<string, number>)[status];
  if (value === undefined) throw new Error(`unknown status ${status}`);
  return value;
}

function entityId(id: proto.IAccountID | null | undefined): string {
  return `${String(id?.shardNum ?? 0)}.${String(id?.realmNum ?? 0)}.${String(id?.accountNum ?? 0)}`;
}

function transactionIdOf(id: proto.ITransactionID | null | undefined): string {
  const start = id?.transactionValidStart;
  return `${entityId(id?.accountID)}@${String(start?.seconds ?? 0)}.${String(start?.nanos ?? 0).padStart(9, '0')}`;
}

/** One gRPC-web data frame, then the trailer frame with grpc-status 0. */
function grpcWebFrames(message: Uint8Array): Buffer {
  const trailer = Buffer.from('grpc-status:0');
  const frame = (flag: number, payload: Uint8Array) => {
    const header = Buffer.alloc(5);
    header[0] = flag;
    header.writeUInt32BE(payload.length, 1);
    return Buffer.concat([header, payload]);
  };
  return Buffer.concat([frame(0, message), frame(0x80, trailer)]);
}

function verifiedSigners(bodyBytes: Uint8Array, sigMap: proto.ISignatureMap | null | undefined): string[] {
  return (sigMap?.sigPair ?? []).flatMap((pair) => {
    if (pair.pubKeyPrefix?.length === 32 && pair.ed25519) {
      const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, pair.pubKeyPrefix]), format: 'der', type: 'spki' });
      return verify(null, bodyBytes, key, pair.ed25519) ? [Buffer.from(pair.pubKeyPrefix).toString('hex')] : [];
    }
    if (pair.pubKeyPrefix?.length === 33 && pair.ECDSASecp256k1) {
      const key = PublicKey.fromBytesECDSA(pair.pubKeyPrefix);
      return key.verify(bodyBytes, pair.ECDSASecp256k1) ? [Buffer.from(pair.pubKeyPrefix).toString('hex')] : [];
    }
    return [];
  });
}

/** Starts the node on a free local port. */
export async function startFakeHederaNode(nodeAccountId = NODE_ACCOUNT_ID): Promise<FakeHederaNode> {
  const submitted: SubmittedTransaction[] = [];
  const receipts = new Map<string, string>();
  let next: { precheck?: string; receipt?: string; hang?: boolean; retired?: boolean } = {};

  function cryptoTransfer(message: Uint8Array): Uint8Array {
    const transaction = proto.Transaction.decode(message);
    const signed = proto.SignedTransaction.decode(transaction.signedTransactionBytes);
    const body = proto.TransactionBody.decode(signed.bodyBytes);
    const transactionId = transactionIdOf(body.transactionID);
    const signedBy = verifiedSigners(signed.bodyBytes, signed.sigMap);
    submitted.push({ transactionId, nodeAccountId: entityId(body.nodeAccountID), body, signedBy });
    const precheck = next.precheck ?? (signedBy.length === (signed.sigMap?.sigPair?.length ?? 0) ? 'OK' : 'INVALID_SIGNATURE');
    if (precheck === 'OK') receipts.set(transactionId, next.receipt ?? 'SUCCESS');
    return proto.TransactionResponse.encode({ nodeTransactionPrecheckCode: code(precheck) }).finish();
  }

  function getTransactionReceipts(message: Uint8Array): Uint8Array {
    const query = proto.Query.decode(message).transactionGetReceipt;
    const status = receipts.get(transactionIdOf(query?.transactionID));
    const header = { nodeTransactionPrecheckCode: code(status ? 'OK' : 'RECEIPT_NOT_FOUND') };
    return proto.Response.encode({ transactionGetReceipt: { header, receipt: status ? { status: code(status) } : null } }).finish();
  }

  const methods: Record<string, (message: Uint8Array) => Uint8Array> = {
    '/proto.CryptoService/cryptoTransfer': cryptoTransfer,
    '/proto.CryptoService/getTransactionReceipts': getTransactionReceipts,
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = (await readBody(request, MAX_REQUEST_BYTES)) ?? Buffer.alloc(0);
    const method = methods[request.url ?? ''];
    if (next.retired) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if (request.url === '/' || request.url === '') {
      response.writeHead(200, { 'grpc-status': '0' }).end(); // the WebChannel's readiness probe
      return;
    }
    if (next.hang && method) return; // accepted, never answered
    if (!method || body.length < 5) {
      response.writeHead(200, { 'grpc-status': '12', 'grpc-message': `unimplemented ${request.url}` }).end();
      return;
    }
    const reply = method(body.subarray(5, 5 + body.readUInt32BE(1)));
    response.writeHead(200, { 'content-type': 'application/grpc-web+proto' }).end(grpcWebFrames(reply));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;

  return {
    nodes: { [`127.0.0.1:${port}`]: nodeAccountId },
    submitted,
    script(behaviour) {
      next = behaviour;
    },
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
