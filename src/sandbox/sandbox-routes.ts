import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleSandboxIpfsRequest } from './collection/ipfs-routes';
import { config } from '@/server/config';
import { readBody } from '@/server/local/read-body';
import type { PrefixHandler } from '@/server/local/server';
import { handleMirrorRequest } from './ledger/mirror-api';
import { createRateLimiter } from './ledger/mirror-rate-limit';
import { sandboxAccountPrivateKey } from './ledger/sandbox-keys';
import { sandboxRarity } from './collection/sandbox-rarity';
import { addFault, answerHttpFault, clearFaults, faultRuleSchema, takeFault } from './faults';
import { handleConsensusNodeRequest, isGrpcWebRequest } from './ledger/consensus-node';
import { handlePriceApiRequest } from './prices/price-apis';
import { handlePushServiceRequest } from './push/push-service';
import { sandboxLedger, sandboxMarket, sentxStandIn } from './sandbox-services';

export { sandboxSecretDefaults } from './sandbox-services';

const MAX_JSON_BODY = 64 * 1024;

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string | Uint8Array,
  cache = 'no-store',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': cache, 'x-content-type-options': 'nosniff', ...headers }).end(body);
}

const json = (response: ServerResponse, status: number, body: unknown) => send(response, status, 'application/json; charset=utf-8', JSON.stringify(body));

async function readJson(request: IncomingMessage): Promise<unknown> {
  const body = await readBody(request, MAX_JSON_BODY);
  if (!body) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Replays the sandbox ledger (its deterministic seed plus the transaction log in the store) and seeds the sandbox market's history. */
export async function readSandboxLedger(): Promise<void> {
  await sandboxLedger().read();
  await sandboxMarket().seed();
}

let mirrorLimiter: ReturnType<typeof createRateLimiter> | undefined;
let rarityJson: string | undefined;

/**
 * The sandbox network on the local server: its consensus node's gRPC-web endpoint (any path, by
 * its content type), its mirror node REST (/sandbox/mirror/api/v1/..., rate-limited per client),
 * SentX (/sandbox/sentx/...), the price APIs (/sandbox/prices/...), its IPFS gateway
 * (/sandbox/ipfs/...) and rarity dataset, the Web Push service (/sandbox/push/...), the sandbox wallet's
 * demo accounts, and the faults tests ask of the stand-ins (/sandbox/faults).
 */
export const sandboxRoutes: PrefixHandler = async (request, url, response) => {
  if (isGrpcWebRequest(request)) {
    await handleConsensusNodeRequest(sandboxLedger(), request, url, response);
    return true;
  }
  const path = url.pathname;
  if (!path.startsWith('/sandbox/')) return false;
  const method = request.method ?? 'GET';
  if (path === '/sandbox/faults') {
    if (method === 'DELETE') {
      clearFaults();
      response.writeHead(204).end();
      return true;
    }
    const rule = method === 'POST' ? faultRuleSchema.safeParse(await readJson(request)) : undefined;
    if (!rule?.success) {
      json(response, 400, { error: 'A fault rule {service, match, fault, times?} is required (POST), or DELETE to clear', code: 'INVALID_REQUEST' });
      return true;
    }
    addFault(rule.data);
    json(response, 201, rule.data);
    return true;
  }

  if (path.startsWith('/sandbox/mirror/') && (method === 'GET' || method === 'HEAD')) {
    mirrorLimiter ??= createRateLimiter(config().sandboxTiming.mirrorRateLimit);
    const decision = mirrorLimiter.take(request.socket.remoteAddress ?? 'unknown');
    if (!decision.allowed) {
      const body = JSON.stringify({ _status: { messages: [{ message: 'Too Many Requests' }] } });
      send(response, 429, 'application/json', body, 'no-store', { 'retry-after': String(decision.retryAfterSeconds) });
      return true;
    }
    const fault = takeFault('mirror', path.slice('/sandbox/mirror'.length));
    if (fault && answerHttpFault(fault, request, response)) return true;
    const answer = await handleMirrorRequest(sandboxLedger(), path.slice('/sandbox/mirror'.length), url.searchParams);
    send(response, answer.status, answer.contentType, answer.body);
    return true;
  }
  if (path.startsWith('/sandbox/sentx/')) {
    await sentxStandIn().handle(request, url, response);
    return true;
  }
  if (path.startsWith('/sandbox/prices/') && method === 'GET' && handlePriceApiRequest(request, url, response, config().pawsTokenId)) return true;
  if (path.startsWith('/sandbox/ipfs/') && (method === 'GET' || method === 'HEAD')) {
    const fault = takeFault('ipfs', path.slice('/sandbox/ipfs'.length));
    if (fault && answerHttpFault(fault, request, response)) return true;
    const answer = handleSandboxIpfsRequest(path.slice('/sandbox/ipfs'.length));
    send(response, answer.status, answer.contentType, answer.body, answer.status === 200 ? 'public, max-age=86400, immutable' : 'no-store');
    return true;
  }
  if (await handlePushServiceRequest(request, url, response)) return true;
  if (path === '/sandbox/data/rarity.json' && method === 'GET') {
    // The collection's rarity dataset, as the site publishes build-rarity's output on mainnet.
    rarityJson ??= JSON.stringify(sandboxRarity());
    send(response, 200, 'application/json', rarityJson, 'public, max-age=300');
    return true;
  }
  if (path === '/sandbox/wallet/accounts' && method === 'GET') {
    const { network } = sandboxLedger();
    json(
      response,
      200,
      network.demoAccounts.map((account) => ({
        accountId: account.accountId,
        name: account.displayName,
        privateKey: sandboxAccountPrivateKey(account.accountId, network).toStringRaw(),
      })),
    );
    return true;
  }
  json(response, 404, { error: 'Not found', code: 'ROUTE_NOT_FOUND' });
  return true;
};
