import { config } from '../src/server/config';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { respond } from '../src/server/http/respond';
import { storeIsReachable } from '../src/server/store/bootstrap';
import { documentClient, tableName } from '../src/server/store/client';

const { version, network, nftTokenId, pawsTokenId, marketplaceAccountId } = config();

/** GET /api/health: liveness of the API and its store, and the network it serves. */
export const handler = routeGroup('health', {
  'GET /api/health': defineRoute('public', {}, async () => {
    const storeOk = await storeIsReachable(documentClient(), tableName());
    const body = { ok: storeOk, version, network, store: storeOk ? 'ok' : 'unavailable', nftTokenId, pawsTokenId, marketplaceAccountId };
    return storeOk ? body : respond(503, body);
  }),
});
