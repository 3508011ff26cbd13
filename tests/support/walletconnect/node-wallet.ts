/**
 * A Hedera WalletConnect wallet in Node (test support), built on the library's own wallet side
 * (`HederaWeb3Wallet`, on WalletKit): it pairs from a wc: URI, approves the session for
 * hedera:mainnet with its accounts, and answers requests with the library's own handlers (so
 * messages are signed and answered exactly as the library's wallet does), executing signed
 * transactions through an injected `execute`. Each request's answer can be scripted.
 */
import { randomUUID } from 'node:crypto';
import { HederaWeb3Wallet } from '@hashgraph/hedera-wallet-connect/dist/lib/wallet';
import { type Executable, LedgerId, type PrivateKey, Transaction, TransactionResponse, Wallet } from '@hiero-ledger/sdk';
import type { WalletKitTypes } from '@reown/walletkit';
import { Core } from '@walletconnect/core';
import type { SessionTypes } from '@walletconnect/types';
import { getSdkError } from '@walletconnect/utils';

export interface NodeWalletAccount {
  accountId: string;
  privateKey: PrivateKey;
}

/** What a node answers right after its precheck (no receipt yet), as HashPack relays it. */
export interface ExecutionResult {
  transactionId: string;
  nodeId: string;
  transactionHash: string;
}

export interface NodeWalletOptions {
  relayUrl: string;
  projectId: string;
  accounts: NodeWalletAccount[];
  /** The wallet's name in its session metadata (dApps tell wallets apart by it); 'Node test wallet' by default. */
  name?: string;
  /** Submits signed transaction bytes (a TransactionList) to the ledger; rejects with the precheck status. */
  execute(signedTransactionBytes: Uint8Array): Promise<ExecutionResult>;
}

/**
 * How the wallet answers a request: sign it ('approve'); refuse with code 4001 or -32000; refuse
 * with WalletConnect's plain `{ code: 5000, message: 'User rejected.' }` ('user-rejected'); or
 * never answer ('no-answer').
 */
export type WalletAnswer = 'approve' | 'reject-4001' | 'reject-32000' | 'user-rejected' | 'no-answer';

export interface ScriptedAnswer {
  answer: WalletAnswer;
  /** Waits this long before answering (the user reading the request). */
  delayMs?: number;
  /** The error message of a 'reject-4001' or 'reject-32000' answer. */
  message?: string;
}

export interface ReceivedRequest {
  topic: string;
  method: string;
  params: unknown;
  answer: WalletAnswer;
}

/** A request waiting for the user, while the wallet holds requests (holdRequests). */
export interface HeldRequest {
  topic: string;
  method: string;
  params: unknown;
  /** The user answers; resolves once the answer went out to the dApp. */
  decide(answer: WalletAnswer | ScriptedAnswer): Promise<void>;
}

const METADATA = { description: 'A WalletConnect wallet for tests', url: 'https://wallet.test.invalid', icons: [] };
const CHAIN = 'hedera:mainnet';
const DEFAULT_REJECTIONS = { 'reject-4001': 'User rejected the request.', 'reject-32000': 'The wallet rejected the request' } as const;

type Provider = NonNullable<ConstructorParameters<typeof Wallet>[2]>;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A failure as a JSON-RPC error; 9000 (the library's Hedera error code) unless it has a code (the reserved -326xx would lose the message). */
function rpcError(error: unknown): { code: number; message: string } {
  const code = error && typeof error === 'object' && 'code' in error && typeof error.code === 'number' ? error.code : 9000;
  const message = error instanceof Error ? error.message : error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
  return { code, message };
}

/** A provider that hands signed transactions to `execute`; a wallet needs nothing else from a network here. */
function executingProvider(execute: NodeWalletOptions['execute']): Provider {
  const unsupported = () => Promise.reject(new Error('The node wallet only executes transactions'));
  return {
    getLedgerId: () => LedgerId.MAINNET,
    getNetwork: () => ({}),
    getMirrorNetwork: () => [],
    getAccountBalance: unsupported,
    getAccountInfo: unsupported,
    getAccountRecords: unsupported,
    getTransactionReceipt: unsupported,
    waitForReceipt: unsupported,
    call: async <RequestT, ResponseT, OutputT>(request: Executable<RequestT, ResponseT, OutputT>): Promise<OutputT> => {
      if (!(request instanceof Transaction)) throw new Error('The node wallet only executes transactions');
      const result = await execute(request.toBytes());
      return TransactionResponse.fromJSON(result) as OutputT;
    },
  };
}

export class NodeWallet {
  /** Every request the wallet received, with the answer it was given. */
  readonly requests: ReceivedRequest[] = [];
  private readonly script: ScriptedAnswer[] = [];
  private readonly approvals = new Map<string, { accounts: string[] | undefined; resolve(session: SessionTypes.Struct): void; reject(error: unknown): void }>();
  private holding = false;
  private readonly held: HeldRequest[] = [];
  private readonly heldWaiters: Array<(request: HeldRequest) => void> = [];
  private readonly signers: Map<string, Wallet>;

  private constructor(
    private readonly kit: HederaWeb3Wallet,
    options: NodeWalletOptions,
  ) {
    const provider = executingProvider(options.execute);
    this.signers = new Map(options.accounts.map(({ accountId, privateKey }) => [accountId, new Wallet(accountId, privateKey, provider)]));
    kit.on('session_proposal', (proposal) => void this.approve(proposal));
    kit.on('session_request', (request) => void this.answer(request));
  }

  /** Starts a wallet on the relay at `relayUrl`, with its own WalletConnect core and storage. */
  static async create(options: NodeWalletOptions): Promise<NodeWallet> {
    // A storage prefix of its own keeps it off the core a dApp in the same process shares globally.
    const core = new Core({ projectId: options.projectId, relayUrl: options.relayUrl, customStoragePrefix: `node-wallet-${randomUUID()}`, logger: 'silent' });
    const kit = new HederaWeb3Wallet({ core, metadata: { ...METADATA, name: options.name ?? 'Node test wallet' } });
    await kit.engine.init();
    return new NodeWallet(kit, options);
  }

  /**
   * Pairs from a wc: URI (a scanned QR code or an extension's connect message) and approves the
   * session with `accounts` (the accounts the user picked; all the wallet holds by default);
   * resolves with the approved session.
   */
  pair(uri: string, accounts?: string[]): Promise<SessionTypes.Struct> {
    const pairingTopic = uri.replace(/^wc:/, '').split('@')[0] ?? '';
    const approved = new Promise<SessionTypes.Struct>((resolve, reject) => this.approvals.set(pairingTopic, { accounts, resolve, reject }));
    return this.kit.pair({ uri }).then(() => approved);
  }

  /** From now on each request waits for the user's decision (nextRequest), unless a scripted answer is queued. */
  holdRequests(): void {
    this.holding = true;
  }

  /** The next request waiting for the user (while holding requests). */
  nextRequest(timeoutMs = 15_000): Promise<HeldRequest> {
    const waiting = this.held.shift();
    if (waiting) return Promise.resolve(waiting);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.heldWaiters.splice(this.heldWaiters.indexOf(take), 1);
        reject(new Error(`The wallet received no request within ${timeoutMs} ms`));
      }, timeoutMs);
      const take = (request: HeldRequest) => {
        clearTimeout(timer);
        resolve(request);
      };
      this.heldWaiters.push(take);
    });
  }

  /** Queues the answers to the next requests, in order; once the queue is empty every request is approved. */
  answerNext(...answers: Array<WalletAnswer | ScriptedAnswer>): void {
    this.script.push(...answers.map((answer) => (typeof answer === 'string' ? { answer } : answer)));
  }

  sessions(): SessionTypes.Struct[] {
    return Object.values(this.kit.getActiveSessions());
  }

  /** The user disconnects in the wallet: session_delete reaches the dApp. Ends every session when no topic is given. */
  async disconnect(topic?: string): Promise<void> {
    const topics = topic ? [topic] : this.sessions().map((session) => session.topic);
    for (const ended of topics) await this.kit.disconnectSession({ topic: ended, reason: getSdkError('USER_DISCONNECTED') });
  }

  /**
   * The wallet's side of a session reaches its expiry: the wallet drops it at its next heartbeat
   * (within 5 s) without telling the dApp, as an expiry does; requests on it then go unanswered.
   * (The dApp's side expires on the dApp's own clock.)
   */
  async expireSession(topic?: string): Promise<void> {
    const topics = topic ? [topic] : this.sessions().map((session) => session.topic);
    for (const expiring of topics) this.kit.core.expirer.set(expiring, Math.floor(Date.now() / 1000));
    const deadline = Date.now() + 10_000;
    while (this.sessions().some((session) => topics.includes(session.topic))) {
      if (Date.now() > deadline) throw new Error('The wallet did not expire the session');
      await sleep(50);
    }
  }

  /** Closes the wallet's relay connection for good. */
  async close(): Promise<void> {
    this.kit.core.heartbeat.stop();
    await this.kit.core.relayer.transportClose();
  }

  private async approve(proposal: WalletKitTypes.SessionProposal): Promise<void> {
    const waiting = this.approvals.get(proposal.params.pairingTopic);
    this.approvals.delete(proposal.params.pairingTopic);
    try {
      const accounts = (waiting?.accounts ?? [...this.signers.keys()]).map((accountId) => `${CHAIN}:${accountId}`);
      waiting?.resolve(await this.kit.buildAndApproveSession(accounts, proposal));
    } catch (error) {
      waiting?.reject(error);
    }
  }

  /** The user's decision on a request: scripted, or awaited while holding requests, else an approval. */
  private decision(request: WalletKitTypes.SessionRequest): Promise<{ decided: ScriptedAnswer; answered: () => void }> {
    const scripted = this.script.shift();
    if (scripted || !this.holding) return Promise.resolve({ decided: scripted ?? { answer: 'approve' }, answered: () => undefined });
    return new Promise((resolve) => {
      const held: HeldRequest = {
        topic: request.topic,
        method: request.params.request.method,
        params: request.params.request.params,
        decide: (answer) => new Promise<void>((answered) => resolve({ decided: typeof answer === 'string' ? { answer } : answer, answered: () => answered() })),
      };
      const waiter = this.heldWaiters.shift();
      if (waiter) waiter(held);
      else this.held.push(held);
    });
  }

  private async answer(request: WalletKitTypes.SessionRequest): Promise<void> {
    const { decided, answered } = await this.decision(request);
    try {
      await this.send(request, decided);
    } finally {
      answered();
    }
  }

  private async send(request: WalletKitTypes.SessionRequest, { answer, delayMs, message }: ScriptedAnswer): Promise<void> {
    this.requests.push({ topic: request.topic, method: request.params.request.method, params: request.params.request.params, answer });
    if (delayMs) await sleep(delayMs);
    switch (answer) {
      case 'no-answer':
        return;
      case 'reject-4001':
        return this.kit.rejectSessionRequest(request, { code: 4001, message: message ?? DEFAULT_REJECTIONS[answer] });
      case 'reject-32000':
        return this.kit.rejectSessionRequest(request, { code: -32000, message: message ?? DEFAULT_REJECTIONS[answer] });
      case 'user-rejected':
        return this.kit.rejectSessionRequest(request, getSdkError('USER_REJECTED'));
      case 'approve':
        try {
          const { accountId } = this.kit.parseSessionRequest(request);
          const signer = accountId && this.signers.get(accountId.toString());
          if (!signer) throw new Error(`This wallet holds no key for ${accountId?.toString() ?? 'the requested account'}`);
          await this.kit.executeSessionRequest(request, signer);
        } catch (error) {
          await this.kit.rejectSessionRequest(request, rpcError(error));
        }
    }
  }
}
