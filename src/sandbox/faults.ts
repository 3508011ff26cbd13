/**
 * Faults on demand: a test tells a stand-in (POST /sandbox/faults) to fail the next requests of a
 * method or path as its real counterpart fails, so the production adapters' failure paths run:
 * - `busy`: a consensus node's precheck BUSY (hedera-protobufs response_code.proto; the node is
 *   throttled, the SDK retries after a backoff);
 * - `http-500`, `http-502`, `http-503`: the status alone, as a proxy or gateway in front of a dead
 *   service answers (Envoy in front of a node, CloudFront/nginx in front of the REST APIs);
 * - `rate-limit`: 429 with Retry-After, as the mirror node and the public APIs throttle;
 * - `timeout`: the request is accepted and never answered (the connection is closed after
 *   TIMEOUT_HOLD_MS, far beyond every client's deadline);
 * - `drop`: the connection is reset before any answer.
 * Rules live in this process only; each is used up after `times` matching requests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';

export const faultRuleSchema = z.object({
  /** Which stand-in: the consensus node (gRPC-web), the mirror node, the IPFS gateway, the price APIs, SentX. */
  service: z.enum(['consensus', 'mirror', 'ipfs', 'prices', 'sentx']),
  /** A gRPC method name (`cryptoTransfer`, `getTransactionReceipts`) or the start of a path under the stand-in's base. */
  match: z.string().min(1).max(200),
  fault: z.enum(['busy', 'http-500', 'http-502', 'http-503', 'rate-limit', 'timeout', 'drop']),
  times: z.number().int().min(1).max(1000).default(1),
});

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type Fault = FaultRule['fault'];
export type FaultService = FaultRule['service'];

/** How long a `timeout` fault holds a request before closing it: longer than any client waits. */
const TIMEOUT_HOLD_MS = 60_000;

const rules: FaultRule[] = [];

/** Adds a rule; the newest matching rule is used first. */
export function addFault(rule: FaultRule): void {
  rules.unshift({ ...rule });
}

/** Forgets every rule. */
export function clearFaults(): void {
  rules.length = 0;
}

/** The fault for this request of `service`, if a rule matches `target` (it is then used once). */
export function takeFault(service: FaultService, target: string): Fault | undefined {
  const index = rules.findIndex((rule) => rule.service === service && target.startsWith(rule.match));
  const rule = rules[index];
  if (!rule) return undefined;
  rule.times -= 1;
  if (rule.times <= 0) rules.splice(index, 1);
  return rule.fault;
}

/**
 * Answers an HTTP-level fault (every kind but `busy`, which only a consensus node speaks).
 * True when the request was answered (or dropped) here.
 */
export function answerHttpFault(fault: Fault, request: IncomingMessage, response: ServerResponse): boolean {
  switch (fault) {
    case 'http-500':
    case 'http-502':
    case 'http-503': {
      const status = Number(fault.slice(5));
      response.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(`${status} (sandbox fault)`);
      return true;
    }
    case 'rate-limit':
      response
        .writeHead(429, { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '1' })
        .end(JSON.stringify({ _status: { messages: [{ message: 'Too Many Requests' }] } }));
      return true;
    case 'timeout': {
      const timer = setTimeout(() => request.socket.destroy(), TIMEOUT_HOLD_MS);
      timer.unref();
      request.socket.once('close', () => clearTimeout(timer));
      return true;
    }
    case 'drop':
      request.socket.destroy();
      return true;
    default:
      return false;
  }
}
