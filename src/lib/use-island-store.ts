import { useStore } from '@nanostores/react';
import type { Store, StoreValue } from 'nanostores';

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
