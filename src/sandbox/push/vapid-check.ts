/**
 * The push service's check of an application server's VAPID credentials (RFC 8292, Voluntary Application
 * Server Identification for Web Push):
 * - §3, §3.1-3.2: `Authorization: vapid t=<JWT>, k=<public key>`, the key an uncompressed P-256 point in
 *   base64url (RFC 7515 §2, no padding); auth-param names are case-insensitive, values a token or a
 *   quoted-string (RFC 9110 §11.2);
 * - §2: the JWT is signed with ES256 (RFC 7518 §3.4: the signature is r || s, 64 bytes) by the key `k`;
 *   its `aud` is the origin of the push resource, its `exp` no more than 24 hours ahead (and, RFC 7519
 *   §4.1.4, not past), and §2.1 its `sub` a `mailto:` or `https:` URI;
 * - §4.2: a request with no or invalid credentials is refused; the stand-in answers 401 when the
 *   header, the key or the signature is wrong, 403 when a well-signed JWT's claims are (as Autopush and FCM
 *   answer, https://mozilla-services.github.io/autopush-rs/errors.html).
 */
import { type KeyObject, createPublicKey, verify } from 'node:crypto';

/** RFC 8292 §2: "an "exp" (Expiry) claim ... MUST NOT be more than 24 hours from the time of the request". */
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The checked credentials: the application server's public key (as sent, base64url) and its contact. */
export type VapidCredentials = { ok: true; publicKey: string; subject: string };
/** A refusal: 401 for missing or badly signed credentials, 403 for claims that do not hold. */
export type VapidRefusal = { ok: false; status: 401 | 403; message: string };

const refuse = (status: 401 | 403, message: string): VapidRefusal => ({ ok: false, status, message });

/** The auth-params of a `vapid` Authorization header, names lower-cased; undefined for another scheme. */
function vapidParams(header: string): Map<string, string> | undefined {
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return undefined;
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const equals = part.indexOf('=');
    if (equals < 0) return undefined;
    const value = part.slice(equals + 1).trim();
    params.set(part.slice(0, equals).trim().toLowerCase(), value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
  }
  return params;
}

/** The P-256 public key of a base64url uncompressed point, or undefined when it is not one. */
export function p256PublicKey(encoded: string): KeyObject | undefined {
  if (!BASE64URL.test(encoded)) return undefined;
  const point = Buffer.from(encoded, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return undefined;
  const coordinate = (from: number) => point.subarray(from, from + 32).toString('base64url');
  try {
    return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' });
  } catch {
    return undefined;
  }
}

/** A JWT part's JSON object, or undefined when it is not one. */
function jsonPart(part: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `sub` is a `mailto:` or `https:` URI (RFC 8292 §2.1). */
function isContactUri(sub: unknown): boolean {
  if (typeof sub !== 'string') return false;
  try {
    const { protocol } = new URL(sub);
    return protocol === 'mailto:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks a push request's Authorization header for a push resource of `audience` (its origin) at `nowSeconds`. */
export function checkVapidAuthorization(header: string | undefined, audience: string, nowSeconds: number): VapidCredentials | VapidRefusal {
  const params = header ? vapidParams(header) : undefined;
  const token = params?.get('t');
  const keyText = params?.get('k');
  if (!token || !keyText) return refuse(401, 'Authorization must be "vapid t=<JWT>, k=<key>" (RFC 8292 §3)');
  const key = p256PublicKey(keyText);
  if (!key) return refuse(401, 'k is not a base64url uncompressed P-256 public key (RFC 8292 §3.2)');
  const [headerPart = '', claimsPart = '', signaturePart = '', ...extra] = token.split('.');
  const jwtHeader = jsonPart(headerPart);
  const claims = jsonPart(claimsPart);
  if (extra.length > 0 || !jwtHeader || !claims || !BASE64URL.test(signaturePart)) return refuse(401, 't is not a JWS compact serialization');
  if (jwtHeader.alg !== 'ES256') return refuse(401, 'The JWT must be signed with ES256 (RFC 8292 §2)');
  const signature = Buffer.from(signaturePart, 'base64url');
  const signedText = Buffer.from(`${headerPart}.${claimsPart}`, 'ascii');
  if (signature.length !== 64 || !verify('sha256', signedText, { key, dsaEncoding: 'ieee-p1363' }, signature))
    return refuse(401, 'The JWT signature does not verify with k');

  if (claims.aud !== audience) return refuse(403, `The JWT's aud must be the push resource's origin ${audience}`);
  const { exp } = claims;
  if (typeof exp !== 'number' || !Number.isInteger(exp)) return refuse(403, "The JWT's exp must be a NumericDate");
  if (exp <= nowSeconds) return refuse(403, 'The JWT has expired');
  if (exp > nowSeconds + MAX_EXPIRY_SECONDS) return refuse(403, "The JWT's exp is more than 24 hours ahead (RFC 8292 §2)");
  if (!isContactUri(claims.sub)) return refuse(403, "The JWT's sub must be a mailto: or https: URI (RFC 8292 §2.1)");
  return { ok: true, publicKey: keyText, subject: claims.sub as string };
}
