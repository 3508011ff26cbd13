// The library's dist/lib entry points: its package root also loads the reown providers, which this
// adapter does not use (and which do not load outside a browser).
import { DAppConnector } from '@hashgraph/hedera-wallet-connect/dist/lib/dapp';
import { HederaChainId, HederaJsonRpcMethod, HederaSessionEvent, extensionConnect } from '@hashgraph/hedera-wallet-connect/dist/lib/shared';
import { LedgerId } from '@hiero-ledger/sdk';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { withTimeout } from '@/lib/timeout';
import type { WalletAdapter } from './wallet-port';
import { WALLET_MESSAGES, WalletError } from './wallet-errors';
import { type LeaderClient, type LeaderOps, type LinkedSession, type PairingExtension, type TabLink, linkTabs } from './walletconnect-tabs';

const METADATA = {
  name: 'Wild Tigers',
  description: '3,333 unique digital tigers on Hedera blockchain with $PAWS token',
  url: typeof location === 'undefined' ? 'https://wildtigers.app' : location.origin,
  icons: [typeof location === 'undefined' ? '/favicon.svg' : `${location.origin}/favicon.svg`],
};

/** How long a request waits for a dropped relay connection to come back before the wallet counts as unreachable. */
const RELAY_RECONNECT_MS = 5_000;

type SignClient = NonNullable<DAppConnector['walletConnectClient']>;

/** One DAppConnector per page: its QR modal and the extensions found in this tab; its client runs only in the leading tab. */
let pageDApp: DAppConnector | undefined;
/** The link to the leading tab (this one or another), made on the first adapter load (a failed one is made again). */
let tabs: Promise<TabLink> | undefined;

function dAppOfPage(): DAppConnector {
  if (!PUBLIC_CONFIG.walletConnectProjectId) throw new WalletError(WALLET_MESSAGES.notInitialized);
  pageDApp ??= new DAppConnector(
    METADATA,
    LedgerId.MAINNET,
    PUBLIC_CONFIG.walletConnectProjectId,
    Object.values(HederaJsonRpcMethod),
    [HederaSessionEvent.ChainChanged, HederaSessionEvent.AccountsChanged],
    [HederaChainId.Mainnet],
    // The library's own logger logs request parameters below 'error'.
    'error',
  );
  return pageDApp;
}

/** When a session expires, in ms; 0 once it is gone. */
function expiryOf(client: SignClient, topic: string): number {
  return client.session.keys.includes(topic) ? client.session.get(topic).expiry * 1000 : 0;
}

/** The live sessions among `sessions`, newest first (a newer session expires later). */
function liveNewestFirst(sessions: LinkedSession[]): LinkedSession[] {
  return sessions.filter((session) => session.expiry > Date.now()).sort((a, b) => b.expiry - a.expiry);
}

/** A live session for `accountId`: the one `preferred` names, else the newest. */
function sessionFor(sessions: LinkedSession[], accountId: string, preferred?: string): LinkedSession | undefined {
  const own = liveNewestFirst(sessions).filter((session) => session.accountId === accountId);
  return own.find((session) => session.topic === preferred) ?? own[0];
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

/** Starts this tab's client, when it takes the lead: the sessions it holds and what it does for every tab. */
async function startClient(): Promise<LeaderClient> {
  const dApp = dAppOfPage();
  await dApp.init({ logger: 'error' });
  const client = dApp.walletConnectClient;
  // init() reports its failures to the log only.
  if (!client) throw new Error('the WalletConnect client did not start');
  const listeners: Array<(ended: boolean) => void> = [];
  const changed = (ended: boolean) => {
    for (const listener of listeners) listener(ended);
  };
  // Any session that ends is reported (a page restored after a reload has none in use yet); each
  // tab's wallet store checks whether its account still has one.
  client.on('session_delete', () => changed(true));
  client.on('session_expire', () => changed(true));
  client.on('session_update', () => changed(false));
  client.on('session_extend', () => changed(false));

  // A phone suspends a hidden page and may resume it on a dead socket that still looks open: answers pushed meanwhile
  // never arrive on it. Visible again with answers awaited (or no connection), the tab opens a fresh connection;
  // the relay pushes what it kept unacknowledged once the client subscribes again.
  let awaited = 0;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || (!awaited && client.core.relayer.connected)) return;
    void client.core.relayer.restartTransport().catch(() => undefined);
  });

  const sessions = (): LinkedSession[] =>
    dApp.signers
      .map((signer) => ({ accountId: signer.getAccountId().toString(), topic: signer.topic, expiry: expiryOf(client, signer.topic) }))
      .filter((session) => session.expiry > Date.now());

  const ops: LeaderOps = {
    async request(accountId, topic, method, params) {
      const chosen = sessionFor(sessions(), accountId, topic);
      const signer = chosen && dApp.signers.find((candidate) => candidate.topic === chosen.topic);
      if (!signer) throw new WalletError(WALLET_MESSAGES.sessionExpired, false, true);
      await requireRelay(client);
      awaited += 1;
      try {
        return await signer.request({ method, params: { signerAccountId: `${HederaChainId.Mainnet}:${accountId}`, ...params } });
      } finally {
        awaited -= 1;
      }
    },
    async pair(extension, showUri) {
      // The asking tab shows the URI (its QR modal, or its extension's window): as connectExtension does, an
      // extension's session keeps its id, so that each request asks the extension to show itself.
      awaited += 1;
      const session = await dApp
        .connect(showUri, undefined, extension && !extension.availableInIframe ? extension.id : undefined)
        .finally(() => (awaited -= 1));
      changed(false);
      const found = sessions().find((candidate) => candidate.topic === session.topic);
      if (!found) throw new WalletError(WALLET_MESSAGES.connectFailed);
      return found;
    },
    async disconnect() {
      // Throws when nothing is left to disconnect.
      await dApp.disconnectAll().catch(() => undefined);
      changed(false);
    },
  };
  return { ops, sessions, onChange: (listener) => void listeners.push(listener) };
}

/**
 * Shows a pairing URI handed over by the leading tab (or this tab's own client) here: the extension's
 * window, or the QR modal, whose closing cancels. `stop` stops watching the modal.
 */
function showInThisTab(dApp: DAppConnector, extension: PairingExtension | undefined, cancel: (error: Error) => void) {
  let unwatch: () => void = () => undefined;
  const show = (uri: string) => {
    if (extension) return extensionConnect(extension.id, extension.availableInIframe, uri);
    dApp.walletConnectModal.openModal({ uri });
    unwatch = dApp.walletConnectModal.subscribeModal((state: { open: boolean }) => {
      if (!state.open) cancel(new Error('User rejected pairing'));
    });
  };
  return { show, stop: () => unwatch() };
}

/**
 * Hedera WalletConnect (mainnet), loaded only when the user first connects: one client for all the
 * site's tabs (walletconnect-tabs.ts), whichever tab asks. Sessions restored from storage are usable
 * after a reload. Requests go to the session of the account asked for; a wallet's refusal is passed
 * on as the wallet sent it (a `{ code, message }` object) for the catalogue to map.
 */
export async function createWalletConnectWallet(): Promise<WalletAdapter> {
  const dApp = dAppOfPage();
  tabs ??= linkTabs(startClient).catch((error: unknown) => {
    tabs = undefined;
    throw error;
  });
  const link = await tabs;
  /** The session this tab works with: the account just paired, or the one the store asked for. */
  let inUse: { accountId: string; topic: string } | undefined;
  const listeners: Array<() => void> = [];
  link.onChange((ended) => {
    if (inUse && !sessionFor(link.sessions(), inUse.accountId, inUse.topic)) inUse = undefined;
    if (ended) for (const listener of listeners) listener();
  });

  async function request<T>(accountId: string, method: HederaJsonRpcMethod, params: Record<string, string>): Promise<T> {
    const session = sessionFor(link.sessions(), accountId, inUse?.topic);
    if (!session) throw new WalletError(WALLET_MESSAGES.sessionExpired, false, true);
    inUse = { accountId, topic: session.topic };
    return (await link.request(accountId, session.topic, method, params)) as T;
  }

  return {
    type: 'walletconnect',

    async connect(extensionId, pairing) {
      inUse = undefined;
      const found = extensionId ? dApp.extensions.find((extension) => extension.id === extensionId && extension.available) : undefined;
      if (extensionId && !found) throw new WalletError(WALLET_MESSAGES.connectFailed);
      const extension = found && { id: found.id, availableInIframe: Boolean(found.availableInIframe) };
      let cancelled: (error: Error) => void = () => undefined;
      const cancel = new Promise<never>((_, reject) => {
        cancelled = reject;
      });
      pairing?.signal.addEventListener('abort', () => cancelled(new Error('User rejected pairing')));
      const shown = showInThisTab(dApp, extension, cancelled);
      const session = await Promise.race([link.pair(extension, pairing ? pairing.show : shown.show), cancel]).finally(() => {
        shown.stop();
        dApp.walletConnectModal.closeModal();
      });
      inUse = { accountId: session.accountId, topic: session.topic };
    },

    extensions: () => dApp.extensions.filter((extension) => extension.available).map(({ id, name, icon }) => ({ id, name: name ?? id, icon: icon ?? '' })),

    accountId() {
      if (inUse && sessionFor(link.sessions(), inUse.accountId, inUse.topic)?.topic === inUse.topic) return inUse.accountId;
      return liveNewestFirst(link.sessions())[0]?.accountId ?? null;
    },

    hasSession: (accountId) => sessionFor(link.sessions(), accountId) !== undefined,

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
      await link.disconnect();
    },

    onSessionEnded(listener) {
      listeners.push(listener);
    },
  };
}
