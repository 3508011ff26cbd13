import { createHash } from 'node:crypto';

export interface Viewer {
  /** The signed-in account, when a valid session cookie came with the request. */
  sessionAccountId?: string | undefined;
  sourceIp?: string | undefined;
  userAgent?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day a view belongs to, e.g. 2025-03-14. */
export function viewDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** When a day's view markers may expire (epoch seconds): a day after the day ends. */
export function viewMarkerExpiry(now: number): number {
  return Math.ceil((Math.floor(now / DAY_MS) * DAY_MS + 2 * DAY_MS) / 1000);
}

/**
 * Who is viewing, for counting once per viewer per day: the signed-in account, else a hash of
 * the day, source IP and user agent (no address is stored, and keys do not link across days).
 */
export function viewerKey(viewer: Viewer, day: string): string {
  if (viewer.sessionAccountId) return `account:${viewer.sessionAccountId}`;
  const hash = createHash('sha256')
    .update(`${day}\n${viewer.sourceIp ?? ''}\n${viewer.userAgent ?? ''}`)
    .digest('hex');
  return `anonymous:${hash.slice(0, 32)}`;
}

/** The owner's own views never count. */
export function countsAsView(viewer: Viewer, ownerAccountId: string): boolean {
  return viewer.sessionAccountId !== ownerAccountId;
}
