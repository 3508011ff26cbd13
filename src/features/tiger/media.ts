import { PUBLIC_CONFIG } from '@/lib/public-config';
import { IPFS_GATEWAYS, SANDBOX_IPFS_GATEWAY, ipfsPath } from './ipfs';
import { VIDEO_SERIALS } from './supply';
/**
 * Spec 001 §9: media hashes known to be videos. The collection's list is configuration
 * (PUBLIC_VIDEO_MEDIA_HASHES, comma-separated CIDs); the sandbox has none.
 */
export const KNOWN_VIDEO_HASHES: readonly string[] = String(import.meta.env.PUBLIC_VIDEO_MEDIA_HASHES ?? '')
  .split(',')
  .map((hash) => hash.trim())
  .filter(Boolean);

/** The gateways the browser tries, the sandbox's own first on the sandbox network. */
export function clientGateways(): string[] {
  return PUBLIC_CONFIG.network === 'sandbox' ? [SANDBOX_IPFS_GATEWAY, ...IPFS_GATEWAYS] : [...IPFS_GATEWAYS];
}

/**
 * The image sources of a tiger in the order spec 001 §7 tries them: the product's own image
 * lookup (its imageUrl), the alternate gateway address built from the serial, then the IPFS
 * gateway chain for the tiger's image URI.
 */
export function mediaSources(serial: number, image: string | null | undefined, lookedUp?: string | null): string[] {
  const sources: string[] = lookedUp ? [lookedUp] : [];
  const path = image ? ipfsPath(image) : lookedUp ? ipfsPath(lookedUp) : undefined;
  const gateways = clientGateways();
  if (path) {
    const [cid] = path.split('/');
    const extension = /\.(\w+)$/.exec(path)?.[1] ?? 'png';
    sources.push(`${gateways[0]}${cid}/images/${serial}.${extension}`);
    sources.push(...gateways.map((gateway) => `${gateway}${path}`));
  } else if (image && /^(https?:\/\/|\/)/.test(image)) sources.push(image);
  return [...new Set(sources)];
}

/**
 * Spec 001 §9: video by extension, by serial, or by a known media hash, and by the MIME type the
 * HIP-412 metadata gives the media (`type`/`files[].type`); the 3 s HEAD check is done separately.
 */
export function isVideoByRules(serial: number, url: string | null | undefined, mediaType?: string | null): boolean {
  if (serial >= VIDEO_SERIALS.from && serial <= VIDEO_SERIALS.to) return true;
  if (mediaType?.toLowerCase().startsWith('video/')) return true;
  if (!url) return false;
  if (/\.(mp4|webm|mov)(\?|$)/i.test(url)) return true;
  return KNOWN_VIDEO_HASHES.some((hash) => url.includes(hash));
}

/** Spec 001 §7: a HEAD request with a 3 s time-out; video when the content type starts with video/. */
export async function isVideoByHead(url: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(url, { method: 'HEAD', signal: AbortSignal.timeout(3000) });
    return (response.headers.get('content-type') ?? '').startsWith('video/');
  } catch {
    return false;
  }
}
