import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { $sandboxPrompt, type SandboxPrompt } from './sandbox-prompt-store';

function dismiss(prompt: SandboxPrompt): void {
  if (prompt.kind === 'pick') prompt.answer(null);
  else prompt.answer(false);
}

/** The sandbox wallet's own window: the demo-account picker and the approve/reject prompts. */
export function SandboxWalletDialog() {
  const prompt = useStore($sandboxPrompt);
  return (
    <Dialog open={prompt !== null} onOpenChange={(open) => !open && prompt && dismiss(prompt)}>
      {prompt && (
        <DialogContent closeLabel="Close the sandbox wallet">
          <DialogHeader>
            <DialogTitle>{prompt.kind === 'pick' ? 'Sandbox Wallet: choose an account' : 'Sandbox Wallet: signature request'}</DialogTitle>
            <DialogDescription>
              {prompt.kind === 'pick'
                ? 'A test wallet of the local sandbox network. Its accounts hold sandbox HBAR, PAWS and tigers only.'
                : `Wild Tigers asks ${prompt.accountId} to sign.`}
            </DialogDescription>
          </DialogHeader>
          {prompt.kind === 'pick' && (
            <ul className="grid gap-2">
              {prompt.accounts.map((account) => (
                <li key={account.accountId}>
                  <Button variant="outline" align="between" className="w-full" onClick={() => prompt.answer(account.accountId)}>
                    <span>{account.name}</span>
                    <span className="font-mono text-xs">{account.accountId}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {prompt.kind === 'sign-message' && <pre className="overflow-x-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">{prompt.message}</pre>}
          {prompt.kind === 'sign-transaction' && (
            <div className="grid gap-2 text-sm">
              <p className="font-mono text-xs">Transaction {prompt.transactionId}</p>
              <ul className="grid gap-1 rounded-md bg-muted p-3 font-mono text-xs">
                {prompt.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          <DialogFooter>
            {prompt.kind === 'pick' ? (
              <Button variant="ghost" onClick={() => prompt.answer(null)}>
                Cancel
              </Button>
            ) : (
              <>
                <Button variant="destructive" onClick={() => prompt.answer(false)}>
                  Reject
                </Button>
                <Button onClick={() => prompt.answer(true)}>Approve</Button>
              </>
            )}
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
