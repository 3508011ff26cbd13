import { useStore } from '@nanostores/react';
import type { ReadableAtom, Store, StoreValue } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A store's value for an island that is pre-rendered: while React hydrates the island it gets the
 * value the page was rendered with on the server (the store's initial value, or `serverValue` for
 * a store whose initial value in the browser comes from localStorage), then the live value. The
 * wallet and balances are restored in the browser (stored flags, the session), often before a
 * slower island hydrates; without this, that island's first render differs from the server's
 * markup and React throws error #418. `serverValue` must be a constant (the same object each call).
 */
export function useIslandStore<SomeStore extends Store>(store: SomeStore, serverValue?: StoreValue<SomeStore>): StoreValue<SomeStore> {
  return useStore(store, { ssr: serverValue === undefined ? 'initial' : () => serverValue });
}

const nothing = (): undefined => undefined;
const notLoading = (): boolean => false;

/**
 * A fetcher store's answer and error for a pre-rendered island. The island renders again when one
 * of them changes, not when the store only starts or ends loading (a first fetch otherwise renders
 * it once more as it starts). While hydrating both are undefined, as on the server, which fetches
 * nothing.
 */
export function useFetched<T>(store: ReadableAtom<{ data?: T; error?: unknown }>): { data: T | undefined; error: unknown } {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const data = useSyncExternalStore(subscribe, () => store.get().data, nothing);
  const error = useSyncExternalStore(subscribe, () => store.get().error, nothing);
  return { data, error };
}

/**
 * Whether a fetcher store is fetching again while `shown` (its last answer on screen, marked
 * "Updating…"); false otherwise, so an island waiting for its first answer does not render once
 * more as the fetch starts.
 */
export function useRefetching(store: ReadableAtom<{ loading?: boolean }>, shown: boolean): boolean {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  return useSyncExternalStore(subscribe, () => shown && store.get().loading === true, notLoading);
}
