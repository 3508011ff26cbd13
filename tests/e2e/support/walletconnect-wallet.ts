/**
 * The WalletConnect side of the e2e (test support): the page's real DAppConnector talks, through
 * Playwright's routeWebSocket, to a local relay that a Node wallet built on the library's wallet
 * side (HederaWeb3Wallet) also uses. The wallet holds the sandbox demo accounts' keys, executes
 * to the sandbox consensus node over gRPC-web (src/sandbox/wallet/node-client.ts) and answers like HashPack: right after the
 * precheck, with { nodeId, transactionHash, transactionId } and no receipt.
 *
 * Needs tsx in the test process (the library's dist uses directory imports): Playwright runs
 * these specs with NODE_OPTIONS="--import tsx" (tests/run-all.ts).
 */
import { type BrowserContext, type Page, type WebSocketRoute, expect } from '@playwright/test';
import { test as base } from './test';
import { AccountAllowanceApproveTransaction, AccountAllowanceDeleteTransaction, Transaction, TransferTransaction } from '@hiero-ledger/sdk';
import { defaultSandboxNetwork } from '../../../src/sandbox/ledger/sandbox-network';
import { formatUnits } from '../../../src/features/balances/units';
import { sandboxAccountPrivateKey } from '../../../src/sandbox/ledger/sandbox-keys';
import { type ExecutionResult, type HeldRequest, NodeWallet } from '../../support/walletconnect/node-wallet';
import { RELAY_CLOSE, type RelayServer, createRelay, startRelayServer } from '../../support/walletconnect/relay';
import type { DemoName, WalletDriver } from './wallet-driver';
import { submitToNode } from '../../../src/sandbox/wallet/node-client';
import { patient } from './pace';

/** Any id works with the local relay; the WalletConnect build uses this one (PUBLIC_WALLETCONNECT_PROJECT_ID). */
export const E2E_PROJECT_ID = 'wild-tigers-e2e';
const RELAY_URL = /^wss:\/\/relay\.walletconnect\.(com|org)\//;

/** Statuses a consensus node answers at precheck: the wallet reports these as failures; anything else it answers with the id. */
const PRECHECK_FAILURES = new Set([
  'INVALID_SIGNATURE',
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_EXPIRED',
  'INVALID_TRANSACTION_START',
  'INVALID_TRANSACTION_DURATION',
  'INSUFFICIENT_PAYER_BALANCE',
  'INSUFFICIENT_TX_FEE',
  'PAYER_ACCOUNT_NOT_FOUND',
  'INVALID_NODE_ACCOUNT',
  'INVALID_TRANSACTION',
  'INVALID_TRANSACTION_BODY',
  'TRANSACTION_OVERSIZE',
  'BUSY',
  'PLATFORM_NOT_ACTIVE',
]);

const DEMO_ACCOUNTS = defaultSandboxNetwork.demoAccounts;

function accountOf(name: DemoName): string {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.displayName === name);
  if (!account) throw new Error(`${name} is not a demo account`);
  return account.accountId;
}

/** Submits signed bytes to the sandbox ledger as a wallet submits to a node, and answers after the precheck. */
function sandboxExecutor(origin: string) {
  return async (signedTransactionBytes: Uint8Array): Promise<ExecutionResult> => {
    const transaction = Transaction.fromBytes(signedTransactionBytes);
    const answer = await submitToNode(origin, transaction);
    if (PRECHECK_FAILURES.has(answer.status)) throw new Error(answer.status);
    return {
      transactionId: transaction.transactionId?.toString() ?? answer.transactionId ?? '',
      nodeId: transaction.nodeAccountIds?.[0]?.toString() ?? '',
      transactionHash: Buffer.from(await transaction.getTransactionHash()).toString('hex'),
    };
  };
}

/** The transaction inside a hedera_signAndExecuteTransaction request, if it is one. */
export function requestedTransaction(request: Pick<HeldRequest, 'params'>): Transaction | undefined {
  const list = (request.params as { transactionList?: unknown } | undefined)?.transactionList;
  return typeof list === 'string' ? Transaction.fromBytes(Buffer.from(list, 'base64')) : undefined;
}

/** An amount of a token as the sandbox wallet shows it: PAWS in PAWS, another token in base units. */
function tokenAmount(tokenId: string, amount: { toString(): string } | null | undefined): string {
  const network = defaultSandboxNetwork;
  const base = BigInt(amount?.toString() ?? '0');
  return tokenId === network.pawsTokenId ? `${formatUnits(base, network.pawsDecimals)} ${network.pawsSymbol}` : `${base} base units`;
}

/** What the wallet shows the user for a request (the lines the sandbox wallet's prompt shows). */
export function describeRequest(request: Pick<HeldRequest, 'method' | 'params'>): string {
  const message = (request.params as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return message;
  const transaction = requestedTransaction(request);
  if (!transaction) return request.method;
  const lines = [`Transaction ${transaction.transactionId?.toString() ?? ''}`];
  if (transaction instanceof AccountAllowanceApproveTransaction) {
    lines.push('Allowance approval (AccountAllowanceApprove)');
    for (const approval of transaction.tokenApprovals)
      lines.push(
        `${approval.spenderAccountId?.toString()} may spend ${tokenAmount(approval.tokenId.toString(), approval.amount)} of token ${approval.tokenId.toString()}`,
      );
    for (const approval of transaction.tokenNftApprovals)
      lines.push(`${approval.spenderAccountId?.toString()} may transfer NFT ${approval.tokenId.toString()} #${(approval.serialNumbers ?? []).join(', #')}`);
  } else if (transaction instanceof AccountAllowanceDeleteTransaction) {
    lines.push('Allowance removal (AccountAllowanceDelete)');
  } else if (transaction instanceof TransferTransaction) {
    for (const [account, amount] of transaction.hbarTransfers) lines.push(`${account.toString()}: ${amount.toString()}`);
    for (const [token, transfers] of transaction.tokenTransfers)
      for (const [account, amount] of transfers) lines.push(`${account.toString()}: ${tokenAmount(token.toString(), amount)} of token ${token.toString()}`);
    for (const [token, transfers] of transaction.nftTransfers)
      for (const transfer of transfers)
        lines.push(`NFT ${token.toString()} #${transfer.serial.toString()}: ${transfer.sender.toString()} -> ${transfer.recipient.toString()}`);
  }
  return lines.join('\n');
}

/**
 * WalletConnect's Verify page as it answers a dApp: it posts an attestation (a JWT naming the id it
 * was asked about) to the page, which waits up to 5 s for it before proposing a session. Unsigned
 * here: the wallet side cannot reach Verify to check it anyway and treats the origin as unverified.
 */
const VERIFY_PAGE = `<!doctype html><script>
const id = new URLSearchParams(location.search).get('id');
const part = (value) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
const attestation = part({ alg: 'none', typ: 'JWT' }) + '.' + part({ id, origin: new URLSearchParams(location.search).get('origin') }) + '.';
parent.postMessage(JSON.stringify({ type: 'verify_attestation', attestation }), '*');
</script>`;

/** Only the loopback host is reachable from tests: the Node wallet's calls to WalletConnect's cloud fail at once, as the page's do. */
function keepNodeWalletOffline(): void {
  const online = globalThis.fetch;
  if ((online as { offline?: boolean }).offline) return;
  const offline = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return online(input, init);
    return Promise.reject(new TypeError(`fetch failed: ${url.host} is not reachable from tests`));
  };
  globalThis.fetch = Object.assign(offline, { offline: true });
}

/** What a phone's browser does as the holder switches apps: the page's visibility changes (its 'visibilitychange'). */
export async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** The browser's side of the relay: its connections can be dropped, as a relay that goes away (or a phone that suspends the page) drops them. */
export interface PageRelay {
  /** Closes the browser's relay sockets (1001 'Server terminating') and refuses new ones until restore(). */
  drop(): void;
  restore(): void;
  /** The browser's open relay sockets go dead without closing (a phone resuming a suspended page): nothing passes on them again. */
  stall(): void;
  /** How many of the relay's pushes the browser has acknowledged (it answers each push it received). */
  acknowledged(): number;
}

/** Sends the page's relay connections to `relay` and answers the modal's wallet listing (offline it would never open). */
async function routeWalletConnect(context: BrowserContext, relay: RelayServer): Promise<PageRelay> {
  const open = new Set<WebSocketRoute>();
  const dead = new Set<WebSocketRoute>();
  let down = false;
  let acknowledged = 0;
  await context.routeWebSocket(RELAY_URL, (socket) => {
    if (down) return void socket.close({ code: 1001, reason: RELAY_CLOSE[1001] });
    open.add(socket);
    const peer = relay.relay.connect(
      (text) => !dead.has(socket) && socket.send(text),
      socket.url(),
      (code, reason) => void socket.close({ code, reason }),
    );
    socket.onMessage((message) => {
      if (dead.has(socket)) return;
      const frame = JSON.parse(String(message)) as { method?: unknown };
      if (frame.method === undefined) acknowledged += 1;
      peer.receive(String(message));
    });
    socket.onClose(() => {
      open.delete(socket);
      dead.delete(socket);
      peer.close();
    });
  });
  // Nothing else of WalletConnect's is reachable from here: fail such calls at once (routes added later take precedence).
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(walletconnect\.(com|org)|reown\.com|web3modal\.org)\//, (route) => route.abort());
  await context.route('https://explorer-api.walletconnect.com/**', (route) => route.fulfill({ json: { listings: {}, total: 0 } }));
  await context.route('https://verify.walletconnect.org/v3/attestation?**', (route) => route.fulfill({ contentType: 'text/html', body: VERIFY_PAGE }));
  return {
    drop() {
      down = true;
      for (const socket of open) void socket.close({ code: 1001, reason: RELAY_CLOSE[1001] });
    },
    restore() {
      down = false;
    },
    stall() {
      for (const socket of open) dead.add(socket);
    },
    acknowledged: () => acknowledged,
  };
}

export interface FakeExtension {
  id: string;
  name: string;
  /** How often the page asked the extension to open (once per request on its session). */
  opened(): number;
}

/**
 * The WalletConnect wallet of one test: a Node wallet holding every demo account, on a relay the
 * test's browser context reaches. Requests wait for the test's decision (approveNext / rejectNext).
 */
export class WalletConnectWallet implements WalletDriver {
  readonly name = 'walletconnect';
  /** How many sessions the wallet approved (a restored session needs no new one). */
  pairings = 0;

  constructor(
    readonly node: NodeWallet,
    /** The browser's relay connections. */
    readonly pageRelay: PageRelay,
  ) {}

  /** The wc: URI the page's QR modal shows. */
  async scanQrCode(page: Page): Promise<string> {
    const code = page.locator('wcm-qrcode');
    await expect(code).toHaveAttribute('uri', /^wc:/, { timeout: patient(20_000) });
    return (await code.getAttribute('uri')) ?? '';
  }

  /** Pairs with the page from `uri`, approving the session for the one account the user picked. */
  async pair(uri: string, name: DemoName): Promise<void> {
    await this.node.pair(uri, [accountOf(name)]);
    this.pairings += 1;
  }

  async pickAccount(page: Page, name: DemoName): Promise<void> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    await this.pair(await this.scanQrCode(page), name);
  }

  async connectAs(page: Page, name: DemoName): Promise<void> {
    await this.pickAccount(page, name);
    await this.approveNext(page, /Click to sign in and accept the Terms of Service of Wild Tigers/);
    await expect(page.getByTestId('wallet-menu')).toContainText(accountOf(name));
  }

  /** The next request the page sent to the wallet (not yet answered). */
  nextRequest(timeoutMs = patient(20_000)): Promise<HeldRequest> {
    return this.node.nextRequest(timeoutMs);
  }

  async approveNext(_page: Page, text?: RegExp): Promise<string | undefined> {
    const request = await this.nextRequest();
    if (text) expect(describeRequest(request)).toMatch(text);
    await request.decide('approve');
    return requestedTransaction(request)?.transactionId?.toString();
  }

  async rejectNext(_page: Page): Promise<string | undefined> {
    const request = await this.nextRequest();
    await request.decide('reject-4001');
    return requestedTransaction(request)?.transactionId?.toString();
  }

  async disconnect(page: Page): Promise<void> {
    await page.getByTestId('wallet-menu').click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  }

  /**
   * A browser extension wallet in `page` (install before the page loads), announcing itself as the
   * library expects (hedera-extension-query -> hedera-extension-response) and pairing `name`'s
   * account from the URI of a connect request.
   */
  async addExtension(page: Page, metadata: { id: string; name: string; icon: string }, name: DemoName): Promise<FakeExtension> {
    let opened = 0;
    await page.exposeFunction('__walletExtensionPair', (uri: string) => void this.pair(uri, name));
    await page.exposeFunction('__walletExtensionOpened', () => {
      opened += 1;
    });
    await page.addInitScript((extension) => {
      const bridge = window as unknown as { __walletExtensionPair(uri: string): void; __walletExtensionOpened(): void };
      window.addEventListener('message', (event: MessageEvent<{ type?: unknown; pairingString?: unknown } | null>) => {
        const type = event.data?.type;
        if (type === 'hedera-extension-query')
          window.postMessage({ type: 'hedera-extension-response', metadata: { ...extension, url: 'https://wallet.test.invalid' } }, '*');
        if (type === `hedera-extension-connect-${extension.id}` && typeof event.data?.pairingString === 'string')
          bridge.__walletExtensionPair(event.data.pairingString);
        if (type === `hedera-extension-open-${extension.id}`) bridge.__walletExtensionOpened();
      });
    }, metadata);
    return { ...metadata, opened: () => opened };
  }
}

/** Playwright's test with a WalletConnect wallet for each test (`walletConnect`), wired into the test's browser context. */
export const test = base.extend<{ walletConnect: WalletConnectWallet }>({
  walletConnect: [
    async ({ context, baseURL }, use) => {
      if (!baseURL) throw new Error('the WalletConnect e2e needs a baseURL');
      keepNodeWalletOffline();
      const relay = await startRelayServer({ relay: createRelay() });
      const pageRelay = await routeWalletConnect(context, relay);
      const node = await NodeWallet.create({
        relayUrl: relay.url,
        projectId: E2E_PROJECT_ID,
        name: 'HashPack (test)',
        accounts: DEMO_ACCOUNTS.map(({ accountId }) => ({ accountId, privateKey: sandboxAccountPrivateKey(accountId) })),
        execute: sandboxExecutor(baseURL),
      });
      node.holdRequests();
      await use(new WalletConnectWallet(node, pageRelay));
      await node.close();
      await relay.close();
    },
    { auto: true },
  ],
});

export { expect };
