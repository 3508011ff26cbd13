import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { invalidateKeys } from '@/lib/api';
import { $ownedNfts } from './paws-client';

/** How long after an answer from the stored copy the holding is read again, and how many times in a row. */
const READ_AGAIN_MS = 5_000;
const READS_AGAIN = 3;
let readsAgain = 0;

/**
 * The signed-in holder's tigers; an answer from the stored copy (the ledger could not be read: it
 * knows the tigers, not the marketplace's permission on each) is read again shortly, a few times,
 * for the ledger's word.
 */
export function useOwnedNfts() {
  const owned = useStore($ownedNfts);
  const answer = owned.data;
  // Each new answer from the copy schedules one more read.
  useEffect(() => {
    if (answer?.source !== 'database-fallback') {
      readsAgain = 0;
      return;
    }
    if (readsAgain >= READS_AGAIN) return;
    const timer = setTimeout(() => {
      readsAgain += 1;
      invalidateKeys((key) => key.startsWith('/api/profile/') && key.endsWith('/nfts'));
    }, READ_AGAIN_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  return owned;
}
