import type { WalletAdapter, WalletType } from './wallet-port';

/**
 * The browser's composition of the wallets, the one product module that names the sandbox's: each is loaded on first
 * use, so no page ships wallet code before the user connects.
 */
export async function loadWalletAdapter(type: WalletType): Promise<WalletAdapter> {
  if (type === 'sandbox') return (await import('@/sandbox/wallet/sandbox-wallet')).createSandboxWallet();
  return (await import('./walletconnect-adapter')).createWalletConnectWallet();
}
