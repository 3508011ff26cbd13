const ENTITY_ID = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})$/;

/** True for a `shard.realm.num` id such as `0.0.7001001`. */
export function isEntityId(value: string): boolean {
  return ENTITY_ID.test(value);
}

/** Orders `shard.realm.num` ids numerically (as the mirror node does), not as strings. */
export function compareEntityIds(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** The long-zero EVM address the mirror node reports for an account without an alias. */
export function longZeroEvmAddress(entityId: string): string {
  const [shard = 0, realm = 0, num = 0] = parts(entityId);
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
  return `0x${hex(shard, 8)}${hex(realm, 16)}${hex(num, 16)}`;
}

function parts(id: string): number[] {
  const match = ENTITY_ID.exec(id);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [];
}
