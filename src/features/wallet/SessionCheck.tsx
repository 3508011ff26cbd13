import { Skeleton } from '../../components/ui/Skeleton';

/**
 * What a signed-in area shows while a restored connection's session is checked: neither 'Not signed
 * in' nor empty figures, which would be untrue for a holder whose session is good.
 */
export function SessionCheck() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        Checking your sign-in…
      </p>
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-24 w-full rounded-xl" />
    </div>
  );
}
