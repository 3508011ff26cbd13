/**
 * What the nav adds once a holder is signed in, loaded then (pages ship none of it up front): their
 * trades left waiting for the ledger by another page or a reload go on here, and their inbox.
 */
import { useEffect } from 'react';
import InboxBell from '@/features/inbox/InboxBell';
import { resumeWrites } from '@/features/writes/resume-writes';

export default function HolderNav({ accountId }: { accountId: string }) {
  useEffect(() => resumeWrites(accountId), [accountId]);
  return <InboxBell accountId={accountId} />;
}
