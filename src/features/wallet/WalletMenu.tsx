import { useStore } from '@nanostores/react';
import { type ComponentProps, type ComponentType, useEffect, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import { formatAccountId } from '../../lib/format';
import { $wallet, $walletPromptHost, connectWallet, restoreWallet } from './wallet-store';

type DropdownModule = typeof import('./WalletMenuDropdown');
let dropdownModule: DropdownModule | undefined;
/** Loads the dropdown's code (Radix) once; started on hover or focus, awaited on the first open. */
function loadDropdown(): Promise<DropdownModule> {
  return import('./WalletMenuDropdown').then((module) => (dropdownModule = module));
}

/** The account button: the light menu's own, and the Radix dropdown's trigger once that loaded. */
export function WalletTrigger({ accountId, authenticated, ...props }: ComponentProps<'button'> & { accountId: string; authenticated: boolean }) {
  return (
    <button
      type="button"
      aria-label={`Wallet menu for ${accountId}`}
      data-testid="wallet-menu"
      className={buttonVariants({ size: 'sm', variant: 'outline' })}
      {...props}
    >
      <span aria-hidden="true" className={authenticated ? 'text-emerald-400' : 'text-amber-400'}>
        ●
      </span>
      {formatAccountId(accountId)}
    </button>
  );
}

/**
 * The nav's wallet area: connect, sign in ('Authenticate'), the account, My Profile, disconnect.
 * It ships light: the connect button and the account button are plain buttons; the Radix dropdown
 * loads on the first open, and a wallet's own window (the sandbox wallet's) comes with its code.
 */
export default function WalletMenu() {
  const wallet = useStore($wallet);
  const PromptHost = useStore($walletPromptHost);
  const [Dropdown, setDropdown] = useState<ComponentType<{ defaultOpen?: boolean }> | null>(null);
  const [opening, setOpening] = useState(false);
  // The pre-rendered button does nothing until this island hydrates (client:idle): say so.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    void restoreWallet();
  }, []);
  useEffect(() => {
    // After a disconnect the next account starts again from the light button (menu closed).
    if (!wallet.isConnected) setDropdown(null);
  }, [wallet.isConnected]);

  const walletType = PUBLIC_CONFIG.network === 'sandbox' ? 'sandbox' : 'walletconnect';
  const promptHost = PromptHost ? <PromptHost /> : null;

  if (!wallet.isConnected || !wallet.accountId) {
    return (
      <>
        <button
          type="button"
          className={buttonVariants({ size: 'sm' })}
          onClick={() => void connectWallet(walletType)}
          disabled={wallet.isConnecting}
          aria-disabled={hydrated ? undefined : true}
          aria-busy={wallet.isConnecting}
        >
          {wallet.isConnecting ? 'Connecting…' : 'Connect Wallet'}
        </button>
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
        <Dropdown defaultOpen />
      ) : (
        <WalletTrigger
          accountId={wallet.accountId}
          authenticated={wallet.isAuthenticated}
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
      {wallet.error && (
        <span role="alert" className="sr-only">
          {wallet.error}
        </span>
      )}
      {promptHost}
    </>
  );
}
