/**
 * The ports of the live market's AWS side (the WebSocket API's handler, functions/stream.ts, and
 * the fan-out, functions/stream-fanout.ts), built once from the config: the connections table,
 * the event log in the app table, and the Management API of the WebSocket API's stage.
 */
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { createManagementApiPoster } from '@/features/market-events/management-api-poster-adapter';
import { createStreamConnectionsRepo } from '@/features/market-events/stream-connections-repo';
import { once } from '@/lib/once';
import { config } from './config';
import { documentClient, tableName } from './store/client';

/** The connections repo, the log and the poster; fails naming the settings a stream Lambda lacks. */
export const streamPorts = /* @__PURE__ */ once(() => {
  const { connectionsTable, callbackUrl } = config().stream;
  if (!connectionsTable || !callbackUrl) throw new Error('The stream Lambdas need STREAM_CONNECTIONS_TABLE and STREAM_CALLBACK_URL');
  return {
    connections: createStreamConnectionsRepo(documentClient(), connectionsTable),
    log: createEventLogRepo(documentClient(), tableName()),
    poster: createManagementApiPoster(callbackUrl),
  };
});
