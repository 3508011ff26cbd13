/** The browser's reads and writes of the signed-in holder's watchlist (GET, POST, DELETE /api/watchlist). */
import { atom } from 'nanostores';
import { apiJson } from '@/lib/api';
import type { Watch, WatchKind } from './watch-rules';

/** The holder's watches once read (null: not read yet, or signed out), kept across the islands of a page. */
export const $watches = atom<Watch[] | null>(null);
let readFor: string | null = null;

/** Reads the holder's watches (again when `accountId` changed). */
export async function loadWatches(accountId: string): Promise<void> {
  if (readFor === accountId && $watches.get()) return;
  readFor = accountId;
  const { watches } = await apiJson<{ watches: Watch[] }>('/api/watchlist');
  if (readFor === accountId) $watches.set(watches);
}

/** Keeps a watch: what it watches and the price under which a listing alerts (null: only a sale). */
export async function saveWatch(input: { id?: string; kind: WatchKind; target: string; under: Watch['under'] }): Promise<Watch> {
  const { watch } = await apiJson<{ watch: Watch }>('/api/watchlist', { method: 'POST', body: { ...input, id: input.id ?? crypto.randomUUID() } });
  $watches.set([...($watches.get() ?? []).filter((kept) => kept.id !== watch.id), watch]);
  return watch;
}

export async function removeWatch(id: string): Promise<void> {
  await apiJson(`/api/watchlist/${encodeURIComponent(id)}`, { method: 'DELETE' });
  $watches.set(($watches.get() ?? []).filter((watch) => watch.id !== id));
}
