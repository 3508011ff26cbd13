import { prefixedMessageBytes } from '@/features/auth/sign-in-message';
import { MarketUnavailableError } from './market-errors';
import { type SentxClientOptions, sentxClient } from './sentx-client';
import { affiliateAuthSchemas } from './sentx-schemas';

/** The token lifetime assumed when SentX does not say (the public client's assumption), and the margin kept before it ends. */
const DEFAULT_TOKEN_SECONDS = 3600;
const TOKEN_REFRESH_MARGIN_MS = 60_000;

/**
 * The affiliate that signs in to SentX for buys: its account and a signer holding its private key.
 * The key signs only SentX's sign-in challenge, never a purchase (the buyer signs that).
 */
export interface SentxAffiliate {
  accountId: string;
  /** Signs bytes with the affiliate account's key (ED25519 or ECDSA secp256k1, the SDK's signature). */
  sign(message: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

/** The affiliate's user-auth token for buys: kept for its lifetime, forgotten when SentX answers 401. */
export interface SentxUserAuth {
  token(): Promise<string>;
  forget(): void;
}

/**
 * The affiliate's sign-in to SentX: `auth/init` gives a payload, the affiliate's key signs it as a
 * Hedera signed message of its JSON text, `auth/verify` answers the user-auth token and its lifetime.
 * SentX documents none of this; it follows the one public client that implements it
 * (aguillee/sharkly-agent, plugin/src/sentx-client.ts), so the payload wrapping and the lifetime are
 * likely rather than confirmed. One sign-in serves concurrent buys; the token is renewed a minute
 * before it ends.
 */
export function createSentxUserAuth(options: SentxClientOptions & { affiliate: SentxAffiliate; now?: () => number }): SentxUserAuth {
  const { affiliate, now = Date.now } = options;
  const { call } = sentxClient(options);
  let current: { value: string; renewAt: number } | undefined;
  let signingIn: Promise<string> | undefined;

  async function signIn(): Promise<string> {
    const schemas = affiliateAuthSchemas();
    const init = await call('/v1/affiliate/auth/init', schemas.init, { body: { user_address: affiliate.accountId } });
    if (!init.ok) throw new MarketUnavailableError(`SentX affiliate sign-in refused: ${init.apimessage}`);
    // Keys in the order received (JSON.parse keeps it, except integer-like keys).
    const signature = await affiliate.sign(prefixedMessageBytes(JSON.stringify(init.body.payload)));
    const verified = await call('/v1/affiliate/auth/verify', schemas.verify, {
      body: {
        user_address: affiliate.accountId,
        operationToken: init.body.operationToken,
        nonce: init.body.nonce,
        userSignature: Buffer.from(signature).toString('base64'),
      },
    });
    if (!verified.ok) throw new MarketUnavailableError(`SentX affiliate sign-in refused: ${verified.apimessage}`);
    const lifetimeMs = (verified.body.expiresIn ?? DEFAULT_TOKEN_SECONDS) * 1000;
    current = { value: verified.body.userAuthToken, renewAt: now() + Math.max(0, lifetimeMs - TOKEN_REFRESH_MARGIN_MS) };
    return current.value;
  }

  return {
    async token() {
      if (current && now() < current.renewAt) return current.value;
      signingIn ??= signIn().finally(() => {
        signingIn = undefined;
      });
      return signingIn;
    },
    forget() {
      current = undefined;
    },
  };
}
