/**
 * The stream poster over API Gateway's Management API: PostToConnection on the WebSocket API's
 * stage (its callback URL, https://{api}.execute-api.{region}.amazonaws.com/{stage}). A 410
 * (GoneException) is a connection that closed; any other failure is thrown.
 */
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { StreamPoster } from './stream-poster-port';

/** True when the Management API answered that the connection is gone (410). */
function isGone(error: unknown): boolean {
  return error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;
}

/** A poster for the stage at `callbackUrl`; `client` is for tests. */
export function createManagementApiPoster(
  callbackUrl: string,
  client = new ApiGatewayManagementApiClient({ endpoint: callbackUrl, maxAttempts: 3 }),
): StreamPoster {
  const encoder = new TextEncoder();
  return {
    async post(connectionId, data) {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: encoder.encode(data) }));
        return 'sent';
      } catch (error) {
        if (isGone(error)) return 'gone';
        throw error;
      }
    },
  };
}
