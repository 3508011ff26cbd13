/**
 * Private keys from settings, with their type explicit. The SDK's `PrivateKey.fromStringDer` reads
 * a raw 32-byte ECDSA key as ED25519 with only a warning, so a key whose bytes do not say their type
 * is refused here instead of signing every transaction with the wrong key (INVALID_SIGNATURE).
 */
import { PrivateKey } from '@hiero-ledger/sdk';
import type { LedgerAccount } from './ledger-reader-port';

/**
 * A key setting that cannot be used: a configuration error that stops start-up with its message.
 * (Its own class rather than server/config's ConfigError, so that the Lambda bundles, which load
 * this module lazily, do not wrap zod for lazy loading.)
 */
export class KeySettingError extends Error {
  override readonly name = 'KeySettingError';
}

/** PKCS#8 DER prefixes followed by the 32 key bytes (what `toStringDer()` writes). */
const ED25519_PKCS8 = '302e020100300506032b657004220420';
const ECDSA_PKCS8 = '3030020100300706052b8104000a04220420';
/** PKCS#8 as Node and OpenSSL write an secp256k1 key (with its public key), which the SDK cannot read. */
const ECDSA_PKCS8_OPENSSL = '308184020100301006072a8648ce3d020106052b8104000a046d306b0201010420';
/** SEC1 `EC PRIVATE KEY` of secp256k1: the key bytes, then the curve's OID (and maybe the public key). */
const ECDSA_SEC1 = /^30(?:74|2e)0201010420[0-9a-f]{64}a00706052b8104000a/;
const RAW = /^[0-9a-f]{64}$/;

/** The forms a key setting accepts, for error messages. */
export const PRIVATE_KEY_FORMS = 'DER hex (PKCS#8 ED25519 or ECDSA secp256k1, or SEC1), or ed25519:<64 hex digits> or ecdsa:<64 hex digits>';

function hexOf(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase().replace(/^0x/, '');
}

/**
 * Reads `value` (the setting `setting`) as a private key of an explicit type: DER, or a typed raw
 * form `ed25519:<hex>` / `ecdsa:<hex>`. Throws a KeySettingError naming the setting (never its value).
 */
export function parsePrivateKey(value: string, setting: string): PrivateKey {
  const trimmed = value.trim();
  const typed = /^(ed25519|ecdsa|ecdsa_secp256k1|secp256k1):(.*)$/is.exec(trimmed);
  const hex = hexOf(typed ? (typed[2] ?? '') : trimmed);
  const type = typed?.[1]?.toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex)) throw new KeySettingError(`${setting} is not a hex private key: give ${PRIVATE_KEY_FORMS}`);

  if (type === 'ed25519') {
    if (RAW.test(hex)) return PrivateKey.fromBytesED25519(Buffer.from(hex, 'hex'));
    if (hex.length === 96 && hex.startsWith(ED25519_PKCS8)) return PrivateKey.fromStringDer(hex);
    throw new KeySettingError(`${setting} says ed25519: but is not a 32-byte ED25519 key (64 hex digits) or its DER form`);
  }
  if (type) {
    if (RAW.test(hex)) return PrivateKey.fromBytesECDSA(Buffer.from(hex, 'hex'));
    if (isEcdsaDer(hex)) return ecdsaFromDer(hex);
    throw new KeySettingError(`${setting} says ecdsa: but is not a 32-byte secp256k1 key (64 hex digits) or its DER form`);
  }
  if (hex.length === 96 && hex.startsWith(ED25519_PKCS8)) return PrivateKey.fromStringDer(hex);
  if (isEcdsaDer(hex)) return ecdsaFromDer(hex);
  if (RAW.test(hex)) {
    throw new KeySettingError(
      `${setting} is a raw 32-byte key, which does not say whether it is ED25519 or ECDSA: write it as ed25519:<hex> or ecdsa:<hex>, or give its DER form`,
    );
  }
  throw new KeySettingError(`${setting} is not a private key in a known form: give ${PRIVATE_KEY_FORMS}`);
}

function isEcdsaDer(hex: string): boolean {
  return (hex.length === 100 && hex.startsWith(ECDSA_PKCS8)) || hex.startsWith(ECDSA_PKCS8_OPENSSL) || ECDSA_SEC1.test(hex);
}

function ecdsaFromDer(hex: string): PrivateKey {
  if (hex.startsWith(ECDSA_PKCS8_OPENSSL)) {
    const start = ECDSA_PKCS8_OPENSSL.length;
    return PrivateKey.fromBytesECDSA(Buffer.from(hex.slice(start, start + 64), 'hex'));
  }
  return PrivateKey.fromStringDer(hex);
}

/** A short description of a key for messages: its type and public key (never the private part). */
function describe(type: string, publicHex: string): string {
  return `${type} ${publicHex.slice(0, 12)}…`;
}

/**
 * Checks that `key` is the key of `account` on the ledger (a single ED25519 or ECDSA key), so a
 * wrong key stops start-up instead of failing every transaction with INVALID_SIGNATURE.
 */
export function assertKeyOfAccount(key: PrivateKey, account: LedgerAccount, setting: string): void {
  const type = key.type === 'secp256k1' ? 'ECDSA_SECP256K1' : 'ED25519';
  const publicHex = key.publicKey.toStringRaw().toLowerCase();
  if (!account.key) throw new KeySettingError(`${setting}: account ${account.accountId} has no key on the ledger`);
  if (account.key.type === 'ProtobufEncoded') {
    throw new KeySettingError(`${setting}: account ${account.accountId} has a key list or threshold key; it needs a single ED25519 or ECDSA key`);
  }
  if (account.key.type !== type || account.key.hex.toLowerCase() !== publicHex) {
    throw new KeySettingError(
      `${setting} is not the key of account ${account.accountId}: it is ${describe(type, publicHex)}, the account's key is ${describe(account.key.type, account.key.hex.toLowerCase())}`,
    );
  }
}
