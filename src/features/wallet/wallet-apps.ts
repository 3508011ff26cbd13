/**
 * The Hedera wallet apps a phone opens with a WalletConnect pairing URI: the page cannot show a QR
 * code to the phone that shows it, so it links to the app, which pairs and hands the holder back.
 * Each link is the wallet's registry entry in the WalletConnect explorer (its `mobile.universal`,
 * else `mobile.native`, as mirrored in thirdweb-dev/js
 * packages/thirdweb/src/wallets/__generated__/wallet/{com.hashpack.wallet,app.kabila,
 * org.bladelabs}/index.ts) joined to the URI as WalletConnect's AppKit does (`${base}/wc?uri=`,
 * CoreHelperUtil.formatUniversalUrl / formatNativeUrl). HashPack and Kabila are the wallets
 * hedera-wallet-connect's README lists; Blade is kept for its installed users (the library's 2.0
 * dropped it from its examples, not from the protocol).
 */
export interface WalletApp {
  id: string;
  name: string;
  /** The registry's link base: https for a universal link (the app, or its site without it), else the app's scheme. */
  base: string;
}

export const WALLET_APPS: readonly WalletApp[] = [
  { id: 'hashpack', name: 'HashPack', base: 'https://link.hashpack.app' },
  { id: 'kabila', name: 'Kabila', base: 'https://wallet.kabila.app' },
  { id: 'blade', name: 'Blade', base: 'org.bladelabs.bladewallet://' },
];

/** The link that opens `app` with the pairing URI `uri`. */
export function walletAppLink(app: WalletApp, uri: string): string {
  const base = app.base.endsWith('/') ? app.base.slice(0, -1) : app.base;
  return `${base}/wc?uri=${encodeURIComponent(uri)}`;
}

/** Phone widths (Tailwind's `sm` breakpoint and below): the connect dialog offers the wallet apps first. */
export const PHONE_QUERY = '(max-width: 639px)';
