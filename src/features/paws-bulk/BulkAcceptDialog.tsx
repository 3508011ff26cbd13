import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatCount, formatPaws } from '@/lib/format';
import type { OwnedNft } from '@/features/accounts/account-types';
import { AccountName } from '@/features/accounts/AccountName';
import { MAX_ALLOWANCES_PER_TRANSACTION } from '@/features/allowances/allowance-rules';
import type { ReceivedOffer } from '@/features/offers/offer-client';
import { SellerProceeds } from '@/features/paws-market/SaleFees';
import { TierBadge } from '@/features/tiger/TierBadge';
import { tierByRank } from '@/features/tiger/tiers';
import { $wallet } from '@/features/wallet/wallet-store';
import { useWriteDialog } from '@/features/writes/use-writes';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { type AcceptRow, acceptRows, isProtectedTiger, offerKindText, picksProblem, rowChoiceLabel } from './accept-rows';
import { acceptManyWriteId, startAcceptMany } from './accept-offers-write';

const PENDING_NOTE = 'You can close this window: the sales go on, and the bar at the bottom of the page shows them until they are done.';

/** A tiger as a row names it: 'Wild Tiger #648 · Legendary · rank 42' (without the tier where its badge shows it). */
function tigerText(serial: number, rank: number | null, withTier = true): string {
  return `Wild Tiger #${serial}${withTier ? ` · ${tierByRank(rank)}` : ''}${rank ? ` · rank ${formatCount(rank)}` : ''}`;
}

/**
 * Accepting several offers at once: each funded offer the holder's tigers can fill, with the tiger it
 * takes (its tier and rank), the offer's kind and maker, and what the holder receives after the
 * royalty. A collection offer takes the tiger the holder picks (the commonest eligible one suggested,
 * never a Legendary); nothing is chosen at first; one approval in the wallet for all.
 */
export function BulkAcceptDialog({ offers, tigers, onClose }: { offers: ReceivedOffer[] | null; tigers: readonly OwnedNft[]; onClose: () => void }) {
  const wallet = useStore($wallet);
  const seller = wallet.accountId;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPicked] = useState<Readonly<Record<string, number | null>>>({});
  const { write, close: endWrite } = useWriteDialog(offers && seller ? acceptManyWriteId(seller) : null, () => {
    setChosen(new Set());
    setPicked({});
  });
  if (!offers || !seller) return null;
  const rankOf = (serial: number) => tigers.find((entry) => entry.serialNumber === serial)?.rarityRank ?? null;
  const rows = acceptRows(offers, rankOf);
  const tigerOf = (row: AcceptRow) => (row.key in picked ? (picked[row.key] ?? null) : row.suggested);
  const selection = rows.filter((row) => chosen.has(row.key)).map((row) => ({ row, serial: tigerOf(row) }));
  const problem = selection.length > MAX_ALLOWANCES_PER_TRANSACTION ? `At most ${MAX_ALLOWANCES_PER_TRANSACTION} tigers at once.` : picksProblem(selection);

  function close(): void {
    endWrite();
    onClose();
  }

  function choose(key: string, on: boolean): void {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close offers"
      pendingNote={PENDING_NOTE}
      maxWidth="max-w-2xl"
      title={write?.step === 'done' ? 'Offers Accepted' : 'Accept several offers'}
      description={
        write?.step === 'done' ? (
          'The chosen tigers were sold to their offers, as said below.'
        ) : (
          <>
            Your tigers’ best funded offers. Choose the sales you want (none is chosen for you) and, for an offer that could take several tigers, which tiger:
            each offer is checked first, then your wallet approves the marketplace for all the tigers at once (up to {MAX_ALLOWANCES_PER_TRANSACTION}
            ).
          </>
        )
      }
      progressLabel="Offer acceptance progress"
      actions={
        !write && (
          <Button
            disabled={!selection.length || !!problem}
            onClick={() =>
              void startAcceptMany(
                seller,
                selection.map(({ row, serial }) => ({ offerId: row.offer.id, serialNumber: serial as number, pawsAmount: row.offer.pawsAmount })),
              )
            }
          >
            Accept {selection.length} {selection.length === 1 ? 'offer' : 'offers'}
          </Button>
        )
      }
    >
      {!write && (
        <ul className="grid gap-2" aria-label="Offers to accept">
          {rows.map((row) => {
            const serial = tigerOf(row);
            return (
              <li key={row.key} className="grid gap-2 rounded-lg border border-border p-3" data-testid="accept-row">
                <label className="flex items-start gap-2 font-semibold">
                  <input
                    type="checkbox"
                    aria-label={rowChoiceLabel(row)}
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                    checked={chosen.has(row.key)}
                    onChange={(event) => choose(row.key, event.target.checked)}
                  />
                  <span>
                    {offerKindText(row.offer)} · <span className="tabular-nums">{formatPaws(row.offer.pawsAmount)} PAWS</span>
                    <span className="block text-xs font-normal text-muted-foreground">
                      from <AccountName accountId={row.offer.buyerId} />
                      {row.offer.kind === 'collection' && ` · ${row.offer.remaining} of ${row.offer.quantity} left`}
                    </span>
                  </span>
                </label>
                {row.choices.length > 1 && row.suggested !== null && (
                  <p className="text-xs text-muted-foreground">Suggested: your commonest tiger this offer takes. Pick another if you prefer.</p>
                )}
                {row.choices.length === 1 ? (
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span>{tigerText(row.choices[0] as number, rankOf(row.choices[0] as number), false)}</span>
                    <TierBadge tier={tierByRank(rankOf(row.choices[0] as number))} />
                  </p>
                ) : (
                  <label className="grid gap-1 text-xs font-semibold text-muted-foreground">
                    Tiger to sell
                    <select
                      value={serial ?? ''}
                      onChange={(event) => setPicked((current) => ({ ...current, [row.key]: event.target.value ? Number(event.target.value) : null }))}
                      className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm text-foreground"
                    >
                      <option value="">Pick a tiger</option>
                      {row.choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {tigerText(choice, rankOf(choice))}
                          {choice === row.suggested ? ' (suggested)' : ''}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {serial !== null && row.offer.kind === 'collection' && isProtectedTiger(rankOf(serial)) && (
                  <p className="text-xs text-amber-200" role="note">
                    {tigerText(serial, rankOf(serial))} is one of your rarest: this offer pays {formatPaws(row.offer.pawsAmount)} PAWS for any matching tiger.
                  </p>
                )}
                <SellerProceeds price={row.offer.pawsAmount} sellerId={seller} buyerId={row.offer.buyerId} />
              </li>
            );
          })}
        </ul>
      )}
      {!write && selection.length > 0 && problem && (
        <p className="text-sm text-red-400" role="alert">
          {problem}
        </p>
      )}
    </WriteDialog>
  );
}
