/** The spec's sign-in text; the product name follows it. */
export const SIGN_IN_TEXT = 'Click to sign in and accept the Terms of Service';
export const PRODUCT_NAME = 'Wild Tigers';

export interface ChallengeFields {
  accountId: string;
  nonce: string;
  /** Epoch milliseconds after which the challenge is refused. */
  expiresAt: number;
}

/** The single-use ASCII message a wallet signs to sign in. */
export function buildChallengeMessage({ accountId, nonce, expiresAt }: ChallengeFields): string {
  return [`${SIGN_IN_TEXT} of ${PRODUCT_NAME}`, '', `Account: ${accountId}`, `Nonce: ${nonce}`, `Expires: ${new Date(expiresAt).toISOString()}`].join('\n');
}

/** The fields of a message built by buildChallengeMessage, or undefined when it is not one. */
export function parseChallengeMessage(message: string): ChallengeFields | undefined {
  const match = /^Click to sign in and accept the Terms of Service of Wild Tigers\n\nAccount: (0\.0\.\d+)\nNonce: ([A-Za-z0-9_-]{16,64})\nExpires: (\S+)$/.exec(
    message,
  );
  if (!match) return undefined;
  const expiresAt = Date.parse(match[3] as string);
  if (Number.isNaN(expiresAt)) return undefined;
  return { accountId: match[1] as string, nonce: match[2] as string, expiresAt };
}

/** The bytes Hedera wallets sign for a message: '\x19Hedera Signed Message:\n' + length + message. */
export function prefixedMessageBytes(message: string): Uint8Array {
  return new TextEncoder().encode(`\x19Hedera Signed Message:\n${message.length}${message}`);
}
