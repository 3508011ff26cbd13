/**
 * A per-account 'last seen' time in localStorage, so that a notice (new sales, new offers) tells an
 * account only what is new since its last visit. Markers outlive a session on purpose. Without
 * storage (private mode) nothing is kept and the notice shows again next visit.
 */
export function seenMarker(prefix: string) {
  return {
    /** The account's last-seen time (ISO), or null when none was kept. */
    read(accountId: string): string | null {
      try {
        return localStorage.getItem(prefix + accountId);
      } catch {
        return null;
      }
    },
    /** Keeps `at` (ISO) as the account's last-seen time. */
    write(accountId: string, at: string): void {
      try {
        localStorage.setItem(prefix + accountId, at);
      } catch {
        // No storage: the notice shows again next visit.
      }
    },
  };
}
