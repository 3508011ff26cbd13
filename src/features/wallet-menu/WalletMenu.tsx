import { useStore } from '@nanostores/react';
import { type ComponentProps, type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { useIslandStore } from '@/lib/use-island-store';
import type { WalletExtension } from '@/features/wallet/wallet-port';
import { $wallet, $walletPromptHost, connectWallet } from '@/features/wallet/wallet-store';
import { signInState } from '@/features/wallet/sign-in-state';
import { signInFromPage } from '@/features/wallet/sign-in-focus';
import { $writeInDialog, $writes, NO_WRITES, trayWrites } from '@/features/writes/write-store';
import { WalletTrigger } from './WalletTrigger';

/** The signed-in holder's part of the nav: their inbox, their waiting trades resumed (its code loads once signed in). */
const HolderNav = lazy(() => import('./HolderNav'));

/** The tray of trades in progress (its code loads once there is one to show). */
const WritesTray = lazy(() => import('@/features/writes/WritesTray').then((module) => ({ default: module.WritesTray })));

type DropdownModule = typeof import('./WalletMenuDropdown');
let dropdownModule: DropdownModule | undefined;
/** Loads the dropdown's code (Radix) once; started on hover or focus, awaited on the first open. */
async function loadDropdown(): Promise<DropdownModule> {
  dropdownModule = await import('./WalletMenuDropdown');
  return dropdownModule;
}

type ChooserProps = ComponentProps<typeof import('@/features/wallet/ConnectWalletDialog').default>;

/**
 * The nav's wallet area: connect, sign in ('Authenticate'), the account, My Profile, disconnect.
 * It ships light: the connect button and the account button are plain buttons; the Radix dropdown
 * loads on the first open, and a wallet's own window (the sandbox wallet's) comes with its code.
 */
export default function WalletMenu() {
  const wallet = useIslandStore($wallet);
  const PromptHost = useStore($walletPromptHost);
  const [Dropdown, setDropdown] = useState<ComponentType<{ defaultOpen?: boolean; Trigger: typeof WalletTrigger }> | null>(null);
  const [opening, setOpening] = useState(false);
  // The WalletConnect build: wallet extensions found in the page, offered beside the QR code.
  const [chooser, setChooser] = useState<{ Dialog: ComponentType<ChooserProps>; extensions: WalletExtension[] } | null>(null);
  const [detecting, setDetecting] = useState(false);
  // The pre-rendered button does nothing until this island hydrates (client:idle): say so.
  const [hydrated, setHydrated] = useState(false);

  const writes = useIslandStore($writes, NO_WRITES);
  const inDialog = useStore($writeInDialog);

  // (The stored connection is restored by the wallet store itself, when the first island reads it.)
  useEffect(() => setHydrated(true), []);
  const signedIn = wallet.isAuthenticated ? wallet.accountId : null;
  useEffect(() => {
    // After a disconnect the next account starts again from the light button (menu closed); a connect closes the chooser.
    if (!wallet.isConnected) setDropdown(null);
    else setChooser(null);
  }, [wallet.isConnected]);

  const walletType = PUBLIC_CONFIG.wallet;
  const promptHost = PromptHost ? <PromptHost /> : null;
  // The signed-in holder's trades in progress, on every page: the menu is the one island each page has.
  const shownWrites = trayWrites(signedIn, writes, inDialog);
  const tray = shownWrites.length ? (
    <Suspense fallback={null}>
      <WritesTray writes={shownWrites} />
    </Suspense>
  ) : null;

  /** Connect Wallet: straight to the wallet, or to the chooser (wallet extensions in the page, the wallet apps on a phone). */
  async function startConnect(): Promise<void> {
    if (walletType === 'sandbox') return connectWallet(walletType);
    setDetecting(true);
    try {
      const chooserModule = await import('@/features/wallet/ConnectWalletDialog');
      const extensions = await chooserModule.chooserOrConnect(walletType);
      if (extensions) setChooser({ Dialog: chooserModule.default, extensions });
    } finally {
      setDetecting(false);
    }
  }

  function choose(extensionId: string | undefined): void {
    setChooser(null);
    void connectWallet(walletType, extensionId);
  }

  if (!wallet.isConnected || !wallet.accountId) {
    return (
      <>
        <button
          type="button"
          className={buttonVariants({ size: 'sm' })}
          onClick={() => void startConnect()}
          disabled={wallet.isConnecting || detecting}
          aria-disabled={hydrated ? undefined : true}
          aria-busy={wallet.isConnecting || detecting}
        >
          {wallet.isConnecting || detecting ? 'Connecting…' : 'Connect Wallet'}
        </button>
        {chooser && <chooser.Dialog walletType={walletType} extensions={chooser.extensions} onChoose={choose} onCancel={() => setChooser(null)} />}
        {promptHost}
      </>
    );
  }

  const openMenu = () => {
    if (opening) return;
    setOpening(true);
    loadDropdown()
      .then((module) => setDropdown(() => module.default))
      .catch((error: unknown) => console.warn('Failed to load the wallet menu', error))
      .finally(() => setOpening(false));
  };

  const prefetch = () => {
    if (!dropdownModule) loadDropdown().catch(() => undefined);
  };

  return (
    <>
      {Dropdown ? (
        <Dropdown defaultOpen Trigger={WalletTrigger} />
      ) : (
        <WalletTrigger
          accountId={wallet.accountId}
          signIn={signInState(wallet)}
          aria-haspopup="menu"
          aria-expanded="false"
          aria-busy={opening}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={openMenu}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              openMenu();
            }
          }}
        />
      )}
      {signedIn && (
        <Suspense fallback={null}>
          <HolderNav accountId={signedIn} />
        </Suspense>
      )}
      {tray}
      {signInState(wallet) === 'signed-out' && (
        // Connected, not signed in: the sign-in in plain sight where the nav has room (the menu, the toast and the pages have it too).
        <button
          type="button"
          className={buttonVariants({ size: 'sm', className: 'max-xl:hidden' })}
          onClick={() => void signInFromPage()}
          disabled={wallet.isAuthenticating}
          aria-busy={wallet.isAuthenticating}
        >
          {wallet.isAuthenticating ? 'Authenticating…' : 'Authenticate'}
        </button>
      )}
      {promptHost}
    </>
  );
}
