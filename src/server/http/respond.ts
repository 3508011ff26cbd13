import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A route's answer when it needs more than a 200 JSON body (status, headers, cookies). */
export interface RouteResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
}

const RESPONSE = Symbol('RouteResponse');

/** Marks a JSON answer with its own status, headers or cookies. */
export function respond(status: number, body: unknown, extra: Omit<RouteResponse, 'status' | 'body'> = {}): RouteResponse {
  return Object.assign({ status, body, ...extra }, { [RESPONSE]: true });
}

const SERIALIZED = Symbol('SerializedJson');

/** A 200 answer whose JSON body is already serialised (e.g. a cached page), sent byte for byte. */
export function serializedJson(json: string): RouteResponse {
  return Object.assign({ status: 200, body: json }, { [RESPONSE]: true, [SERIALIZED]: true });
}

/** A 200 answer in a format other than JSON (a CSV download): its text sent as is, under its content type. */
export function textResponse(text: string, contentType: string, headers: Record<string, string> = {}): RouteResponse {
  return Object.assign({ status: 200, body: text, headers: { 'content-type': contentType, ...headers } }, { [RESPONSE]: true, [SERIALIZED]: true });
}

function isRouteResponse(value: unknown): value is RouteResponse {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}

/** Serialises bigint amounts as decimal strings. */
function toJson(body: unknown): string {
  return JSON.stringify(body, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}

/** API Gateway's structured result, with a headers object of its own. */
export type RouteResult = APIGatewayProxyStructuredResultV2 & { headers: NonNullable<APIGatewayProxyStructuredResultV2['headers']> };

/** Turns a route's return value into API Gateway's structured result. */
export function toResult(value: unknown): RouteResult {
  const response = isRouteResponse(value) ? value : { status: 200, body: value };
  return {
    statusCode: response.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...response.headers },
    ...(response.cookies?.length ? { cookies: response.cookies } : {}),
    body: SERIALIZED in response ? (response.body as string) : toJson(response.body ?? null),
  };
}

/**
 * True when an answer says it failed in its body (`success: false`, as the market reads answer
 * when SentX fails): such an answer is sent, but never cached at the edge like a success.
 */
export function reportsFailure(value: unknown): boolean {
  const body = isRouteResponse(value) ? value.body : value;
  if (typeof body === 'string') return SERIALIZED in (value as object) && /^\{\s*"success"\s*:\s*false\b/.test(body);
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}
