import { randomBytes } from 'node:crypto';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { AuthRepo } from './auth-repo';
import { ChallengeRejectedError, SignatureRejectedError } from './errors';
import { buildChallengeMessage, parseChallengeMessage } from './sign-in-message';
import { SESSION_TTL_SECONDS, type SessionClaims, signSessionToken } from './session-token';
import { verifySignedMessage } from './signature';

/** How long a sign-in challenge may be signed. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface AuthDeps {
  store: AuthRepo;
  ledger: LedgerReader;
  sessionSecret: () => Promise<string>;
  now?: () => number;
}

/** Sign-in by signed message: single-use challenges, signature checks against the ledger key, sessions. */
export function createAuthService({ store, ledger, sessionSecret, now = Date.now }: AuthDeps) {
  return {
    /** Issues a single-use challenge for an account that exists on the ledger with a single key. */
    async createChallenge(accountId: string) {
      const account = await ledger.getAccount(accountId);
      if (account.key?.type === 'ProtobufEncoded') {
        throw new SignatureRejectedError('Accounts with a multi-key or threshold key cannot sign in; use a single-key account');
      }
      const challenge = { accountId, nonce: randomBytes(24).toString('base64url'), expiresAt: now() + CHALLENGE_TTL_MS };
      const message = buildChallengeMessage(challenge);
      await store.putChallenge({ ...challenge, message });
      return { message, nonce: challenge.nonce, expiresAt: new Date(challenge.expiresAt).toISOString() };
    },

    /** Consumes the challenge, verifies the wallet's signature and opens a session. */
    async verify(input: { accountId: string; message: string; signatureMap: string }) {
      const fields = parseChallengeMessage(input.message);
      if (!fields) throw new ChallengeRejectedError('This is not a Wild Tigers sign-in message');
      if (fields.accountId !== input.accountId) throw new ChallengeRejectedError('This sign-in challenge was issued to another account');
      if (fields.expiresAt <= now()) throw new ChallengeRejectedError('This sign-in challenge has expired; sign in again');
      const consumed = await store.consumeChallenge({ nonce: fields.nonce, accountId: fields.accountId, message: input.message }, now());
      if (!consumed) throw new ChallengeRejectedError('This sign-in challenge is unknown, already used or was altered; sign in again');
      const account = await ledger.getAccount(input.accountId);
      verifySignedMessage(input.message, input.signatureMap, account.key);
      const session: SessionClaims = {
        accountId: input.accountId,
        sessionId: randomBytes(18).toString('base64url'),
        expiresAt: now() + SESSION_TTL_SECONDS * 1000,
      };
      await store.putSession(session);
      return { session, token: await signSessionToken(session, await sessionSecret()) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
