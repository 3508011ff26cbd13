import type { RouteDef } from '../../src/server/http/route-types';
import type { RouteGroup } from '../../src/server/routes';
import type { SecretName } from '../../src/server/secrets';
import { SNAPSHOT_KEY_PREFIX } from '../../src/features/collection-browser/owners-snapshot-store';

/**
 * The secrets each route group's Lambda may read, beside the route table. A group not listed
 * gets the default: the session signing key only (every handler reads the session cookie).
 */
export const GROUP_SECRETS: Partial<Record<RouteGroup, readonly SecretName[]>> = {
  health: [],
  prices: ['SESSION_SECRET', 'SAUCERSWAP_API_KEY'],
  market: ['SESSION_SECRET', 'SENTX_API_KEY'],
  collection: ['SESSION_SECRET', 'SENTX_API_KEY'],
  paws: ['SESSION_SECRET', 'OPERATOR_KEY'],
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

/**
 * Partition key prefixes a group with read-only table access may still put items under: caches its
 * instances share (the collection's owner map), never a record another group relies on.
 */
export const GROUP_SHARED_WRITES: Partial<Record<RouteGroup, readonly string[]>> = {
  collection: [SNAPSHOT_KEY_PREFIX],
};

/** The key prefixes a read-only group may put items under (none for most). */
export function sharedWritesOf(group: string): readonly string[] {
  return GROUP_SHARED_WRITES[group as RouteGroup] ?? [];
}
