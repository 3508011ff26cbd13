/**
 * One WalletConnect client for all the site's tabs. Tabs of one origin share the client's keys, so
 * to the relay they are one client, and it pushes a client's messages to its newest connection
 * only: with a client per tab, a wallet's answer reaches the tab that connected last, and the tab
 * that asked waits forever (hashgraph/hedera-wallet-connect#387). So one tab leads: it holds a Web
 * Lock for as long as it lives and runs the only client; the others send it their requests over a
 * BroadcastChannel and get the answers, the pairing URI to show, and the sessions it holds. When the
 * leading tab closes or navigates, the next tab in the lock's queue starts its client from the
 * shared storage (the relay keeps unacknowledged answers for it); a request that was waiting on the
 * old leader fails as unanswered, which the flows reconcile on the ledger.
 */
import { WALLET_MESSAGES, WalletError, type WalletErrorKind } from './wallet-errors';

const CHANNEL = 'wildTigers.walletconnect';
/** How long a tab waits for the leading tab's first word before the wallet counts as not started. */
const LEADER_WAIT_MS = 10_000;

/** A live session of the leading tab's client, as every tab sees it. */
export interface LinkedSession {
  accountId: string;
  topic: string;
  /** When it expires, in ms. */
  expiry: number;
}

/** A wallet extension of the asking tab, to pair with from its own window. */
export interface PairingExtension {
  id: string;
  availableInIframe: boolean;
}

/** What the leading tab does for any tab. */
export interface LeaderOps {
  request(accountId: string, topic: string | undefined, method: string, params: Record<string, string>): Promise<unknown>;
  /** Pairs a new session; `showUri` shows the pairing URI in the asking tab (its QR code, or its extension). */
  pair(extension: PairingExtension | undefined, showUri: (uri: string) => void): Promise<LinkedSession>;
  disconnect(): Promise<void>;
}

/** The leading tab's client, started when this tab takes the lead. */
export interface LeaderClient {
  ops: LeaderOps;
  sessions(): LinkedSession[];
  /** Calls back whenever the sessions change; `ended` when the wallet ended or expired one. */
  onChange(listener: (ended: boolean) => void): void;
}

type Op = keyof LeaderOps;

interface WireError {
  message: string;
  code?: number;
  kind?: WalletErrorKind;
}

type Wire =
  | { kind: 'hello' }
  | { kind: 'state'; leader: string; sessions: LinkedSession[]; ended: boolean }
  | { kind: 'call'; id: string; from: string; op: Op; args: unknown[] }
  | { kind: 'uri'; id: string; to: string; uri: string }
  | { kind: 'result'; id: string; to: string; value?: unknown; error?: WireError };

/** The tab's side of the link. */
export interface TabLink {
  sessions(): LinkedSession[];
  request: LeaderOps['request'];
  pair: LeaderOps['pair'];
  disconnect: LeaderOps['disconnect'];
  /** Calls back after every change of the sessions, in every tab; `ended` when the wallet ended one. */
  onChange(listener: (ended: boolean) => void): void;
}

interface PendingCall {
  leader: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  showUri?: (uri: string) => void;
}

function toWire(error: unknown): WireError {
  if (error instanceof WalletError) return { message: error.message, kind: error.kind };
  const message = error instanceof Error ? error.message : error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
  const code = error && typeof error === 'object' && 'code' in error && typeof error.code === 'number' ? error.code : undefined;
  return code === undefined ? { message } : { message, code };
}

/** The error as the leading tab saw it: a catalogue error stays one, a wallet's `{ code, message }` stays that. */
function fromWire({ message, code, kind }: WireError): unknown {
  if (kind) return new WalletError(message, kind === 'rejected', kind === 'session-lost', kind === 'unanswered', kind === 'duplicate');
  return code === undefined ? new Error(message) : { code, message };
}

/** The leading tab went away before answering: the wallet may still answer and the transaction reach the ledger. */
const leaderGone = () => new WalletError(WALLET_MESSAGES.connectionLost, false, false, true);

/**
 * Joins the site's tabs: leads at once when no other tab does (or the browser has no Web Locks or
 * BroadcastChannel), else follows the leading tab and takes over when it goes. Resolves once the
 * sessions are known.
 */
export function linkTabs(startClient: () => Promise<LeaderClient>): Promise<TabLink> {
  const me = crypto.randomUUID();
  const pending = new Map<string, PendingCall>();
  const listeners: Array<(ended: boolean) => void> = [];
  let leader: string | undefined;
  let client: LeaderClient | undefined;
  let known: LinkedSession[] = [];
  let markReady: () => void = () => undefined;
  let failStart: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failStart = reject;
  });
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
  const post = (message: Wire) => channel?.postMessage(message);

  function changed(ended: boolean): void {
    for (const listener of listeners) listener(ended);
  }

  function publish(ended: boolean): void {
    if (!client) return;
    known = client.sessions();
    post({ kind: 'state', leader: me, sessions: known, ended });
    changed(ended);
  }

  /** Calls that went to a leader that is no longer the one fail as unanswered. */
  function dropCallsTo(gone: string | undefined): void {
    for (const [id, call] of pending) {
      if (call.leader !== gone) continue;
      pending.delete(id);
      call.reject(leaderGone());
    }
  }

  async function serve({ id, from, op, args }: Extract<Wire, { kind: 'call' }>): Promise<void> {
    if (!client) return;
    try {
      const value = await run(client.ops, op, args, (uri) => post({ kind: 'uri', id, to: from, uri }));
      post({ kind: 'result', id, to: from, value });
    } catch (error) {
      post({ kind: 'result', id, to: from, error: toWire(error) });
    }
  }

  function receive(message: Wire): void {
    switch (message.kind) {
      case 'hello':
        if (client) publish(false);
        return;
      case 'state':
        if (message.leader === me) return;
        if (leader !== message.leader) dropCallsTo(leader);
        leader = message.leader;
        known = message.sessions;
        markReady();
        changed(message.ended);
        return;
      case 'call':
        if (client) void serve(message);
        return;
      case 'uri':
        if (message.to === me) pending.get(message.id)?.showUri?.(message.uri);
        return;
      case 'result': {
        const call = message.to === me ? pending.get(message.id) : undefined;
        if (!call) return;
        pending.delete(message.id);
        if (message.error) call.reject(fromWire(message.error));
        else call.resolve(message.value);
      }
    }
  }

  async function lead(): Promise<void> {
    try {
      client = await startClient();
    } catch (error) {
      failStart(error);
      throw error;
    }
    const previous = leader;
    leader = me;
    dropCallsTo(previous);
    client.onChange((ended) => publish(ended));
    publish(false);
    markReady();
  }

  function call(op: Op, args: unknown[], showUri?: (uri: string) => void): Promise<unknown> {
    if (client) return run(client.ops, op, args, showUri ?? (() => undefined));
    const id = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      pending.set(id, { leader: leader ?? '', resolve, reject, showUri });
      post({ kind: 'call', id, from: me, op, args });
    });
  }

  if (channel) channel.onmessage = (event: MessageEvent<Wire>) => receive(event.data);
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const queued = new AbortController();
  if (!channel || !locks) {
    void lead().catch(() => undefined);
  } else {
    // Held until the page goes: the next tab in the queue then leads.
    void locks.request(CHANNEL, { signal: queued.signal }, () => lead().then(() => new Promise<never>(() => undefined))).catch(() => undefined);
    post({ kind: 'hello' });
  }

  const link: TabLink = {
    sessions: () => (client ? client.sessions() : known),
    request: (...args) => call('request', args),
    pair: (extension, showUri) => call('pair', [extension], showUri) as Promise<LinkedSession>,
    disconnect: () => call('disconnect', []) as Promise<void>,
    onChange: (listener) => void listeners.push(listener),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletError(WALLET_MESSAGES.initFailed)), LEADER_WAIT_MS);
  });
  return Promise.race([ready, late]).then(
    () => {
      clearTimeout(timer);
      return link;
    },
    (error: unknown) => {
      // This tab gives up: out of the lock's queue and off the channel (the next adapter load links again).
      clearTimeout(timer);
      queued.abort();
      channel?.close();
      throw error;
    },
  );
}

function run(ops: LeaderOps, op: Op, args: unknown[], showUri: (uri: string) => void): Promise<unknown> {
  if (op === 'request') return ops.request(...(args as Parameters<LeaderOps['request']>));
  if (op === 'pair') return ops.pair(args[0] as PairingExtension | undefined, showUri);
  return ops.disconnect();
}
