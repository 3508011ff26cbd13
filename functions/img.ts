/**
 * The image route, `GET /img/{serial}/{width}`: a tiger's art as a square WebP thumbnail at one of
 * the fixed widths, cached for good by browsers and CloudFront. In AWS its own Lambda (sharp
 * installed beside the bundle: infra/lib/image-bundling.ts) behind CloudFront's `/img/*`
 * behaviour; locally the local server calls this same handler. Not in the API's route table: it
 * answers bytes, not JSON. Bad input is a 400 `{"error","code"}`; failures are never cached.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError } from '../src/lib/domain-error';
import { collectionCatalog, mediaSource } from '../src/server/adapters';
import { INTERNAL_FAILURE, toHttpFailure } from '../src/server/http/error-mapping';
import { API_SECURITY_HEADERS } from '../src/server/http/security-headers';
import { log, withLogContext } from '../src/platform/log';
import { TOTAL_SUPPLY } from '../src/features/tiger/supply';
import { renderThumbnail } from '../src/features/tiger/thumbnail-render';
import { THUMBNAIL_CACHE_CONTROL, parseThumbnailPath } from '../src/features/tiger/thumbnail-rules';
import { createThumbnailService } from '../src/features/tiger/thumbnail-service';

const service = createThumbnailService({ catalog: collectionCatalog(), media: mediaSource(), render: renderThumbnail });

function failure(error: unknown, event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 {
  const known = toHttpFailure(error);
  if (!known) log.error('unhandled error', { path: event.rawPath, error });
  else if (known.status >= 500) log.warn('image unavailable', { path: event.rawPath, code: known.body.code, error });
  const { status, body } = known ?? INTERNAL_FAILURE;
  return {
    statusCode: status,
    headers: { ...API_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** Answers one image route request (API Gateway / Function URL payload 2.0); its log lines name the request and the route. */
export function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  return withLogContext({ requestId: event.requestContext?.requestId ?? 'unknown', route: 'GET /img/{serial}/{width}' }, () => thumbnail(event));
}

async function thumbnail(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  try {
    const method = event.requestContext?.http?.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') throw new DomainError('METHOD_NOT_ALLOWED', 'Method not allowed');
    const { serial, width } = parseThumbnailPath(event.rawPath, TOTAL_SUPPLY);
    const image = await service.thumbnail(serial, width);
    return {
      statusCode: 200,
      headers: {
        ...API_SECURITY_HEADERS,
        'content-type': 'image/webp',
        'content-length': String(image.byteLength),
        'cache-control': THUMBNAIL_CACHE_CONTROL,
      },
      body: image.toString('base64'),
      isBase64Encoded: true,
    };
  } catch (error) {
    return failure(error, event);
  }
}
