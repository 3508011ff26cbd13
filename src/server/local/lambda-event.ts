import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

const trimmed = (part: string): string => part.trim();
const TEXT_TYPES = /^(application\/(.+\+)?json|text\/|application\/x-www-form-urlencoded)/i;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number): string => String(value).padStart(2, '0');
let clock = { second: -1, text: '' };

/** API Gateway's request time (`25/Nov/2026:14:28:18 +0000`), formatted once a second. */
function requestTime(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (clock.second !== second) {
    const at = new Date(second * 1000);
    const text = `${pad(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} +0000`;
    clock = { second, text };
  }
  return clock.text;
}

/** Builds the API Gateway HTTP API (payload 2.0) event that a Lambda would receive for this request. */
export function toLambdaEvent(
  request: IncomingMessage,
  url: URL,
  routeKey: string,
  pathParameters: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const incoming = request.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = incoming.cookie ? incoming.cookie.split(';').map(trimmed).filter(Boolean) : [];
  let query: Record<string, string> | undefined;
  if (url.search.length > 1) {
    // A Map, then own properties: a key such as __proto__ or constructor is a parameter like any other.
    const values = new Map<string, string>();
    for (const [key, value] of url.searchParams) {
      const earlier = values.get(key);
      values.set(key, earlier === undefined ? value : `${earlier},${value}`);
    }
    query = Object.fromEntries(values);
  }
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? '');
  const method = request.method ?? 'GET';
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(query && Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: url.hostname.split('.')[0] ?? url.hostname,
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now,
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

const LOCAL_TIME_LIMIT_MS = 30_000;
const remainingTime = (): number => LOCAL_TIME_LIMIT_MS;
const noCallback = (): void => undefined;

/** A Lambda context for a local invocation; its request id is the event's (in AWS the two differ, and nothing here reads this one). */
export function localContext(functionName: string, awsRequestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: remainingTime,
    done: noCallback,
    fail: noCallback,
    succeed: noCallback,
  };
}
