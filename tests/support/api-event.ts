import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** A minimal API Gateway v2 event for invoking a handler directly. */
export function apiEvent(options: {
  routeKey: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  requestId?: string;
}): APIGatewayProxyEventV2 {
  const [method = 'GET', routePath = '/'] = options.routeKey.split(' ');
  return {
    version: '2.0',
    routeKey: options.routeKey,
    rawPath: options.path ?? routePath,
    rawQueryString: '',
    headers: options.headers ?? {},
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: options.path ?? routePath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: options.requestId ?? 'test-request',
      routeKey: options.routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(options.body !== undefined ? { body: options.body } : {}),
    isBase64Encoded: false,
  };
}

export const testContext = {} as Context;
