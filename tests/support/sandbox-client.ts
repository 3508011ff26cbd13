import { proto } from '@hiero-ledger/proto';
import { Transaction } from '@hiero-ledger/sdk';
import { prefixedMessageBytes } from '../../src/features/auth/sign-in-message';
import type { PrivateKey } from '@hiero-ledger/sdk';
import { holderKeyName, sandboxAccountPrivateKey, sandboxKeyNameOf, sandboxPrivateKey } from '../../src/sandbox/ledger/sandbox-keys';
import { defaultSandboxNetwork } from '../../src/sandbox/ledger/sandbox-network';
import { receiptFromNode, submitToNode } from '../../src/sandbox/wallet/node-client';

export { ALICE, BOB, CAROL, DAVE } from '../../src/sandbox/ledger/demo-accounts';
export const NFT_TOKEN = '0.0.7000333';
export const PAWS_TOKEN = '0.0.9296439';
export const MARKETPLACE = '0.0.7000100';
/** The collector of the sandbox collection's royalty. */
export const ROYALTY_COLLECTOR = defaultSandboxNetwork.feeCollectorAccountId;

/** The collection's royalty on what a seller receives (the sandbox seed's 5/100), floored as consensus nodes floor it. */
export function royaltyOn(amount: bigint): bigint {
  const royalty = defaultSandboxNetwork.nftRoyalty;
  return royalty ? (amount * BigInt(royalty.numerator)) / BigInt(royalty.denominator) : 0n;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  json: T;
  headers: Headers;
}

/** A JSON call to the local server, with an optional session cookie. */
export async function call<T = Record<string, unknown>>(
  origin: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${origin}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** The sandbox key of a fixed, demo or generated-holder account. */
export function sandboxKey(accountId: string): PrivateKey {
  return sandboxKeyNameOf(accountId) ? sandboxAccountPrivateKey(accountId) : sandboxPrivateKey(holderKeyName(accountId));
}

/** A signature map (base64) over a sign-in message, made with a sandbox account's key. */
export function signMessageAs(accountId: string, message: string, keyAccountId = accountId): string {
  const key = sandboxKey(keyAccountId);
  const signature = key.sign(prefixedMessageBytes(message));
  return Buffer.from(proto.SignatureMap.encode({ sigPair: [{ pubKeyPrefix: key.publicKey.toBytesRaw(), ed25519: signature }] }).finish()).toString('base64');
}

/** Signs in a demo account through challenge + verify; returns the session cookie. */
export async function signIn(origin: string, accountId: string): Promise<string> {
  const challenge = await call<{ message: string }>(origin, 'POST', '/api/auth/challenge', { body: { accountId } });
  const verify = await call(origin, 'POST', '/api/auth/verify', {
    body: { accountId, message: challenge.json.message, signatureMap: signMessageAs(accountId, challenge.json.message) },
  });
  if (verify.status !== 200) throw new Error(`sign-in failed: ${verify.status} ${JSON.stringify(verify.json)}`);
  const cookie = verify.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/**
 * Signs prepared bytes with a sandbox account's key and submits them to the sandbox consensus node
 * over gRPC-web, as a wallet does: the answer comes after the precheck (status OK, or the precheck's status).
 */
export async function signAndSubmit(origin: string, accountId: string, transactionBytes: string): Promise<{ status: string; transactionId: string }> {
  const transaction = Transaction.fromBytes(Buffer.from(transactionBytes, 'base64'));
  await transaction.sign(sandboxKey(accountId));
  return submitToNode(origin, transaction);
}

/** A submission's receipt from the node, once it reached consensus (polled as the SDK's getReceipt does). */
export async function receiptOf(origin: string, transactionId: string, timeoutMs = 30_000): Promise<{ status: string; transactionId: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await receiptFromNode(origin, transactionId);
    if (status !== 'UNKNOWN') return { status, transactionId };
    if (Date.now() > deadline) throw new Error(`no receipt for ${transactionId} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** signAndSubmit, then the receipt: the transaction's status at consensus (the precheck's status if it was refused). */
export async function signAndExecute(origin: string, accountId: string, transactionBytes: string): Promise<{ status: string; transactionId: string }> {
  const submitted = await signAndSubmit(origin, accountId, transactionBytes);
  return submitted.status === 'OK' ? receiptOf(origin, submitted.transactionId) : submitted;
}

/** A GET of the sandbox mirror node that waits out its rate limit (429 and Retry-After), as the app's reader does. */
export async function mirrorGet<T>(origin: string, path: string): Promise<Answer<T>> {
  for (let attempt = 0; ; attempt++) {
    const answer = await call<T>(origin, 'GET', `/sandbox/mirror${path}`);
    if (answer.status !== 429 || attempt >= 5) return answer;
    await new Promise((done) => setTimeout(done, Number(answer.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** The serials of the collection an account owns, from the sandbox mirror node. */
export async function ownedSerials(origin: string, accountId: string): Promise<number[]> {
  const answer = await mirrorGet<{ nfts: { serial_number: number }[] }>(origin, `/api/v1/accounts/${accountId}/nfts?token.id=${NFT_TOKEN}&limit=100`);
  return answer.json.nfts.map((nft) => nft.serial_number);
}

/** An account's PAWS balance in the smallest unit, from the sandbox mirror node. */
export async function pawsBalance(origin: string, accountId: string): Promise<bigint> {
  const answer = await mirrorGet<{ tokens: { balance: number }[] }>(origin, `/api/v1/accounts/${accountId}/tokens?token.id=${PAWS_TOKEN}`);
  return BigInt(answer.json.tokens[0]?.balance ?? 0);
}

/** The owner and spender of one serial, from the sandbox mirror node. */
export async function nftOnLedger(origin: string, serial: number): Promise<{ owner: string; spender: string | null }> {
  const answer = await mirrorGet<{ account_id: string; spender: string | null }>(origin, `/api/v1/tokens/${NFT_TOKEN}/nfts/${serial}`);
  return { owner: answer.json.account_id, spender: answer.json.spender };
}

/**
 * A signed-in account pays for the newest HBAR listing on the ledger (prepare, then its wallet signs
 * and executes the transaction) and completes nothing: what a purchase is when the answer is lost.
 */
export async function payForNewestHbarListing(origin: string, accountId: string): Promise<{ cookie: string; serial: number; saleVerificationCode: string }> {
  const cookie = await signIn(origin, accountId);
  const market = await call<{ marketListings: { serialId: number; salePrice: number }[] }>(origin, 'GET', `/api/market/listings?token=${NFT_TOKEN}&limit=1`);
  const target = market.json.marketListings[0] as { serialId: number; salePrice: number };
  const prepared = await call<{ data: { saleVerificationCode: string; transBytes: string } }>(origin, 'POST', '/api/market/buy', {
    cookie,
    body: { token_address: NFT_TOKEN, serial_number: target.serialId, user_address: accountId, price: String(target.salePrice) },
  });
  if (prepared.status !== 200) throw new Error(`POST /api/market/buy answered ${prepared.status}: ${JSON.stringify(prepared.json)}`);
  const paid = await signAndExecute(origin, accountId, prepared.json.data.transBytes);
  if (paid.status !== 'SUCCESS') throw new Error(`the purchase of #${target.serialId} ended ${paid.status} on the ledger`);
  return { cookie, serial: target.serialId, saleVerificationCode: prepared.json.data.saleVerificationCode };
}
