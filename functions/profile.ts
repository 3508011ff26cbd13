import { z } from 'zod';
import { createListingStore } from '../src/features/paws-market/listing-store';
import { createOwnedNftService } from '../src/features/profile/owned-nfts';
import { config } from '../src/server/config';
import { collectionCatalog, ledgerReader } from '../src/server/context';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { entityIdSchema } from '../src/server/http/schemas';
import { documentClient, tableName } from '../src/server/store/client';

const owned = createOwnedNftService({
  ledger: ledgerReader(),
  catalog: collectionCatalog(),
  listings: createListingStore(documentClient(), tableName()),
  doc: documentClient(),
  tableName: tableName(),
  nftTokenId: config().nftTokenId,
});

const params = z.object({ accountId: entityIdSchema });

/** Holder profiles: the tigers an account owns (ledger-verified), and their sync. */
export const handler = routeGroup('profile', {
  'GET /api/profile/{accountId}/nfts': defineRoute({ params }, async ({ params: { accountId } }) => owned.list(accountId)),
  'POST /api/profile/{accountId}/sync-nfts': defineRoute({ params }, async ({ params: { accountId }, session }) =>
    owned.sync(session!.accountId, accountId),
  ),
});
