// The library's dist/lib entry points: its package root also loads the reown providers, which this
// adapter does not use (and which do not load outside a browser).
import { DAppConnector, type DAppSigner } from '@hashgraph/hedera-wallet-connect/dist/lib/dapp';
import { HederaChainId, HederaJsonRpcMethod, HederaSessionEvent } from '@hashgraph/hedera-wallet-connect/dist/lib/shared';
import { LedgerId } from '@hiero-ledger/sdk';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import { withTimeout } from '../../lib/timeout';
import type { WalletAdapter } from './wallet-adapter';
import { WALLET_MESSAGES, WalletError } from './wallet-errors';

const METADATA = {
  name: 'Wild Tigers',
  description: '3,333 unique digital tigers on Hedera blockchain with $PAWS token',
  url: typeof location === 'undefined' ? 'https://wildtigers.app' : location.origin,
  icons: [typeof location === 'undefined' ? '/favicon.svg' : `${location.origin}/favicon.svg`],
};

/** How long a request waits for a dropped relay connection to come back before the wallet counts as unreachable. */
const RELAY_RECONNECT_MS = 5_000;

type SignClient = NonNullable<DAppConnector['walletConnectClient']>;

interface Connector {
  dApp: DAppConnector;
  client: SignClient;
}

/** The session the app works with: the account just paired, or the one the store asked for. */
let inUse: { accountId: string; topic: string } | undefined;
let notifySessionEnded: () => void = () => {};
let connector: Promise<Connector> | undefined;

async function startConnector(): Promise<Connector> {
  if (!PUBLIC_CONFIG.walletConnectProjectId) throw new WalletError(WALLET_MESSAGES.notInitialized);
  const dApp = new DAppConnector(
    METADATA,
    LedgerId.MAINNET,
    PUBLIC_CONFIG.walletConnectProjectId,
    Object.values(HederaJsonRpcMethod),
    [HederaSessionEvent.ChainChanged, HederaSessionEvent.AccountsChanged],
    [HederaChainId.Mainnet],
    // The library's own logger logs request parameters below 'error'.
    'error',
  );
  await dApp.init({ logger: 'error' });
  const client = dApp.walletConnectClient;
  // init() reports its failures to the log only.
  if (!client) throw new Error('the WalletConnect client did not start');
  // Any session that ends is reported (a page restored after a reload has none in use yet); the
  // wallet store checks whether its account still has one.
  const ended = ({ topic }: { topic: string }) => {
    if (topic === inUse?.topic) inUse = undefined;
    notifySessionEnded();
  };
  client.on('session_delete', ended);
  client.on('session_expire', ended);
  return { dApp, client };
}

/** One DAppConnector per page, kept across disconnects (a failed start is retried on the next call). */
function pageConnector(): Promise<Connector> {
  connector ??= startConnector().catch((error: unknown) => {
    connector = undefined;
    throw error;
  });
  return connector;
}

/** When a session expires, in ms; 0 once it is gone. */
function expiryOf(client: SignClient, topic: string): number {
  return client.session.keys.includes(topic) ? client.session.get(topic).expiry * 1000 : 0;
}

function isLive(client: SignClient, topic: string): boolean {
  return expiryOf(client, topic) > Date.now();
}

/** The signer of the newest live session among `signers` (a newer session expires later). */
function newest(client: SignClient, signers: DAppSigner[]): DAppSigner | undefined {
  return signers.filter((signer) => isLive(client, signer.topic)).sort((a, b) => expiryOf(client, b.topic) - expiryOf(client, a.topic))[0];
}

/** The signer of a live session for `accountId`: the session in use, else the newest one. */
function signerFor({ dApp, client }: Connector, accountId: string): DAppSigner | undefined {
  const own = dApp.signers.filter((signer) => signer.getAccountId().toString() === accountId);
  return own.find((signer) => signer.topic === inUse?.topic && isLive(client, signer.topic)) ?? newest(client, own);
}

/** Waits briefly for a dropped relay connection to come back; a request sent without one would hang. */
async function requireRelay(client: SignClient): Promise<void> {
  const relayer = client.core.relayer;
  if (relayer.connected) return;
  const reopened = relayer.transportOpen().then(
    () => relayer.connected,
    () => false,
  );
  if (!(await withTimeout(reopened, RELAY_RECONNECT_MS, () => false))) throw new WalletError(WALLET_MESSAGES.connectionLost, false, true);
}

/**
 * Hedera WalletConnect (mainnet): the page's DAppConnector with the public project id; loaded
 * only when the user first connects. Sessions restored from storage are usable after a reload.
 * Requests go to the session of the account asked for; a wallet's refusal is passed on as the
 * wallet sent it (a `{ code, message }` object) for the catalogue to map.
 */
export async function createWalletConnectWallet(): Promise<WalletAdapter> {
  const page = await pageConnector();
  const listeners: Array<() => void> = [];
  notifySessionEnded = () => {
    for (const listener of listeners) listener();
  };

  async function request<T>(accountId: string, method: HederaJsonRpcMethod, params: Record<string, string>): Promise<T> {
    const signer = signerFor(page, accountId);
    if (!signer) throw new WalletError(WALLET_MESSAGES.sessionExpired, false, true);
    inUse = { accountId, topic: signer.topic };
    await requireRelay(page.client);
    return signer.request<T>({ method, params: { signerAccountId: `${HederaChainId.Mainnet}:${accountId}`, ...params } });
  }

  return {
    type: 'walletconnect',

    async connect(extensionId) {
      inUse = undefined;
      const session = extensionId ? await page.dApp.connectExtension(extensionId) : await page.dApp.openModal(undefined, true);
      const signer = page.dApp.signers.find((candidate) => candidate.topic === session.topic);
      if (!signer) throw new WalletError(WALLET_MESSAGES.connectFailed);
      inUse = { accountId: signer.getAccountId().toString(), topic: session.topic };
    },

    extensions: () => page.dApp.extensions.filter((extension) => extension.available).map(({ id, name, icon }) => ({ id, name: name ?? id, icon: icon ?? '' })),

    accountId() {
      if (inUse && isLive(page.client, inUse.topic)) return inUse.accountId;
      return newest(page.client, page.dApp.signers)?.getAccountId().toString() ?? null;
    },

    hasSession: (accountId) => signerFor(page, accountId) !== undefined,

    async signMessage(accountId, message) {
      const result = await request<{ signatureMap?: unknown } | null>(accountId, HederaJsonRpcMethod.SignMessage, { message });
      if (typeof result?.signatureMap !== 'string' || !result.signatureMap) throw new WalletError(WALLET_MESSAGES.noResponse, true);
      return result.signatureMap;
    },

    async signAndExecuteTransaction(accountId, transactionBytes) {
      const result = await request<{ transactionId?: unknown } | null>(accountId, HederaJsonRpcMethod.SignAndExecuteTransaction, {
        transactionList: transactionBytes,
      });
      return typeof result?.transactionId === 'string' && result.transactionId ? { transactionId: result.transactionId } : null;
    },

    async disconnect() {
      inUse = undefined;
      // Throws when nothing is left to disconnect.
      await page.dApp.disconnectAll().catch(() => undefined);
    },

    onSessionEnded(listener) {
      listeners.push(listener);
    },
  };
}
