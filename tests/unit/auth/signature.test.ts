import { AccountId, PrivateKey, Wallet } from '@hiero-ledger/sdk';
import { proto } from '@hiero-ledger/proto';
import { describe, expect, it } from 'vitest';
import { SignatureRejectedError } from '../../../src/features/auth/errors';
import { buildChallengeMessage, parseChallengeMessage, prefixedMessageBytes } from '../../../src/features/auth/sign-in-message';
import { verifySignedMessage } from '../../../src/features/auth/signature';
import type { AccountKey } from '../../../src/features/ledger/ledger-reader-port';

// The wallet side of @hashgraph/hedera-wallet-connect (its package entry cannot load in Node: ESM directory import).
const walletConnect = (await import('../../../node_modules/@hashgraph/hedera-wallet-connect/dist/lib/shared/utils.js' as string)) as {
  stringToSignerMessage(message: string): Uint8Array[];
  signerSignaturesToSignatureMap(signatures: unknown[]): proto.ISignatureMap;
  signatureMapToBase64String(map: proto.SignatureMap): string;
  verifyMessageSignature(message: string, base64SignatureMap: string, publicKey: unknown): boolean;
};

const accountId = '0.0.7001001';
const message = buildChallengeMessage({ accountId, nonce: 'abcdefghijklmnopqrstuvwx', expiresAt: Date.parse('2030-01-01T00:00:00Z') });

/** Signs exactly as a Hedera WalletConnect wallet answers hedera_signMessage. */
async function walletSign(key: PrivateKey, text: string): Promise<string> {
  const wallet = new Wallet(AccountId.fromString(accountId), key);
  const signatures = await wallet.sign(walletConnect.stringToSignerMessage(text));
  return walletConnect.signatureMapToBase64String(proto.SignatureMap.create(walletConnect.signerSignaturesToSignatureMap(signatures)));
}

function keyOf(key: PrivateKey): AccountKey {
  return { type: key.type === 'ED25519' ? 'ED25519' : 'ECDSA_SECP256K1', hex: key.publicKey.toStringRaw() };
}

describe('sign-in message', () => {
  it('starts with the spec text and the product name, is ASCII and round-trips', () => {
    expect(message.startsWith('Click to sign in and accept the Terms of Service of Wild Tigers')).toBe(true);
    expect(/^[\x20-\x7e\n]+$/.test(message)).toBe(true);
    expect(parseChallengeMessage(message)).toEqual({ accountId, nonce: 'abcdefghijklmnopqrstuvwx', expiresAt: Date.parse('2030-01-01T00:00:00Z') });
    expect(parseChallengeMessage(message.replace('0.0.7001001', '0.0.666 '))).toBeUndefined();
  });

  it('prefixes like Hedera wallets', () => {
    expect(new TextDecoder().decode(prefixedMessageBytes('hi'))).toBe('\x19Hedera Signed Message:\n2hi');
  });
});

describe('verifySignedMessage', () => {
  it.each(['ED25519', 'ECDSA'] as const)('accepts a %s signature made by the wallet-connect wallet helpers', async (type) => {
    const key = type === 'ED25519' ? PrivateKey.generateED25519() : PrivateKey.generateECDSA();
    const signatureMap = await walletSign(key, message);
    expect(() => verifySignedMessage(message, signatureMap, keyOf(key))).not.toThrow();
    // and the library's own dApp-side check agrees
    expect(walletConnect.verifyMessageSignature(message, signatureMap, key.publicKey)).toBe(true);
  });

  it('refuses a signature by another key', async () => {
    const signatureMap = await walletSign(PrivateKey.generateED25519(), message);
    expect(() => verifySignedMessage(message, signatureMap, keyOf(PrivateKey.generateED25519()))).toThrow(SignatureRejectedError);
  });

  it('refuses a tampered message', async () => {
    const key = PrivateKey.generateED25519();
    const signatureMap = await walletSign(key, message);
    expect(() => verifySignedMessage(message.replace('Nonce: a', 'Nonce: b'), signatureMap, keyOf(key))).toThrow(/not made by this account/);
  });

  it('refuses multi-key accounts, missing keys and garbage with clear messages', async () => {
    const key = PrivateKey.generateED25519();
    const signatureMap = await walletSign(key, message);
    expect(() => verifySignedMessage(message, signatureMap, { type: 'ProtobufEncoded', hex: '2a0408011200' })).toThrow(/multi-key or threshold key/);
    expect(() => verifySignedMessage(message, signatureMap, null)).toThrow(/no key/);
    expect(() => verifySignedMessage(message, 'not base64!', keyOf(key))).toThrow(/not valid base64/);
    expect(() => verifySignedMessage(message, Buffer.from('garbage').toString('base64'), keyOf(key))).toThrow(SignatureRejectedError);
  });
});

describe('signature map decoding', () => {
  it('refuses arbitrary bytes with a SignatureRejectedError, never another error', async () => {
    const fc = (await import('fast-check')).default;
    const key = keyOf(PrivateKey.generateED25519());
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const base64 = Buffer.from(bytes).toString('base64');
        if (!base64) return;
        expect(() => verifySignedMessage(message, base64, key)).toThrow(SignatureRejectedError);
      }),
      { numRuns: 300 },
    );
  });
});
