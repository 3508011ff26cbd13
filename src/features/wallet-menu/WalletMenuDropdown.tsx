import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useStore } from '@nanostores/react';
import type { WalletTrigger } from './WalletTrigger';
import { CHECKING_SIGN_IN, type SignInState, signInState } from '@/features/wallet/sign-in-state';
import { $wallet, authenticate, disconnectWallet } from '@/features/wallet/wallet-store';

const SIGN_IN_LABEL: Record<SignInState, string> = {
  'signed-in': 'Signed in as',
  checking: CHECKING_SIGN_IN,
  'signed-out': 'Connected (not signed in)',
  disconnected: '',
};

const itemClass =
  'flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/**
 * The connected wallet's menu (Radix dropdown): the account, 'Authenticate', My Profile, Disconnect.
 * WalletMenu loads this module on the first open, so pages do not ship the dropdown up front. The
 * menu is non-modal and rendered in place, inside the banner landmark, so the rest of the page stays
 * readable to assistive technology while it is open. `Trigger` is WalletMenu's account button,
 * passed in (a type-only import back), so the two modules do not load each other.
 */
export default function WalletMenuDropdown({ defaultOpen = false, Trigger }: { defaultOpen?: boolean; Trigger: typeof WalletTrigger }) {
  const wallet = useStore($wallet);
  if (!wallet.accountId) return null;
  const signIn = signInState(wallet);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <Trigger accountId={wallet.accountId} signIn={signIn} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-52 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-xl"
      >
        <DropdownMenu.Label className="px-3 py-2 text-xs text-muted-foreground">
          {SIGN_IN_LABEL[signIn]} {wallet.accountId}
        </DropdownMenu.Label>
        {!wallet.isAuthenticated && wallet.error && !wallet.isAuthenticating && (
          <p className="max-w-64 px-3 pb-2 text-xs text-red-300" data-testid="wallet-menu-error">
            {wallet.error}
          </p>
        )}
        {signIn === 'signed-out' && (
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
    </DropdownMenu.Root>
  );
}
