import { describe, expect, it } from 'vitest';
import { WALLET_APPS, walletAppLink } from '../../../src/features/wallet/wallet-apps';

const URI = 'wc:7f6e5d4c@2?relay-protocol=irn&symKey=0a1b&expiryTimestamp=1700000300';

describe('the wallet apps a phone opens with the pairing URI', () => {
  it("joins each registry link to the URI as WalletConnect's AppKit does: the base, then /wc?uri= and the encoded URI", () => {
    const links = Object.fromEntries(WALLET_APPS.map((app) => [app.name, walletAppLink(app, URI)]));
    expect(links).toEqual({
      HashPack: `https://link.hashpack.app/wc?uri=${encodeURIComponent(URI)}`,
      Kabila: `https://wallet.kabila.app/wc?uri=${encodeURIComponent(URI)}`,
      Blade: `org.bladelabs.bladewallet://wc?uri=${encodeURIComponent(URI)}`,
    });
    // The wallet reads back exactly the URI the page made.
    expect(new URL(links.HashPack as string).searchParams.get('uri')).toBe(URI);
  });
});
