/**
 * The names the pages show in place of account ids (a seller, a buyer, an offer's maker): each
 * account's public profile name, asked for in batches (GET /api/profile-names, 100 at a time) as the
 * page renders them, once per page. An account without a public, named profile, or whose name could
 * not be read, is shown by its id: never a name the holder did not make public.
 */
import { map } from 'nanostores';
import { apiJson } from '@/lib/api/api-fetch';
import { PROFILE_NAMES_MAX } from './account-types';
import type { ProfileNamesAnswer } from './account-types';

/** The shareable address of a holder's profile: the directory with ?account= (see PublicProfilesPage). */
export function publicProfileHref(accountId: string): string {
  return `/public-profiles?account=${encodeURIComponent(accountId)}`;
}

/** The name of each account asked about: a string, or null when it has none to show. */
export const $profileNames = map<Record<string, string | null>>({});

/** How long the accounts rendered together are gathered into one request. */
const BATCH_MS = 50;

const asked = new Set<string>();
let waiting: string[] = [];

async function askFor(ids: string[]): Promise<void> {
  const answer = await apiJson<ProfileNamesAnswer>(`/api/profile-names?ids=${ids.join(',')}`).catch(() => undefined);
  for (const id of ids) $profileNames.setKey(id, answer?.names[id] ?? null);
}

function flush(): void {
  const ids = waiting;
  waiting = [];
  for (let start = 0; start < ids.length; start += PROFILE_NAMES_MAX) void askFor(ids.slice(start, start + PROFILE_NAMES_MAX));
}

/** Asks for `accountId`'s name with the others rendered within BATCH_MS (once per page). */
export function askProfileName(accountId: string): void {
  if (asked.has(accountId)) return;
  asked.add(accountId);
  // The first account of a batch sends it, BATCH_MS later.
  if (waiting.push(accountId) === 1) setTimeout(flush, BATCH_MS);
}
