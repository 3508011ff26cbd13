import { authenticate } from './wallet-store';

/** Marks the wallet menu's button: where focus goes when the control that signed in gave way to the signed-in page. */
export const WALLET_TRIGGER_ATTRIBUTE = 'data-wallet-trigger';

/**
 * Signs in from a control that the signed-in page replaces (a prompt, a banner, the nav's
 * 'Authenticate'): once React has replaced it, focus goes to the wallet menu's button, which names
 * the signed-in account, instead of dropping to the top of the page.
 */
export async function signInFromPage(): Promise<boolean> {
  const signedIn = await authenticate();
  if (!signedIn) return false;
  await new Promise((done) => setTimeout(done, 0));
  if (document.activeElement === null || document.activeElement === document.body)
    document.querySelector<HTMLElement>(`[${WALLET_TRIGGER_ATTRIBUTE}]`)?.focus();
  return true;
}
