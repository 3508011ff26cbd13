/**
 * What the nav adds once a holder is signed in, loaded then (pages ship none of it up front): their
 * trades left waiting for the ledger by another page or a reload go on here; their trades made
 * anywhere else (another device, the HBAR market), told by their own stream, move their balances
 * at once, and their writes stalled on the ledger check again; and their inbox.
 */
import { useEffect } from 'react';
import { refreshBalances } from '@/features/balances/balance-store';
import InboxBell from '@/features/inbox/InboxBell';
import { followAccount } from '@/features/market-events/follow-account';
import { resumeWrites } from '@/features/writes/resume-writes';
import { checkStalledWrites } from '@/features/writes/write-progress';

export default function HolderNav({ accountId }: { accountId: string }) {
  useEffect(() => resumeWrites(accountId), [accountId]);
  // The tray: a write stalled on the ledger checks again as soon as the holder's stream tells of a change of theirs.
  useEffect(() => followAccount(accountId, { changed: () => checkStalledWrites(accountId), traded: () => void refreshBalances() }), [accountId]);
  return <InboxBell accountId={accountId} />;
}
