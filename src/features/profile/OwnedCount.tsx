import { useStore } from '@nanostores/react';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatCount } from '@/lib/format';
import { $ownedNfts } from '@/features/paws-market/paws-client';

/**
 * A figure the holder's tigers decide: the figure once they are known; before, a placeholder while
 * they load and 'N/A' when they failed to, never a 0 the holder might believe.
 */
export function OwnedCount({ value }: { value: number | undefined }) {
  const owned = useStore($ownedNfts);
  if (value !== undefined) return <>{formatCount(value)}</>;
  if (owned.error) return <>N/A</>;
  return (
    <>
      <Skeleton className="inline-block h-[0.9em] w-[2ch] rounded align-middle" />
      <span className="sr-only">Loading</span>
    </>
  );
}
