import { useEffect } from 'react';
import { formatAccountId } from '@/lib/format';
import { useIslandStore } from '@/lib/use-island-store';
import { $profileNames, askProfileName, publicProfileHref } from './account-names';

/** What the server renders with: no names (the ids), then the names as they arrive. */
const NO_NAMES: Record<string, string | null> = {};

/**
 * An account as the pages show it: the holder's public profile name, linked to that profile, with
 * the id beside it; the id alone for an account without one (or until its name is known).
 */
export function AccountName({ accountId }: { accountId: string }) {
  const names = useIslandStore($profileNames, NO_NAMES);
  useEffect(() => askProfileName(accountId), [accountId]);
  const name = names[accountId];
  if (!name) return <span className="font-mono">{formatAccountId(accountId)}</span>;
  return <ProfileLink accountId={accountId} name={name} />;
}

/** An account whose profile is public, linked to it: by its name with the id beside it, or by the id when it has no name. */
export function ProfileLink({ accountId, name }: { accountId: string; name: string | null }) {
  return (
    <a className="font-semibold text-primary underline-offset-4 hover:underline" href={publicProfileHref(accountId)}>
      {name ? (
        <>
          {name} <span className="font-mono font-normal text-muted-foreground">({accountId})</span>
        </>
      ) : (
        <span className="font-mono">{formatAccountId(accountId)}</span>
      )}
    </a>
  );
}
