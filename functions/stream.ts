import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { createStreamConnectionService, isSiteOrigin } from '../src/features/market-events/stream-connection-service';
import { log, withLogContext } from '../src/platform/log';
import { sessions } from '../src/server/adapters';
import { config } from '../src/server/config';
import { streamPorts } from '../src/server/stream-ports';

/** A WebSocket API event; the `$connect` one carries the upgrade's headers (Origin, Cookie). */
type StreamRouteEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };
type StreamRouteResult = { statusCode: number };

const service = createStreamConnectionService(streamPorts());

/** A header of the upgrade, by its name in any case. */
function header(event: StreamRouteEvent, name: string): string | undefined {
  return Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** `$connect`: another origin's page is refused (403); the session cookie names the account whose stream it may read. */
async function connect(event: StreamRouteEvent): Promise<StreamRouteResult> {
  if (!isSiteOrigin(header(event, 'origin'), config().siteOrigin)) return { statusCode: 403 };
  const cookie = header(event, 'cookie');
  const session = await sessions().fromCookies(cookie ? [cookie] : undefined);
  await service.connect(event.requestContext.connectionId, session?.accountId ?? null);
  return { statusCode: 200 };
}

async function route(event: StreamRouteEvent): Promise<StreamRouteResult> {
  const { routeKey, connectionId } = event.requestContext;
  try {
    if (routeKey === '$connect') return await connect(event);
    if (routeKey === '$disconnect') await service.disconnect(connectionId);
    // subscribe, unsubscribe and $default: the frame is parsed and answered as the protocol says.
    else await service.message(connectionId, event.body ?? '');
    return { statusCode: 200 };
  } catch (error) {
    log.error('stream route failed', { error });
    return { statusCode: 500 };
  }
}

/** The live market's WebSocket API ($connect, $disconnect, subscribe, unsubscribe, $default): frames go back through the Management API. */
export function handler(event: StreamRouteEvent, context?: { awsRequestId?: string }): Promise<StreamRouteResult> {
  const requestId = context?.awsRequestId ?? event.requestContext.requestId;
  return withLogContext({ requestId, route: `stream ${event.requestContext.routeKey}` }, () => route(event));
}
