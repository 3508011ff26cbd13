/** One signature of a Hedera SignatureMap (only the fields sign-in reads). */
export interface SignaturePair {
  pubKeyPrefix: Uint8Array;
  ed25519?: Uint8Array;
  ecdsaSecp256k1?: Uint8Array;
}

/** Thrown for bytes that are not a well-formed protobuf SignatureMap. */
export class MalformedSignatureMapError extends Error {
  override name = 'MalformedSignatureMapError';
}

function reader(bytes: Uint8Array) {
  let offset = 0;
  function varint(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (offset >= bytes.length) throw new MalformedSignatureMapError('truncated varint');
      const byte = bytes[offset++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new MalformedSignatureMapError('varint too long');
  }
  return {
    done: () => offset >= bytes.length,
    /** The next field: its number and, for length-delimited fields, its bytes (other wire types are skipped). */
    field(): { number: number; bytes?: Uint8Array } {
      const key = varint();
      const number = Math.floor(key / 8);
      const wireType = key & 7;
      if (wireType === 2) {
        const length = varint();
        if (offset + length > bytes.length) throw new MalformedSignatureMapError('field runs past the end');
        const value = bytes.subarray(offset, offset + length);
        offset += length;
        return { number, bytes: value };
      }
      if (wireType === 0) varint();
      else if (wireType === 1) offset += 8;
      else if (wireType === 5) offset += 4;
      else throw new MalformedSignatureMapError(`unsupported wire type ${wireType}`);
      if (offset > bytes.length) throw new MalformedSignatureMapError('field runs past the end');
      return { number };
    },
  };
}

/**
 * Decodes a protobuf SignatureMap (`repeated SignaturePair sigPair = 1`; a pair has
 * `bytes pubKeyPrefix = 1`, `bytes ed25519 = 3`, `bytes ECDSA_secp256k1 = 6`) without the SDK.
 */
export function decodeSignatureMap(bytes: Uint8Array): SignaturePair[] {
  const pairs: SignaturePair[] = [];
  const map = reader(bytes);
  while (!map.done()) {
    const field = map.field();
    if (field.number !== 1 || !field.bytes) continue;
    const pair: SignaturePair = { pubKeyPrefix: new Uint8Array() };
    const fields = reader(field.bytes);
    while (!fields.done()) {
      const inner = fields.field();
      if (!inner.bytes) continue;
      if (inner.number === 1) pair.pubKeyPrefix = inner.bytes;
      else if (inner.number === 3) pair.ed25519 = inner.bytes;
      else if (inner.number === 6) pair.ecdsaSecp256k1 = inner.bytes;
    }
    pairs.push(pair);
  }
  return pairs;
}
