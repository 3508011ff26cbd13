/**
 * A local WalletConnect relay (test support): the relay JSON-RPC of the 2.x clients over any
 * text transport. Messages are end-to-end encrypted by the clients, so the relay only routes by
 * topic: it keeps every message until its TTL ends, pushes it to each subscribed client (never
 * back to its publisher) and hands it to clients that subscribe later, until they acknowledge it.
 *
 * As the real relay does, and as strictly:
 * - A client is its id, the `iss` (a did:key) of the `auth` JWT in the URL it opened; the relay's
 *   mailbox is per client id ("a unique sticky client_id", walletconnect-specs
 *   docs/specs/clients/core/relay/relay-client-auth.md). All tabs of one origin share the keychain,
 *   so they are one client.
 * - Only a client's newest connection gets pushes: a newer connection silently ends the older ones'
 *   subscriptions (they stay open, publish still works, nothing is pushed to them again), so a
 *   request published from one tab has its answer pushed to the tab that connected last
 *   (WalletConnect/walletconnect-monorepo#2104, labelled relay-server: "opening tab B will kill the
 *   subscription for the previous client", and after B closes A still gets nothing;
 *   hashgraph/hedera-wallet-connect#412: "the relay server sends a result message to the only last
 *   connected sign client").
 * - Subscriptions belong to a connection and end with it (the open-source TypeScript relay,
 *   WalletConnect/relay src/subscription.ts, keyed them by socket); a reconnecting client subscribes
 *   again (@walletconnect/core's Relayer does, on every transport open).
 * - A message is kept until its TTL ends and pushed, or handed by irn_batchFetchMessages, until the
 *   client acknowledges it ("Relay Servers will cache messages that are undelivered until TTL is
 *   reached", walletconnect-specs docs/specs/servers/relay/relay-network.md).
 * - Without a project id and an auth JWT the upgrade is refused with HTTP 401; the relay closes
 *   sockets with 1001 'Server terminating' or 4010 'Load Rebalancing', after which clients reconnect
 *   (docs.reown.com/walletkit/web/cloud/relay, "Relay errors"); JSON-RPC errors: -32700 parse,
 *   -32600 invalid params, -32601 unknown method (WalletConnect/WalletConnectRust
 *   relay_rpc/src/rpc/error.rs).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';

type RpcId = number | string | bigint;

interface RpcMessage {
  id?: RpcId;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
}

interface StoredMessage {
  topic: string;
  message: string;
  tag: number;
  publishedAt: number;
  expiresAt: number;
  publisher: string;
  acknowledgedBy: Set<string>;
}

/** A message as the relay hands it to a client. */
interface MessageData {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
}

interface Connection {
  client: string;
  send(text: string): void;
  /** Closes the socket with a WebSocket close code. */
  close(code: number, reason: string): void;
  /** A newer connection of the same client took over: nothing is pushed here any more. */
  superseded: boolean;
  /** topic -> subscription id */
  subscriptions: Map<string, string>;
  /** push id -> message awaiting the client's acknowledgement */
  inFlight: Map<string, StoredMessage>;
}

/** One client's side of the relay: feed it the client's frames, close it when the socket closes. */
export interface RelayPeer {
  receive(text: string): void;
  close(): void;
}

export interface Relay {
  /**
   * Attaches a client connection. `send` delivers a text frame to the client; `url` is the URL it
   * opened (its `auth` JWT names the client, so a reconnecting client is recognised); `close`
   * closes its socket with a code.
   */
  connect(send: (text: string) => void, url?: string, close?: (code: number, reason: string) => void): RelayPeer;
  /** Closes every connection with `code` (1001 'Server terminating', 4010 'Load Rebalancing'): clients reconnect. */
  closeAll(code: RelayCloseCode): void;
}

/** The close codes the relay ends a socket with, and their reasons (docs.reown.com/walletkit/web/cloud/relay). */
export const RELAY_CLOSE = { 1001: 'Server terminating', 4008: 'Client stale', 4010: 'Load Rebalancing' } as const;
export type RelayCloseCode = keyof typeof RELAY_CLOSE;

// The tags the sign client would have put on the two messages each of its custom methods carries.
const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const;
const DEFAULT_TTL_SECONDS = 300;
const BIGINT_MARK = '\u0000bigint:';

/** JSON.parse that keeps integers beyond 2^53 exact (WalletConnect makes 19-digit JSON-RPC ids). */
function parseJson(text: string): unknown {
  return JSON.parse(text, (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source) ? BigInt(context.source) : value,
  );
}

function formatJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${BIGINT_MARK}${item}` : item));
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}

/** The client named by the `auth` JWT (its `iss`, a did:key) in the URL a client opened. */
function clientOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const auth = new URL(url, 'ws://relay.invalid').searchParams.get('auth');
  const payload = auth?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof claims.iss === 'string' ? claims.iss : undefined;
  } catch {
    return undefined;
  }
}

function dataOf({ topic, message, publishedAt, tag }: StoredMessage): MessageData {
  return { topic, message, publishedAt, tag };
}

/** Whether a client's URL carries what the relay requires before it upgrades: a project id and an auth JWT naming the client. */
export function isAuthorised(url: string | undefined): boolean {
  return Boolean(url && new URL(url, 'ws://relay.invalid').searchParams.get('projectId') && clientOf(url));
}

/** The transport-agnostic relay: wire it to a WebSocket server, or to Playwright's routeWebSocket. */
export function createRelay(): Relay {
  const connections = new Set<Connection>();
  const messages = new Map<string, StoredMessage[]>();
  let anonymous = 0;
  let lastPushId = Date.now() * 1000;

  function live(topic: string): StoredMessage[] {
    const now = Date.now();
    const kept = (messages.get(topic) ?? []).filter((stored) => stored.expiresAt > now);
    messages.set(topic, kept);
    return kept;
  }

  function deliver(connection: Connection, stored: StoredMessage): void {
    const subscription = connection.subscriptions.get(stored.topic);
    if (!subscription || connection.superseded || stored.publisher === connection.client || stored.acknowledgedBy.has(connection.client)) return;
    if ([...connection.inFlight.values()].includes(stored)) return;
    const id = ++lastPushId;
    connection.inFlight.set(String(id), stored);
    connection.send(
      formatJson({
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: subscription, data: dataOf(stored) },
      }),
    );
  }

  function publish(publisher: Connection, topic: string, message: string, ttlSeconds: number, tag: number): void {
    const publishedAt = Date.now();
    const stored: StoredMessage = {
      topic,
      message,
      tag,
      publishedAt,
      expiresAt: publishedAt + ttlSeconds * 1000,
      publisher: publisher.client,
      acknowledgedBy: new Set(),
    };
    live(topic).push(stored);
    for (const connection of connections) deliver(connection, stored);
  }

  function subscribe(connection: Connection, topic: string): string {
    const id = connection.subscriptions.get(topic) ?? createHash('sha256').update(`${topic}:${connection.client}`).digest('hex');
    connection.subscriptions.set(topic, id);
    return id;
  }

  /** Messages a client has not acknowledged yet, handed over and counted as received (batch fetch). */
  function fetchFor(connection: Connection, topics: string[]): MessageData[] {
    const fetched: MessageData[] = [];
    for (const topic of topics) {
      for (const stored of live(topic)) {
        if (stored.publisher === connection.client || stored.acknowledgedBy.has(connection.client)) continue;
        stored.acknowledgedBy.add(connection.client);
        fetched.push(dataOf(stored));
      }
    }
    return fetched;
  }

  function text(params: Record<string, unknown>, name: string): string {
    const value = params[name];
    if (typeof value !== 'string' || !value) throw Object.assign(new Error(`Missing or invalid "${name}" param`), { code: -32600 });
    return value;
  }

  function topicsOf(params: Record<string, unknown>): string[] {
    return Array.isArray(params.topics) ? params.topics.filter((topic): topic is string => typeof topic === 'string') : [];
  }

  function ttlOf(params: Record<string, unknown>): number {
    return typeof params.ttl === 'number' && params.ttl > 0 ? params.ttl : DEFAULT_TTL_SECONDS;
  }

  function tagOf(params: Record<string, unknown>, fallback = 0): number {
    return typeof params.tag === 'number' ? params.tag : fallback;
  }

  /** Runs one request; returns its result and what to push once the answer is sent. */
  function handle(connection: Connection, method: string, params: Record<string, unknown>): { result: unknown; after?: () => void } {
    const pending = (topics: string[]) => () => {
      for (const topic of topics) for (const stored of live(topic)) deliver(connection, stored);
    };
    switch (method) {
      case 'irn_subscribe': {
        const topic = text(params, 'topic');
        return { result: subscribe(connection, topic), after: pending([topic]) };
      }
      case 'irn_batchSubscribe': {
        const topics = topicsOf(params);
        return { result: topics.map((topic) => subscribe(connection, topic)), after: pending(topics) };
      }
      case 'irn_unsubscribe':
        connection.subscriptions.delete(text(params, 'topic'));
        return { result: true };
      case 'irn_batchUnsubscribe': {
        const subscriptions = Array.isArray(params.subscriptions) ? params.subscriptions : [];
        for (const item of subscriptions) {
          if (item && typeof item === 'object' && 'topic' in item && typeof item.topic === 'string') connection.subscriptions.delete(item.topic);
        }
        return { result: true };
      }
      case 'irn_publish':
        publish(connection, text(params, 'topic'), text(params, 'message'), ttlOf(params), tagOf(params));
        return { result: true };
      case 'irn_batchFetchMessages':
        return { result: { messages: fetchFor(connection, topicsOf(params)), hasMore: false } };
      // Sign client 2.2x sends the proposal, and the approval with the settlement, as relay methods
      // that also subscribe the sender to the pairing (proposer) or session (approver) topic.
      case 'wc_proposeSession': {
        const pairingTopic = text(params, 'pairingTopic');
        subscribe(connection, pairingTopic);
        publish(connection, pairingTopic, text(params, 'sessionProposal'), ttlOf(params), tagOf(params, TAGS.sessionPropose));
        return { result: true, after: pending([pairingTopic]) };
      }
      case 'wc_approveSession': {
        const sessionTopic = text(params, 'sessionTopic');
        subscribe(connection, sessionTopic);
        publish(connection, text(params, 'pairingTopic'), text(params, 'sessionProposalResponse'), ttlOf(params), TAGS.sessionProposeResponse);
        publish(connection, sessionTopic, text(params, 'sessionSettlementRequest'), ttlOf(params), TAGS.sessionSettle);
        return { result: true, after: pending([sessionTopic]) };
      }
      default:
        throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
    }
  }

  function receive(connection: Connection, frame: string): void {
    let rpc: RpcMessage;
    try {
      rpc = parseJson(frame) as RpcMessage;
    } catch {
      connection.send(formatJson({ id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    if (!rpc.method) {
      // A client's answer to a push: it has the message now.
      const stored = rpc.id === undefined ? undefined : connection.inFlight.get(String(rpc.id));
      if (stored) {
        connection.inFlight.delete(String(rpc.id));
        if (rpc.error === undefined) stored.acknowledgedBy.add(connection.client);
      }
      return;
    }
    try {
      const { result, after } = handle(connection, rpc.method, rpc.params ?? {});
      connection.send(formatJson({ id: rpc.id, jsonrpc: '2.0', result }));
      after?.();
    } catch (error) {
      const code = error && typeof error === 'object' && 'code' in error && typeof error.code === 'number' ? error.code : -32600;
      connection.send(formatJson({ id: rpc.id, jsonrpc: '2.0', error: { code, message: error instanceof Error ? error.message : String(error) } }));
    }
  }

  return {
    connect(send, url, close = () => undefined) {
      anonymous += 1;
      const client = clientOf(url) ?? `anonymous-${anonymous}`;
      for (const older of connections) if (older.client === client) older.superseded = true;
      const connection: Connection = { client, send, close, superseded: false, subscriptions: new Map(), inFlight: new Map() };
      connections.add(connection);
      return {
        receive: (frame) => receive(connection, frame),
        close: () => void connections.delete(connection),
      };
    },
    closeAll(code) {
      for (const connection of [...connections]) {
        connections.delete(connection);
        connection.close(code, RELAY_CLOSE[code]);
      }
    },
  };
}

interface WsSocket {
  on(event: 'message', listener: (data: unknown) => void): void;
  on(event: 'close', listener: () => void): void;
  send(text: string): void;
  close(code: number, reason: string): void;
  ping(): void;
  terminate(): void;
  readonly readyState: number;
}

interface WsServer {
  on(event: 'connection', listener: (socket: WsSocket, request: IncomingMessage) => void): void;
  once(event: 'listening' | 'error', listener: (error?: Error) => void): void;
  address(): { port: number } | string;
  close(done: () => void): void;
}

type WsServerConstructor = new (options: {
  host: string;
  port: number;
  verifyClient: (info: { req: IncomingMessage }, done: (accept: boolean, code?: number) => void) => void;
}) => WsServer;

export interface RelayServer {
  /** ws://127.0.0.1:<port> — the relay URL for Node clients. */
  readonly url: string;
  readonly relay: Relay;
  /** The relay goes away: every socket is dropped and new ones are refused until resume(). */
  suspend(): void;
  resume(): void;
  close(): Promise<void>;
}

/** Serves a relay (a new one, or `relay` shared with a Playwright route) over WebSocket on 127.0.0.1. */
export async function startRelayServer(options: { port?: number; relay?: Relay } = {}): Promise<RelayServer> {
  const relay = options.relay ?? createRelay();
  const { Server } = createRequire(import.meta.url)('ws') as { Server: WsServerConstructor };
  const sockets = new Set<WsSocket>();
  let suspended = false;
  const server = new Server({
    host: '127.0.0.1',
    port: options.port ?? 0,
    verifyClient: ({ req }, done) => (suspended ? done(false, 503) : done(isAuthorised(req.url), 401)),
  });
  server.on('connection', (socket, request) => {
    sockets.add(socket);
    const peer = relay.connect(
      (text) => socket.readyState === 1 && socket.send(text),
      request.url,
      (code, reason) => socket.close(code, reason),
    );
    socket.on('message', (data) => peer.receive(String(data)));
    socket.on('close', () => {
      sockets.delete(socket);
      peer.close();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  // Clients on Node drop a connection that shows no sign of life for 35 s.
  const keepAlive = setInterval(() => {
    for (const socket of sockets) socket.ping();
  }, 10_000);
  keepAlive.unref();
  const address = server.address();
  const port = typeof address === 'string' ? Number(new URL(address).port) : address.port;
  return {
    url: `ws://127.0.0.1:${port}`,
    relay,
    suspend() {
      suspended = true;
      for (const socket of sockets) socket.terminate();
    },
    resume() {
      suspended = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(keepAlive);
        for (const socket of sockets) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
