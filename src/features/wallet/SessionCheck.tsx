import { Skeleton } from '@/components/ui/Skeleton';
import { CHECKING_SIGN_IN } from './sign-in-state';

/**
 * What a signed-in area shows while a restored connection's session is checked: neither 'Not signed
 * in' nor empty figures, which would be untrue for a holder whose session is good. A page's area
 * holds its place with placeholders; a line in a dialog or a panel says it only.
 */
export function SessionCheck({ placeholders = true }: { placeholders?: boolean }) {
  const status = (
    <p role="status" className="text-sm text-muted-foreground">
      {CHECKING_SIGN_IN}
    </p>
  );
  if (!placeholders) return status;
  return (
    <div className="grid gap-4" aria-busy="true">
      {status}
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-24 w-full rounded-xl" />
    </div>
  );
}
