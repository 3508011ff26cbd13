/**
 * Reads the transaction id frozen into prepared transaction bytes, without the ledger SDK: a few
 * protobuf fields of TransactionList -> Transaction -> SignedTransaction -> TransactionBody ->
 * TransactionID. The wallet layer uses it as the fallback id when a wallet's 'User rejected.'
 * is not conclusive (spec 000 §8), so the server can look the purchase up on the ledger.
 */
import { base64ToBytes } from '@/features/wallet/base64';

type Field = { number: number; wire: number; value: bigint | Uint8Array };

/** The top-level fields of one protobuf message; throws on malformed input. */
function fields(bytes: Uint8Array): Field[] {
  const out: Field[] = [];
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (offset >= bytes.length) throw new Error('truncated varint');
      const byte = bytes[offset++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
    throw new Error('varint too long');
  };
  while (offset < bytes.length) {
    const tag = Number(varint());
    const number = tag >>> 3;
    const wire = tag & 7;
    if (number === 0) throw new Error('bad field number');
    if (wire === 0) out.push({ number, wire, value: varint() });
    else if (wire === 2) {
      const length = Number(varint());
      if (offset + length > bytes.length) throw new Error('truncated field');
      out.push({ number, wire, value: bytes.subarray(offset, offset + length) });
      offset += length;
    } else if (wire === 1) offset += 8;
    else if (wire === 5) offset += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
  if (offset !== bytes.length) throw new Error('truncated message');
  return out;
}

function bytesField(message: Field[], number: number): Uint8Array | undefined {
  const field = message.find((entry) => entry.number === number && entry.wire === 2);
  return field?.value instanceof Uint8Array ? field.value : undefined;
}

function intField(message: Field[], number: number): bigint {
  const field = message.find((entry) => entry.number === number && entry.wire === 0);
  return typeof field?.value === 'bigint' ? field.value : 0n;
}

/** The TransactionBody bytes of one Transaction message (signedTransactionBytes, else the old bodyBytes). */
function bodyOfTransaction(transaction: Field[]): Uint8Array | undefined {
  const signed = bytesField(transaction, 5);
  if (signed) return bytesField(fields(signed), 1);
  return bytesField(transaction, 4);
}

/** 'shard.realm.num@seconds.nanos' (the SDK's form) of base64 transaction bytes, or undefined. */
export function frozenTransactionId(transBytes: string): string | undefined {
  try {
    const top = fields(base64ToBytes(transBytes));
    // A Transaction carries field 5 (or 4); a TransactionList is a list of Transactions in field 1.
    let body = bodyOfTransaction(top);
    if (!body) {
      const first = bytesField(top, 1);
      body = first ? bodyOfTransaction(fields(first)) : undefined;
    }
    if (!body) return undefined;
    const idBytes = bytesField(fields(body), 1);
    if (!idBytes) return undefined;
    const id = fields(idBytes);
    const validStart = bytesField(id, 1);
    const account = bytesField(id, 2);
    if (!validStart || !account) return undefined;
    const start = fields(validStart);
    const accountFields = fields(account);
    const num = intField(accountFields, 3);
    if (num === 0n) return undefined;
    const nanos = String(Number(BigInt.asIntN(32, intField(start, 2)))).padStart(9, '0');
    return `${intField(accountFields, 1)}.${intField(accountFields, 2)}.${num}@${BigInt.asIntN(64, intField(start, 1))}.${nanos}`;
  } catch {
    return undefined;
  }
}
