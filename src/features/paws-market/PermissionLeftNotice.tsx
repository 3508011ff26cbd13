import { Button } from '@/components/ui/Button';
import { pendingListing } from '@/features/ledger/kept-transactions';
import type { OwnedNft } from '@/features/accounts/account-types';

/**
 * True when the marketplace can still move an owned tiger that is not listed: an unlist whose
 * permission removal was refused or failed (a listing still being completed does not count).
 */
export function marketplacePermissionLeft(nft: Pick<OwnedNft, 'marketplaceApproved' | 'serialNumber'>, listed: boolean, accountId: string): boolean {
  return nft.marketplaceApproved && !listed && !pendingListing(accountId, nft.serialNumber);
}

/** On a tiger card: the marketplace still holds the permission on this unlisted tiger, and a button to revoke it ('Revoking…' while `revoking`, reopening it). */
export function PermissionLeftNotice({ nftName, onRevoke, revoking }: { nftName: string; onRevoke: () => void; revoking: boolean }) {
  return (
    <div className="grid gap-2 rounded-md border border-yellow-400/60 bg-yellow-950/50 p-2 text-xs text-yellow-100">
      <p>Not listed, but the marketplace can still move this tiger until you revoke its permission.</p>
      <Button size="sm" variant="outline" onClick={onRevoke} aria-label={`Revoke Permission on ${nftName}`} aria-busy={revoking}>
        {revoking ? 'Revoking…' : 'Revoke Permission'}
      </Button>
    </div>
  );
}
