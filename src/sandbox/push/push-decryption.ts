/**
 * Opening a Web Push message as the user agent does: RFC 8291 (Message Encryption for Web Push) over
 * RFC 8188's "aes128gcm" content coding.
 * - RFC 8188 §2: the body is a header `salt(16) | rs(uint32 BE) | idlen(1) | keyid(idlen)` and then the
 *   records, each AES-128-GCM ciphertext with its 16-byte tag, at most `rs` bytes; rs is at least 18.
 *   §2.1: PRK = HMAC-SHA-256(salt, IKM), CEK = HKDF-Expand(PRK, "Content-Encoding: aes128gcm" || 0x00, 16),
 *   NONCE = HKDF-Expand(PRK, "Content-Encoding: nonce" || 0x00, 12), XORed with the record's sequence number.
 *   §2: a record's plaintext is the data, a delimiter (0x01 for a record before the last, 0x02 for the last)
 *   and zero padding.
 * - RFC 8291 §3.3-3.4: IKM = HKDF(salt = auth_secret, IKM = ECDH(ua_private, as_public),
 *   info = "WebPush: info" || 0x00 || ua_public || as_public, L = 32).
 * - RFC 8291 §4: keyid carries the application server's public key, an uncompressed P-256 point (65 bytes),
 *   and a push message is a single record.
 */
import { type ECDH, createDecipheriv, hkdfSync } from 'node:crypto';

const SALT_BYTES = 16;
const HEADER_FIXED_BYTES = SALT_BYTES + 4 + 1;
const TAG_BYTES = 16;
const POINT_BYTES = 65;
/** RFC 8188 §2: the smallest record size (one byte of plaintext, its delimiter, the tag). */
const MIN_RECORD_SIZE = 18;
const LAST_RECORD_DELIMITER = 0x02;

/** The user agent's side of a subscription: what it needs to open what is sent to it. */
export interface PushReceiverKeys {
  /** The user agent's P-256 key pair (its private key computes the shared secret). */
  ecdh: ECDH;
  /** Its public key, the uncompressed point it gave as `p256dh`. */
  publicKey: Buffer;
  /** The 16-byte `auth` secret. */
  authSecret: Buffer;
}

/** Why a body did not open (the push service answers 400). */
export class PushDecryptionError extends Error {}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The plaintext of an "aes128gcm" Web Push body, or a `PushDecryptionError` saying why it is not one. */
export function decryptPushPayload(body: Buffer, keys: PushReceiverKeys): Buffer {
  if (body.length < HEADER_FIXED_BYTES) throw new PushDecryptionError('The body is shorter than an aes128gcm header');
  const salt = body.subarray(0, SALT_BYTES);
  const recordSize = body.readUInt32BE(SALT_BYTES);
  const keyIdLength = body.readUInt8(SALT_BYTES + 4);
  if (recordSize < MIN_RECORD_SIZE) throw new PushDecryptionError(`The record size ${recordSize} is under 18`);
  if (keyIdLength !== POINT_BYTES) throw new PushDecryptionError('The keyid is not a 65-byte P-256 public key');
  const senderPublicKey = body.subarray(HEADER_FIXED_BYTES, HEADER_FIXED_BYTES + keyIdLength);
  const record = body.subarray(HEADER_FIXED_BYTES + keyIdLength);
  if (senderPublicKey.length !== POINT_BYTES || senderPublicKey[0] !== 0x04) throw new PushDecryptionError('The keyid is not an uncompressed P-256 point');
  if (record.length > recordSize) throw new PushDecryptionError('A push message is a single record (RFC 8291 §4)');
  if (record.length <= TAG_BYTES) throw new PushDecryptionError('The record is shorter than its tag and delimiter');

  let sharedSecret: Buffer;
  try {
    sharedSecret = keys.ecdh.computeSecret(senderPublicKey);
  } catch {
    throw new PushDecryptionError('The keyid is not a point on P-256');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), keys.publicKey, senderPublicKey]);
  const ikm = hkdf(sharedSecret, keys.authSecret, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  // The first (and only) record's sequence number is 0, so its nonce is NONCE itself.
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);

  let padded: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new PushDecryptionError('The record does not decrypt (wrong keys, or altered)');
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== LAST_RECORD_DELIMITER) throw new PushDecryptionError('The record lacks the last record delimiter 0x02');
  return padded.subarray(0, end);
}
