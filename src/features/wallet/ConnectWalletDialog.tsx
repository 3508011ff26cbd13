import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import type { WalletExtension, WalletType } from './wallet-port';
import { PHONE_QUERY, WALLET_APPS, walletAppLink } from './wallet-apps';
import { connectWallet, walletExtensions } from './wallet-store';

interface ConnectWalletDialogProps {
  walletType: WalletType;
  extensions: WalletExtension[];
  /** The user's choice: an extension's id, or undefined for the QR code. */
  onChoose: (extensionId: string | undefined) => void;
  onCancel: () => void;
}

/**
 * What Connect Wallet does in the WalletConnect build: the chooser when wallet extensions announced
 * themselves in the page or this is a phone (resolves to the extensions to offer), else straight to
 * the QR code (resolves to null). A wallet that fails to load is reported by connectWallet itself.
 */
export async function chooserOrConnect(walletType: WalletType): Promise<WalletExtension[] | null> {
  const extensions = await walletExtensions(walletType).catch(() => []);
  if (extensions.length || matchMedia(PHONE_QUERY).matches) return extensions;
  void connectWallet(walletType);
  return null;
}

/**
 * The WalletConnect build's connect chooser: on a phone, the wallet apps (HashPack, Kabila, Blade),
 * opened by a link with the pairing URI; the wallet extensions that announced themselves in the page
 * (no QR code); or the QR code, for a wallet on another device.
 */
export default function ConnectWalletDialog({ walletType, extensions, onChoose, onCancel }: ConnectWalletDialogProps) {
  const [onPhone] = useState(() => typeof matchMedia !== 'undefined' && matchMedia(PHONE_QUERY).matches);
  const [app, setApp] = useState<{ uri: string | null; controller: AbortController; connecting: Promise<void> } | null>(null);

  /** Starts the pairing the wallet app finishes: its URI then goes into each app's link. */
  function pairWithApp(): void {
    if (app) return;
    const controller = new AbortController();
    const connecting = connectWallet(walletType, undefined, {
      show: (uri) => setApp((current) => current && { ...current, uri }),
      signal: controller.signal,
    });
    setApp({ uri: null, controller, connecting });
  }

  /** Leaves the app pairing (quietly) before another way, or none. */
  async function leaveApp(): Promise<void> {
    app?.controller.abort();
    await app?.connecting;
  }

  const phoneApps = onPhone && (
    <section aria-labelledby="wallet-apps" className="grid gap-2">
      <h3 id="wallet-apps" className="text-sm font-semibold">
        Wallet app on this phone
      </h3>
      {app?.uri ? (
        <>
          <p className="text-sm text-muted-foreground">Approve the connection in your wallet app, then come back to this page.</p>
          <ul className="grid gap-2">
            {WALLET_APPS.map((wallet) => (
              <li key={wallet.id}>
                <a className={buttonVariants({ variant: 'default', align: 'start', className: 'w-full' })} href={walletAppLink(wallet, app.uri ?? '')}>
                  Open {wallet.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          {app && (
            <p role="status" className="text-sm text-muted-foreground">
              Preparing the link…
            </p>
          )}
          <ul className="grid gap-2">
            {WALLET_APPS.map((wallet) => (
              <li key={wallet.id}>
                <Button variant="outline" align="start" className="w-full" onClick={pairWithApp} disabled={Boolean(app)} aria-busy={Boolean(app)}>
                  {wallet.name}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && void leaveApp().then(onCancel)}>
      <DialogContent closeLabel="Cancel" maxWidth="max-w-sm">
        <DialogHeader>
          <DialogTitle>Connect Wallet</DialogTitle>
          <DialogDescription>
            {onPhone
              ? 'Open your wallet app on this phone, or scan a QR code with a wallet on another device.'
              : 'Choose the wallet extension in this browser, or scan a QR code with your wallet app.'}
          </DialogDescription>
        </DialogHeader>
        {phoneApps}
        <ul className="grid gap-2">
          {extensions.map((extension) => (
            <li key={extension.id}>
              <Button variant="outline" align="start" className="w-full" onClick={() => void leaveApp().then(() => onChoose(extension.id))}>
                {extension.icon && <img src={extension.icon} alt="" width={24} height={24} className="size-6 rounded" />}
                {extension.name}
              </Button>
            </li>
          ))}
          <li>
            <Button variant="outline" align="start" className="w-full" onClick={() => void leaveApp().then(() => onChoose(undefined))}>
              <span aria-hidden="true" className="grid size-6 place-items-center rounded bg-muted text-xs font-bold">
                QR
              </span>
              {onPhone ? 'Scan a QR code' : 'WalletConnect QR code'}
            </Button>
          </li>
        </ul>
        <DialogFooter>
          <Button variant="ghost" onClick={() => void leaveApp().then(onCancel)}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
