import { SignJWT, jwtVerify } from 'jose';

export const SESSION_COOKIE = 'wt_session';
/** A sign-in lasts a day; the wallet signs again after that. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

export interface SessionClaims {
  accountId: string;
  sessionId: string;
  expiresAt: number;
}

const ISSUER = 'wild-tigers';

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A signed (HS256), expiring session token for the cookie. */
export async function signSessionToken(claims: SessionClaims, secret: string): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.accountId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt / 1000))
    .sign(keyOf(secret));
}

/** The claims of a valid token, or undefined for a forged, tampered or expired one. */
export async function readSessionToken(token: string, secret: string): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
    return { accountId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie value carrying a session; Secure everywhere but plain-http local origins. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])].join('; ');
}

/** The cookie value from API Gateway's cookie list. */
export function sessionTokenFromCookies(cookies: readonly string[] | undefined): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === SESSION_COOKIE && value.length) return value.join('=');
    }
  }
  return undefined;
}
