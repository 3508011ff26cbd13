import { useEffect } from 'react';
import { Badge } from '@/components/ui/Badge';
import { formatAccountId, formatPaws } from '@/lib/format';
import { useIslandStore } from '@/lib/use-island-store';
import { ageText } from '@/features/hbar-market/market-model';
import { tigerViewHref } from '@/features/tiger/tiger-view-href';
import { $mySales, checkMySales } from './market-stats-client';

/** Tells the signed-in seller once (a toast) about their PAWS listings sold since their last visit; renders nothing. */
export function SalesNotice({ accountId }: { accountId: string }) {
  useEffect(() => {
    void checkMySales(accountId);
  }, [accountId]);
  return null;
}

/** My Listings' history: the seller's PAWS sales of the last 30 days, those since the last visit marked 'New'. */
export function MySalesHistory({ accountId }: { accountId: string }) {
  const mine = useIslandStore($mySales);
  useEffect(() => {
    void checkMySales(accountId);
  }, [accountId]);
  const sales = mine?.accountId === accountId ? mine.sales : [];
  if (!sales.length) return null;
  const fresh = new Set(mine?.fresh);
  const now = Date.now();
  return (
    <section aria-labelledby="my-sales-heading" className="grid gap-2">
      <h3 id="my-sales-heading" className="text-lg font-bold">
        Sold
      </h3>
      <ul className="grid gap-1 rounded-xl border border-border bg-card/40 px-3" data-testid="my-sales">
        {sales.map((sale) => (
          <li key={sale.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border py-2 last:border-b-0">
            {fresh.has(sale.id) && <Badge variant="success">New</Badge>}
            {sale.serialNumber === null ? (
              <span className="font-semibold">{sale.nftName}</span>
            ) : (
              <a href={tigerViewHref(sale.serialNumber)} className="font-semibold break-words underline-offset-4 hover:text-primary hover:underline">
                {sale.nftName ?? `Wild Tiger #${sale.serialNumber}`}
              </a>
            )}
            <span className="font-bold tabular-nums text-primary">{formatPaws(sale.pawsAmount)} PAWS</span>
            <span className="text-xs text-muted-foreground">to {sale.buyerId ? formatAccountId(sale.buyerId) : 'unknown'}</span>
            <time dateTime={sale.at} className="ml-auto text-xs text-muted-foreground">
              {ageText(sale.at, now)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
