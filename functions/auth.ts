import * as z from 'zod';
import { createAuthService } from '../src/features/auth/auth-service';
import { SESSION_TTL_SECONDS, sessionCookie } from '../src/features/auth/session-token';
import { config } from '../src/server/config';
import { authRepo, ledgerReader, sessionSecret, sessions } from '../src/server/adapters';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { respond } from '../src/server/http/respond';
import { entityIdSchema } from '../src/lib/schemas';

const auth = createAuthService({ store: authRepo(), ledger: ledgerReader(), sessionSecret });

const origin = new URL(config().siteOrigin);
const plainHttpLocal = origin.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(origin.hostname);
const secureCookie = !plainHttpLocal;

/** Sign-in by signed message: challenge, verify (sets the session cookie), session, logout. */
export const handler = routeGroup('auth', {
  'POST /api/auth/challenge': defineRoute('public', { body: z.object({ accountId: entityIdSchema }) }, async ({ body }) =>
    auth.createChallenge(body.accountId),
  ),

  'POST /api/auth/verify': defineRoute(
    'public',
    {
      body: z.object({
        accountId: entityIdSchema,
        message: z.string().min(1).max(1000),
        signatureMap: z.string().min(1).max(10_000),
      }),
    },
    async ({ body }) => {
      const { session, token } = await auth.verify(body);
      return respond(
        200,
        { success: true, accountId: session.accountId, expiresAt: new Date(session.expiresAt).toISOString() },
        { cookies: [sessionCookie(token, SESSION_TTL_SECONDS, secureCookie)] },
      );
    },
  ),

  'GET /api/auth/session': defineRoute('optional', {}, async ({ session }) =>
    session ? { authenticated: true, accountId: session.accountId, expiresAt: new Date(session.expiresAt).toISOString() } : { authenticated: false },
  ),

  'POST /api/auth/logout': defineRoute('public', {}, async ({ event }) => {
    await sessions().end(event.cookies);
    return respond(200, { success: true }, { cookies: [sessionCookie('', 0, secureCookie)] });
  }),
});
