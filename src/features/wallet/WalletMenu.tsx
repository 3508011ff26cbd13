import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/Button';
import { PUBLIC_CONFIG } from '../network/public-config';
import { formatAccountId } from './format';
import { SandboxWalletDialog } from './SandboxWalletDialog';
import { $wallet, authenticate, connectWallet, disconnectWallet, restoreWallet } from './wallet-store';

const itemClass =
  'flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/** The nav's wallet area: connect, sign in ('Authenticate'), the account, My Profile, disconnect. */
export default function WalletMenu() {
  const wallet = useStore($wallet);
  useEffect(() => {
    void restoreWallet();
  }, []);

  const walletType = PUBLIC_CONFIG.network === 'sandbox' ? 'sandbox' : 'walletconnect';

  if (!wallet.isConnected || !wallet.accountId) {
    return (
      <>
        <Button size="sm" onClick={() => void connectWallet(walletType)} disabled={wallet.isConnecting} aria-busy={wallet.isConnecting}>
          {wallet.isConnecting ? 'Connecting…' : 'Connect Wallet'}
        </Button>
        {walletType === 'sandbox' && <SandboxWalletDialog />}
      </>
    );
  }

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" variant="outline" aria-label={`Wallet menu for ${wallet.accountId}`} data-testid="wallet-menu">
            <span aria-hidden="true" className={wallet.isAuthenticated ? 'text-emerald-400' : 'text-amber-400'}>
              ●
            </span>
            {formatAccountId(wallet.accountId)}
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-52 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-xl">
            <DropdownMenu.Label className="px-3 py-2 text-xs text-muted-foreground">
              {wallet.isAuthenticated ? 'Signed in as' : 'Connected (not signed in)'} {wallet.accountId}
            </DropdownMenu.Label>
            {!wallet.isAuthenticated && (
              <DropdownMenu.Item className={itemClass} disabled={wallet.isAuthenticating} onSelect={() => void authenticate()}>
                {wallet.isAuthenticating ? 'Authenticating…' : 'Authenticate'}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={itemClass} asChild>
              <a href="/wild-tiger-profile">My Profile</a>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} onSelect={() => void disconnectWallet()}>
              Disconnect
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {wallet.error && (
        <span role="alert" className="sr-only">
          {wallet.error}
        </span>
      )}
      {walletType === 'sandbox' && <SandboxWalletDialog />}
    </>
  );
}
