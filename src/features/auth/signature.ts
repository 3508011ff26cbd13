import { createPublicKey, verify } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import { verify as verifySecp256k1 } from '@noble/secp256k1';
import type { AccountKey } from '@/features/ledger/ledger-reader-port';
import { SignatureRejectedError } from './errors';
import { prefixedMessageBytes } from './sign-in-message';
import { MalformedSignatureMapError, type SignaturePair, decodeSignatureMap } from './signature-map';

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function decode(base64: string): SignaturePair[] {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new SignatureRejectedError('The signature is not valid base64');
  try {
    return decodeSignatureMap(Buffer.from(base64, 'base64'));
  } catch (error) {
    if (error instanceof MalformedSignatureMapError) throw new SignatureRejectedError('The signature is not a Hedera signature map');
    throw error;
  }
}

function publicKeyBytes(key: AccountKey | null): Buffer {
  if (!key) throw new SignatureRejectedError('This account has no key on the ledger');
  if (key.type === 'ProtobufEncoded') {
    throw new SignatureRejectedError('Accounts with a multi-key or threshold key cannot sign in; use a single-key account');
  }
  return Buffer.from(key.hex, 'hex');
}

/** Hedera ED25519: a plain signature over the bytes. */
function verifyEd25519(publicKey: Buffer, bytes: Uint8Array, signature: Uint8Array): boolean {
  try {
    const keyObject = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return verify(null, bytes, keyObject, signature);
  } catch {
    return false;
  }
}

/** Hedera ECDSA(secp256k1): a 64-byte r||s signature over keccak256 of the bytes. */
function verifyEcdsa(publicKey: Buffer, bytes: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verifySecp256k1(signature, keccak_256(bytes), publicKey, { prehash: false, lowS: false });
  } catch {
    return false;
  }
}

/**
 * Checks a wallet's signatureMap (base64 protobuf) over `message` against the account's key from
 * the ledger, exactly as Hedera wallets sign messages (the '\x19Hedera Signed Message' prefix).
 */
export function verifySignedMessage(message: string, signatureMapBase64: string, key: AccountKey | null): void {
  const keyBytes = publicKeyBytes(key);
  const pairs = decode(signatureMapBase64);
  const bytes = prefixedMessageBytes(message);
  const ed25519 = key?.type === 'ED25519';
  for (const pair of pairs) {
    const signature = ed25519 ? pair.ed25519 : pair.ecdsaSecp256k1;
    if (!signature?.length) continue;
    const prefix = pair.pubKeyPrefix;
    if (prefix.length > keyBytes.length || !prefix.every((byte, index) => byte === keyBytes[index])) continue;
    if (ed25519 ? verifyEd25519(keyBytes, bytes, signature) : verifyEcdsa(keyBytes, bytes, signature)) return;
  }
  throw new SignatureRejectedError('The signature was not made by this account’s key');
}
