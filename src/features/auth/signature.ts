import { proto } from '@hiero-ledger/proto';
import { PublicKey } from '@hiero-ledger/sdk';
import type { AccountKey } from '../ledger/ledger-reader';
import { SignatureRejectedError } from './errors';
import { prefixedMessageBytes } from './sign-in-message';

function decodeSignatureMap(base64: string): proto.SignatureMap {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new SignatureRejectedError('The signature is not valid base64');
  try {
    return proto.SignatureMap.decode(Buffer.from(base64, 'base64'));
  } catch {
    throw new SignatureRejectedError('The signature is not a Hedera signature map');
  }
}

function accountPublicKey(key: AccountKey | null): PublicKey {
  if (!key) throw new SignatureRejectedError('This account has no key on the ledger');
  if (key.type === 'ProtobufEncoded') {
    throw new SignatureRejectedError('Accounts with a multi-key or threshold key cannot sign in; use a single-key account');
  }
  return key.type === 'ED25519' ? PublicKey.fromBytesED25519(Buffer.from(key.hex, 'hex')) : PublicKey.fromBytesECDSA(Buffer.from(key.hex, 'hex'));
}

/**
 * Checks a wallet's signatureMap (base64 protobuf) over `message` against the account's key from
 * the ledger, exactly as Hedera wallets sign messages (the '\x19Hedera Signed Message' prefix).
 */
export function verifySignedMessage(message: string, signatureMapBase64: string, key: AccountKey | null): void {
  const publicKey = accountPublicKey(key);
  const signatureMap = decodeSignatureMap(signatureMapBase64);
  const keyBytes = publicKey.toBytesRaw();
  const bytes = prefixedMessageBytes(message);
  for (const pair of signatureMap.sigPair ?? []) {
    const signature = publicKey.type === 'ED25519' ? pair.ed25519 : pair.ECDSASecp256k1;
    if (!signature?.length) continue;
    const prefix = pair.pubKeyPrefix ?? new Uint8Array();
    if (prefix.length > keyBytes.length || !prefix.every((byte, index) => byte === keyBytes[index])) continue;
    if (publicKey.verify(bytes, signature)) return;
  }
  throw new SignatureRejectedError('The signature was not made by this account’s key');
}
