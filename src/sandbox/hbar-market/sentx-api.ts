/**
 * SentX's REST API as the production SentX adapter calls it, under /sandbox/sentx, over the
 * sandbox market's book (sandbox-market.ts) and ledger. Paths, shapes and rules follow
 * shared/reference/README.md ("External NFT marketplace (SentX) API, as used by public client
 * code") and the affiliate sign-in of aguillee/sharkly-agent plugin/src/sentx-client.ts:
 * - the API key travels as `?apikey=`; public reads answer without one, affiliate calls refuse
 *   a missing or wrong key (401 `{success:false, apimessage}`);
 * - `POST /v1/affiliate/auth/init {user_address}` answers a payload, a nonce and an operation
 *   token; `.../verify` checks the account key's signature of the payload's JSON text as a Hedera
 *   signed message and answers a user-auth token (an hour); buys carry it as `userAuthToken` and
 *   a missing or expired one is 401;
 * - rows carry `salePriceSymbol` and `paymentToken` (HBAR: address null), listings say
 *   `isAvailableForPurchase` as 1/0, `buynft` sends the bytes as a Node Buffer's JSON
 *   (`{type:'Buffer', data:[…]}`) with `saleprice`;
 * - a refusal is `{success:false, apimessage}` (400), an unknown path 404.
 * Faults on demand: service `sentx`, matched on the path (e.g. `/v1/affiliate/market/buynft`).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { prefixedMessageBytes } from '@/features/auth/sign-in-message';
import { MarketRejectedError } from '@/features/hbar-market/market-errors';
import type { ListingRecord, SaleRecord } from '@/features/hbar-market/market-port';
import { readBody } from '@/server/local/read-body';
import { answerHttpFault, takeFault } from '@/sandbox/faults';
import { sandboxKeyNameOf, sandboxPublicKeyHex, verifyEd25519 } from '@/sandbox/ledger/sandbox-keys';
import type { SandboxNetwork } from '@/sandbox/ledger/sandbox-network';
import type { SandboxMarket } from './sandbox-market';

/** The API key the stand-in takes (SENTX_API_KEY on the sandbox network). */
export const SANDBOX_SENTX_API_KEY = 'sandbox-sentx-key';
const TOKEN_SECONDS = 3600;
const CHALLENGE_MS = 5 * 60_000;
const MAX_BODY_BYTES = 16 * 1024;
const HBAR = { salePriceSymbol: 'HBAR', paymentToken: { address: null, symbol: 'HBAR' } };

type Answer = { status: number; body: unknown };
const refusal = (status: number, apimessage: string): Answer => ({ status, body: { success: false, apimessage } });

const initBody = z.object({ user_address: z.string().regex(/^0\.0\.\d+$/) });
const verifyBody = z.object({ user_address: z.string(), operationToken: z.string(), nonce: z.string(), userSignature: z.string() });
const buyBody = z.object({
  userAuthToken: z.string(),
  token_address: z.string(),
  serial_number: z.string().regex(/^\d+$/),
  user_address: z.string(),
  price: z.string(),
});
const resultBody = z.object({ userAuthToken: z.string(), saleVerificationCode: z.string(), transactionId: z.string() });

export interface SentxStandIn {
  handle(request: IncomingMessage, url: URL, response: ServerResponse): Promise<void>;
}

/** The stand-in over one market book; its sign-in challenges and tokens live in this process. */
export function createSentxStandIn(market: SandboxMarket, network: SandboxNetwork, now: () => number = Date.now): SentxStandIn {
  const challenges = new Map<string, { account: string; payload: Record<string, unknown>; nonce: string; expiresAt: number }>();
  const tokens = new Map<string, { account: string; expiresAt: number }>();

  function signIn(body: unknown): Answer {
    const input = initBody.safeParse(body);
    if (!input.success) return refusal(400, 'user_address is required');
    const operationToken = randomBytes(16).toString('hex');
    const nonce = randomBytes(12).toString('hex');
    const payload = { url: 'https://sentx.io', data: { nonce, account: input.data.user_address, issued: new Date(now()).toISOString() } };
    challenges.set(operationToken, { account: input.data.user_address, payload, nonce, expiresAt: now() + CHALLENGE_MS });
    return { status: 200, body: { success: true, payload, nonce, operationToken } };
  }

  function verify(body: unknown): Answer {
    const input = verifyBody.safeParse(body);
    const challenge = input.success ? challenges.get(input.data.operationToken) : undefined;
    if (!input.success || !challenge || challenge.expiresAt < now() || challenge.nonce !== input.data.nonce || challenge.account !== input.data.user_address)
      return refusal(401, 'Invalid or expired sign-in');
    challenges.delete(input.data.operationToken);
    const keyName = sandboxKeyNameOf(challenge.account, network);
    const message = prefixedMessageBytes(JSON.stringify(challenge.payload));
    if (!keyName || !verifyEd25519(sandboxPublicKeyHex(keyName), message, Buffer.from(input.data.userSignature, 'base64')))
      return refusal(401, 'Signature does not match the account key');
    const userAuthToken = randomBytes(24).toString('base64url');
    tokens.set(userAuthToken, { account: challenge.account, expiresAt: now() + TOKEN_SECONDS * 1000 });
    return { status: 200, body: { success: true, userAuthToken, expiresIn: TOKEN_SECONDS } };
  }

  function authorised(token: string): boolean {
    const held = tokens.get(token);
    return held !== undefined && held.expiresAt > now();
  }

  async function buy(body: unknown): Promise<Answer> {
    const input = buyBody.safeParse(body);
    if (!input.success) return refusal(400, 'token_address, serial_number, user_address and price are required');
    if (!authorised(input.data.userAuthToken)) return refusal(401, 'Invalid or expired user auth token');
    const { token_address: tokenId, serial_number: serial, user_address: buyerId, price } = input.data;
    const prepared = await market.buy({ tokenId, serial: Number(serial), buyerId, price });
    const bytes = Buffer.from(prepared.transBytes, 'base64');
    return {
      status: 200,
      body: {
        success: true,
        apimessage: prepared.apimessage,
        saleVerificationCode: prepared.saleVerificationCode,
        transBytes: bytes.toJSON(),
        saleprice: price,
      },
    };
  }

  async function buyResult(body: unknown): Promise<Answer> {
    const input = resultBody.safeParse(body);
    if (!input.success) return refusal(400, 'saleVerificationCode and transactionId are required');
    if (!authorised(input.data.userAuthToken)) return refusal(401, 'Invalid or expired user auth token');
    const result = await market.buyComplete(input.data);
    return { status: 200, body: result };
  }

  async function read(path: string, query: URLSearchParams): Promise<Answer> {
    const tokenId = query.get('token') ?? '';
    if (tokenId !== network.nftTokenId) return { status: 200, body: { success: true, ...emptyRead(path) } };
    const number = (name: string, fallback: number) => {
      const value = Number(query.get(name) ?? fallback);
      return Number.isInteger(value) && value >= 0 ? value : fallback;
    };
    switch (path) {
      case '/v1/public/market/activity': {
        const sales = await market.activity({ tokenId, amount: number('amount', 100) });
        return { status: 200, body: { success: true, marketActivity: sales.map((sale: SaleRecord) => ({ ...sale, ...HBAR })) } };
      }
      case '/v1/public/market/listings': {
        const sortBy = query.get('sortBy') === 'price' ? 'price' : 'listingDate';
        const sortDirection = query.get('sortDirection') === 'ASC' ? 'ASC' : 'DESC';
        const offset = number('offset', 0);
        const limit = Math.min(number('limit', 100), 100);
        const all = await market.listings({ tokenId, sortBy, sortDirection, limit: offset + limit });
        const page = all
          .slice(offset, offset + limit)
          .map((listing: ListingRecord) => ({ ...listing, ...HBAR, isAvailableForPurchase: listing.isAvailableForPurchase ? 1 : 0 }));
        return { status: 200, body: { success: true, marketListings: page } };
      }
      case '/v1/public/market/floor':
        return { status: 200, body: { success: true, floor: await market.floor(tokenId) } };
      case '/v1/public/market/stats/token': {
        const [startDate, endDate] = [query.get('startDate') ?? '', query.get('endDate') ?? ''];
        if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate))
          return refusal(400, 'startDate and endDate (YYYY-MM-DD) are required');
        return { status: 200, body: { success: true, data: await market.stats({ tokenId, startDate, endDate }) } };
      }
      case '/v1/public/token/owners':
        return { status: 200, body: { success: true, ...(await market.owners(tokenId)), owners: [] } };
      default:
        return { status: 404, body: { success: false, apimessage: 'Not found' } };
    }
  }

  async function answer(request: IncomingMessage, url: URL, path: string): Promise<Answer> {
    const apiKey = url.searchParams.get('apikey');
    if (request.method === 'GET') {
      if (apiKey !== null && apiKey !== SANDBOX_SENTX_API_KEY) return refusal(401, 'Invalid API key');
      return read(path, url.searchParams);
    }
    if (request.method !== 'POST') return refusal(405, 'Method not allowed');
    if (apiKey !== SANDBOX_SENTX_API_KEY) return refusal(401, 'Invalid API key');
    const raw = await readBody(request, MAX_BODY_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(raw?.toString('utf8') ?? '');
    } catch {
      return refusal(400, 'The body must be JSON');
    }
    if (path === '/v1/affiliate/auth/init') return signIn(body);
    if (path === '/v1/affiliate/auth/verify') return verify(body);
    if (path === '/v1/affiliate/market/buynft') return buy(body);
    if (path === '/v1/affiliate/market/buynftres') return buyResult(body);
    return { status: 404, body: { success: false, apimessage: 'Not found' } };
  }

  return {
    async handle(request, url, response) {
      const path = url.pathname.slice('/sandbox/sentx'.length);
      const fault = takeFault('sentx', path);
      if (fault && answerHttpFault(fault, request, response)) return;
      let result: Answer;
      try {
        result = await answer(request, url, path);
      } catch (error) {
        if (!(error instanceof MarketRejectedError)) throw error;
        result = refusal(400, error.message);
      }
      response.writeHead(result.status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(result.body));
    },
  };
}

/** What a read answers for a token this market does not trade. */
function emptyRead(path: string): Record<string, unknown> {
  if (path.endsWith('/activity')) return { marketActivity: [] };
  if (path.endsWith('/listings')) return { marketListings: [] };
  if (path.endsWith('/floor')) return { floor: null };
  if (path.endsWith('/owners')) return { ownerCount: 0, nftCount: 0, owners: [] };
  return { data: [] };
}
