/**
 * The WalletConnect integration harness (test support): a Node "page" running the real adapter,
 * a local relay, and node wallets built on the library's wallet side.
 */
// First: the page globals must be in place before any WalletConnect library loads.
import { routeRelay, scanQrCode } from './node-page';
import type { WalletAdapter } from '../../../src/features/wallet/wallet-port';
import { NodeWallet, type NodeWalletOptions } from './node-wallet';
import { type RelayServer, startRelayServer } from './relay';

export const PROJECT_ID = 'wild-tigers-tests';

export interface TestPage {
  relay: RelayServer;
  /** A fresh adapter on the page's (single) connector, as the wallet store loads one. */
  loadAdapter(): Promise<WalletAdapter>;
  /** A wallet on the page's relay. */
  startWallet(options: Pick<NodeWalletOptions, 'accounts' | 'execute' | 'name'>): Promise<NodeWallet>;
  close(): Promise<void>;
}

/** Starts a relay, points the page's WalletConnect relay URL at it and loads the adapter module. */
export async function openPage(): Promise<TestPage> {
  const relay = await startRelayServer();
  routeRelay(relay.url);
  process.env.PUBLIC_WALLETCONNECT_PROJECT_ID = PROJECT_ID;
  const { createWalletConnectWallet } = await import('../../../src/features/wallet/walletconnect-adapter');
  const wallets: NodeWallet[] = [];
  return {
    relay,
    loadAdapter: createWalletConnectWallet,
    async startWallet(options) {
      const wallet = await NodeWallet.create({ ...options, relayUrl: relay.url, projectId: PROJECT_ID });
      wallets.push(wallet);
      return wallet;
    },
    async close() {
      await Promise.all(wallets.map((wallet) => wallet.close()));
      await relay.close();
    },
  };
}

/** The user connects with the QR code: the adapter opens the modal, the wallet scans it and approves. */
export async function connectByQrCode(adapter: WalletAdapter, wallet: NodeWallet): Promise<void> {
  const connecting = adapter.connect();
  await wallet.pair(await scanQrCode());
  await connecting;
}
