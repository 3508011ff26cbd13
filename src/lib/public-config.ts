/**
 * What the browser needs to know of the network, fixed at build time (PUBLIC_* variables, the
 * same values the API's config reads). Defaults are the sandbox network's.
 */
const network = (import.meta.env.PUBLIC_NETWORK === 'mainnet' ? 'mainnet' : 'sandbox') as 'sandbox' | 'mainnet';

export const PUBLIC_CONFIG = {
  network,
  /**
   * The wallet the page connects: WalletConnect on mainnet (always); on the sandbox network the
   * sandbox wallet, unless the build asks for WalletConnect (PUBLIC_WALLET=walletconnect, as the
   * WalletConnect e2e does).
   */
  wallet: (network === 'mainnet' || import.meta.env.PUBLIC_WALLET === 'walletconnect' ? 'walletconnect' : 'sandbox') as 'sandbox' | 'walletconnect',
  nftTokenId: (import.meta.env.PUBLIC_NFT_TOKEN_ID as string | undefined) ?? '0.0.7000333',
  pawsTokenId: (import.meta.env.PUBLIC_PAWS_TOKEN_ID as string | undefined) ?? '0.0.9296439',
  marketplaceAccountId: (import.meta.env.PUBLIC_MARKETPLACE_ACCOUNT_ID as string | undefined) ?? '0.0.7000100',
  walletConnectProjectId: (import.meta.env.PUBLIC_WALLETCONNECT_PROJECT_ID as string | undefined) ?? '',
} as const;
