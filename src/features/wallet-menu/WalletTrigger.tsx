import type { ComponentProps } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatAccountId } from '@/lib/format';
import type { SignInState } from '@/features/wallet/sign-in-state';

/** The account button: the light menu's own, and the Radix dropdown's trigger once that loaded. */
const SIGN_IN_DOT: Record<Exclude<SignInState, 'disconnected'>, string> = {
  'signed-in': 'text-emerald-400',
  checking: 'text-muted-foreground',
  'signed-out': 'text-amber-400',
};

/** The connected account's button: its id, and a dot for its sign-in (green signed in, amber not, grey while checked). */
export function WalletTrigger({ accountId, signIn, ...props }: ComponentProps<'button'> & { accountId: string; signIn: SignInState }) {
  return (
    <button
      type="button"
      aria-label={`Wallet menu for ${accountId}`}
      data-testid="wallet-menu"
      data-wallet-trigger=""
      className={buttonVariants({ size: 'sm', variant: 'outline' })}
      {...props}
    >
      <span aria-hidden="true" className={signIn === 'disconnected' ? SIGN_IN_DOT['signed-out'] : SIGN_IN_DOT[signIn]}>
        ●
      </span>
      {formatAccountId(accountId)}
    </button>
  );
}
