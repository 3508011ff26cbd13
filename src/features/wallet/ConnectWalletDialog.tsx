import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import type { WalletExtension } from './wallet-adapter';

interface ConnectWalletDialogProps {
  extensions: WalletExtension[];
  /** The user's choice: an extension's id, or undefined for the QR code. */
  onChoose: (extensionId: string | undefined) => void;
  onCancel: () => void;
}

/**
 * The WalletConnect build's connect chooser, shown when wallet extensions announced themselves in
 * the page: pair with one of them (no QR code), or scan the QR code with a wallet on another device.
 */
export default function ConnectWalletDialog({ extensions, onChoose, onCancel }: ConnectWalletDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent closeLabel="Cancel" maxWidth="max-w-sm">
        <DialogHeader>
          <DialogTitle>Connect Wallet</DialogTitle>
          <DialogDescription>Choose the wallet extension in this browser, or scan a QR code with your wallet app.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {extensions.map((extension) => (
            <li key={extension.id}>
              <Button variant="outline" align="start" className="w-full" onClick={() => onChoose(extension.id)}>
                {extension.icon && <img src={extension.icon} alt="" width={24} height={24} className="size-6 rounded" />}
                {extension.name}
              </Button>
            </li>
          ))}
          <li>
            <Button variant="outline" align="start" className="w-full" onClick={() => onChoose(undefined)}>
              <span aria-hidden="true" className="grid size-6 place-items-center rounded bg-muted text-xs font-bold">
                QR
              </span>
              WalletConnect QR code
            </Button>
          </li>
        </ul>
        <DialogFooter>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
