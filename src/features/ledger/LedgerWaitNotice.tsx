import { useEffect, useState } from 'react';
import { LEDGER_STILL_PENDING } from './ledger-wait-client';

/** 'Waiting for the ledger… 7 s' while a flow waits for its transaction to settle, counting from `since`. */
export function LedgerWaitNotice({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Waiting for the ledger…
      {/* The seconds tick for the eye only; a screen reader hears the wait once. */}
      <span aria-hidden="true"> {Math.max(0, Math.floor((now - since) / 1_000))} s</span>
    </p>
  );
}

/** The ledger has not confirmed the transaction within the page's wait: it may still go through. */
export function LedgerStalledNotice() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {LEDGER_STILL_PENDING}
    </p>
  );
}
