import { DAppConnector, HederaChainId, HederaJsonRpcMethod, HederaSessionEvent } from '@hashgraph/hedera-wallet-connect';
import { LedgerId } from '@hiero-ledger/sdk';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import type { WalletAdapter } from './wallet-adapter';
import { WALLET_MESSAGES, WalletError } from './wallet-errors';

const METADATA = {
  name: 'Wild Tigers',
  description: '3,333 unique digital tigers on Hedera blockchain with $PAWS token',
  url: typeof location === 'undefined' ? 'https://wildtigers.app' : location.origin,
  icons: [typeof location === 'undefined' ? '/favicon.svg' : `${location.origin}/favicon.svg`],
};

const signerId = (accountId: string) => `hedera:mainnet:${accountId}`;

/**
 * Hedera WalletConnect (mainnet): DAppConnector with the public project id; loaded only when the
 * user first connects. Restored sessions come back in `signers` after init().
 */
export async function createWalletConnectWallet(): Promise<WalletAdapter> {
  if (!PUBLIC_CONFIG.walletConnectProjectId) throw new WalletError(WALLET_MESSAGES.notInitialized);
  const connector = new DAppConnector(
    METADATA,
    LedgerId.MAINNET,
    PUBLIC_CONFIG.walletConnectProjectId,
    Object.values(HederaJsonRpcMethod),
    [HederaSessionEvent.ChainChanged, HederaSessionEvent.AccountsChanged],
    [HederaChainId.Mainnet],
  );
  try {
    await connector.init({ logger: 'error' });
  } catch (error) {
    throw new WalletError(`${WALLET_MESSAGES.initFailed}${error instanceof Error ? `: ${error.message}` : ''}`);
  }
  const listeners: Array<() => void> = [];
  const ended = () => listeners.forEach((listener) => listener());
  connector.walletConnectClient?.on('session_delete', ended);
  connector.walletConnectClient?.on('session_expire', ended);

  function requireSession(): void {
    if (!connector.walletConnectClient) throw new WalletError(WALLET_MESSAGES.notInitialized);
    if (!connector.signers.length) throw new WalletError(WALLET_MESSAGES.noSession, false, true);
  }

  return {
    type: 'walletconnect',

    async connect() {
      await connector.openModal(undefined, true);
    },

    accountId: () => connector.signers[0]?.getAccountId().toString() ?? null,

    async signMessage(accountId, message) {
      requireSession();
      const response = await connector.signMessage({ signerAccountId: signerId(accountId), message });
      const signatureMap = (response as { result?: { signatureMap?: string } } | null)?.result?.signatureMap;
      if (!signatureMap) throw new WalletError(WALLET_MESSAGES.noResponse, true);
      return signatureMap;
    },

    async signAndExecuteTransaction(accountId, transactionBytes) {
      requireSession();
      const response = await connector.signAndExecuteTransaction({ signerAccountId: signerId(accountId), transactionList: transactionBytes });
      const transactionId = (response as { result?: { transactionId?: string } } | null)?.result?.transactionId;
      return transactionId ? { transactionId } : null;
    },

    async disconnect() {
      await connector.disconnectAll().catch(() => undefined);
    },

    onSessionEnded(listener) {
      listeners.push(listener);
    },
  };
}
