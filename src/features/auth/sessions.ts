import type { AuthRepo } from './auth-repo';
import { type SessionClaims, readSessionToken, sessionTokenFromCookies } from './session-token';

export interface SessionDeps {
  store: AuthRepo;
  sessionSecret: () => Promise<string>;
  now?: () => number;
}

/** Reads sessions from request cookies: a valid signature, unexpired, and not logged out. */
export function createSessions({ store, sessionSecret, now = Date.now }: SessionDeps) {
  async function claimsOf(cookies: readonly string[] | undefined): Promise<SessionClaims | undefined> {
    const token = sessionTokenFromCookies(cookies);
    return token ? readSessionToken(token, await sessionSecret()) : undefined;
  }
  return {
    /** The live session of a request, or undefined. */
    async fromCookies(cookies: readonly string[] | undefined): Promise<SessionClaims | undefined> {
      const claims = await claimsOf(cookies);
      return claims ? store.getSession(claims.sessionId, now()) : undefined;
    },
    /** Ends the request's session, if any. */
    async end(cookies: readonly string[] | undefined): Promise<void> {
      const claims = await claimsOf(cookies);
      if (claims) await store.deleteSession(claims.sessionId);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
