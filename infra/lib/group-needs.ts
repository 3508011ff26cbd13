import type { RouteDef } from '../../src/server/http/route-types';
import type { RouteGroup } from '../../src/server/routes';
import type { SecretName } from '../../src/server/secrets';
import { SNAPSHOT_ATTRIBUTES } from '../../src/features/collection/owners-snapshot-repo';
import { SNAPSHOT_KEY_PREFIX } from '../../src/platform/store/keys';

/**
 * The secrets each route group's Lambda may read, beside the route table. A group not listed
 * gets the default: the session signing key only (every handler reads the session cookie).
 */
export const GROUP_SECRETS: Partial<Record<RouteGroup, readonly SecretName[]>> = {
  health: [],
  prices: ['SESSION_SECRET', 'SAUCERSWAP_API_KEY'],
  market: ['SESSION_SECRET', 'SENTX_API_KEY', 'SENTX_AFFILIATE_KEY'],
  collection: ['SESSION_SECRET', 'SENTX_API_KEY'],
  paws: ['SESSION_SECRET', 'OPERATOR_KEY'],
  // The VAPID public key a browser subscribes with; the portfolio's PAWS price history (SaucerSwap) and
  // SentX's listings for the tigers' estimated values.
  profile: ['SESSION_SECRET', 'VAPID_KEYS', 'SAUCERSWAP_API_KEY', 'SENTX_API_KEY'],
};

const DEFAULT_SECRETS: readonly SecretName[] = ['SESSION_SECRET'];

/** The secrets a group's Lambda is granted (and gets `<NAME>_SECRET_ARN` for). */
export function secretsOf(group: string): readonly SecretName[] {
  return GROUP_SECRETS[group as RouteGroup] ?? DEFAULT_SECRETS;
}

/** Read-only table access when every route of the group is a GET, read-write otherwise. */
export function tableAccessOf(routes: readonly RouteDef[]): 'read' | 'readWrite' {
  return routes.every((route) => route.method === 'GET') ? 'read' : 'readWrite';
}

/** Items a group with read-only table access may still put: a cache its instances share. */
export interface SharedWrite {
  /** The partition keys it may put start with this. */
  keyPrefix: string;
  /** The only attributes those items may have (no index keys: other groups' queries never see them). */
  attributes: readonly string[];
}

export const GROUP_SHARED_WRITES: Partial<Record<RouteGroup, SharedWrite>> = {
  collection: { keyPrefix: SNAPSHOT_KEY_PREFIX, attributes: SNAPSHOT_ATTRIBUTES },
};

/** The shared cache a read-only group may put items into, if any. */
export function sharedWriteOf(group: string): SharedWrite | undefined {
  return GROUP_SHARED_WRITES[group as RouteGroup];
}
