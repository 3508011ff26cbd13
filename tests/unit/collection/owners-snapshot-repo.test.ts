import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnersSnapshotRepo, decodeOwners, encodeOwners } from '@/features/collection/owners-snapshot-repo';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

const TOKEN = '0.0.7000333';
let tableName: string;
let memory: MemoryStore;

beforeAll(async () => {
  memory = await startMemoryStore();
  tableName = await memory.newTable();
});
afterAll(() => memory.stop());

const ownersOf = (count: number, offset = 0) => new Map(Array.from({ length: count }, (_, i) => [i + 1, `0.0.${7_001_001 + ((i + offset) % 4)}`]));

describe('the shared owner snapshot', () => {
  it('encodes the whole collection compactly and decodes it back exactly', () => {
    const owners = ownersOf(3333);
    const encoded = encodeOwners(owners)!;
    expect(encoded.length).toBeLessThan(50_000);
    expect(decodeOwners(encoded)).toEqual(owners);
    expect(encodeOwners(new Map([[1, '1.2.3']]))).toBeNull();
    expect(decodeOwners('1=2,x')).toBeNull();
  });

  it('stores a newer copy, never lets an older one replace it, and ignores a malformed item', async () => {
    const store = createOwnersSnapshotRepo(memory.doc, tableName, TOKEN);
    expect(await store.read()).toBeUndefined();
    await store.write(ownersOf(10), 2_000);
    await store.write(ownersOf(10, 1), 1_000); // a slower instance finishing late
    expect(await store.read()).toEqual({ owners: ownersOf(10), loadedAt: 2_000 });
    await store.write(ownersOf(10, 2), 3_000);
    expect(await store.read()).toEqual({ owners: ownersOf(10, 2), loadedAt: 3_000 });

    const other = createOwnersSnapshotRepo(memory.doc, tableName, '0.0.1');
    expect(await other.read(), 'another token has its own copy').toBeUndefined();
    await memory.doc.send(new PutCommand({ TableName: tableName, Item: { pk: 'SNAPSHOT#OWNERS#0.0.1', sk: 'OWNERS', owners: '1=2,oops', loadedAt: 5 } }));
    expect(await other.read()).toBeUndefined();
  });
});
