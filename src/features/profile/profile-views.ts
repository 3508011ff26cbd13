/**
 * Who counts as one view of a profile (spec 001 §2: 'Profile Views'; the limits are ours).
 *
 * - A signed-in viewer counts once per profile per UTC day (keyed by the session's account).
 * - An anonymous viewer counts once per profile per day, keyed by a hash of the day, its network
 *   address and its user agent; and one network address counts at most
 *   ANONYMOUS_VIEWS_PER_ADDRESS anonymous views of a profile per day, so one machine cannot
 *   inflate a count by changing its user agent or clearing its cookies, while a household or an
 *   office behind one address still counts a few people. An IPv6 address counts by its /64
 *   network, which one machine can fill with addresses of its own.
 * - The owner's own views never count.
 *
 * The network address is the viewer's as CloudFront reports it (`CloudFront-Viewer-Address`, which
 * the API's origin request policy forwards), else the connection's source address (the local
 * server, or a request that reached API Gateway directly). No address is stored: markers and
 * counters are keyed by hashes that include the day, so they do not link across days, and they
 * expire a day after their day.
 */
import { createHash } from 'node:crypto';

export interface Viewer {
  /** The signed-in account, when a valid session cookie came with the request. */
  sessionAccountId?: string | undefined;
  /** The viewer's network address (see clientAddress). */
  sourceIp?: string | undefined;
  userAgent?: string | undefined;
}

/** Anonymous views of one profile counted per network address and day. */
export const ANONYMOUS_VIEWS_PER_ADDRESS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day a view belongs to, e.g. 2025-03-14. */
export function viewDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** When a day's view markers may expire (epoch seconds): a day after the day ends. */
export function viewMarkerExpiry(now: number): number {
  return Math.ceil((Math.floor(now / DAY_MS) * DAY_MS + 2 * DAY_MS) / 1000);
}

const hashed = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);

/**
 * The viewer's address: CloudFront's `CloudFront-Viewer-Address` ('203.0.113.7:46532', or an
 * IPv6 address followed by ':port') without its port, else the connection's source address.
 */
export function clientAddress(viewerAddressHeader: string | undefined, sourceIp: string | undefined): string | undefined {
  const header = viewerAddressHeader?.trim();
  if (header) {
    const port = header.lastIndexOf(':');
    const address = port > 0 && /^\d+$/.test(header.slice(port + 1)) ? header.slice(0, port) : header;
    return address.replace(/^\[(.*)\]$/, '$1');
  }
  return sourceIp;
}

/** The network an address counts as: an IPv4 address itself, an IPv6 address its /64 (an IPv4-mapped one its IPv4 address). */
export function addressNetwork(address: string): string {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) return mapped[1] as string;
  if (!text.includes(':')) return text;
  const bare = text.split('%')[0] ?? '';
  let groups = bare.split(':');
  if (bare.includes('::')) {
    const [head = '', tail = ''] = bare.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  }
  const network = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${network.join(':')}::/64`;
}

/**
 * Who is viewing, for counting once per viewer per day: the signed-in account, else a hash of
 * the day, the address and the user agent.
 */
export function viewerKey(viewer: Viewer, day: string): string {
  if (viewer.sessionAccountId) return `account:${viewer.sessionAccountId}`;
  return `anonymous:${hashed(day, viewer.sourceIp ?? '', viewer.userAgent ?? '')}`;
}

/** The counter of anonymous views from the viewer's network on `day`; undefined for a signed-in viewer (not limited by address). */
export function addressKey(viewer: Viewer, day: string): string | undefined {
  if (viewer.sessionAccountId) return undefined;
  return `address:${hashed(day, addressNetwork(viewer.sourceIp ?? ''))}`;
}

/** The owner's own views never count. */
export function countsAsView(viewer: Viewer, ownerAccountId: string): boolean {
  return viewer.sessionAccountId !== ownerAccountId;
}
