import { PUBLIC_CONFIG } from '@/lib/public-config';
import { transactionExplorerUrl } from './transaction-id';

/** A transaction id as a holder reads it: a link to it on HashScan on mainnet (a new tab), plain text on the sandbox. */
export function TransactionId({ transactionId }: { transactionId: string }) {
  const url = transactionExplorerUrl(PUBLIC_CONFIG.network, transactionId);
  const text = <span className="font-mono break-all">{transactionId}</span>;
  if (!url) return text;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4" title="View on HashScan (opens in a new tab)">
      {text}
    </a>
  );
}
