/** The public IPFS gateways NFT media is tried through, in order (spec 001 §7: a chain of 7). */
export const IPFS_GATEWAYS = [
  'https://ipfs.io/ipfs/',
  'https://gateway.pinata.cloud/ipfs/',
  'https://dweb.link/ipfs/',
  'https://nftstorage.link/ipfs/',
  'https://w3s.link/ipfs/',
  'https://4everland.io/ipfs/',
  'https://ipfs.filebase.io/ipfs/',
] as const;

/** The sandbox network's IPFS gateway, mounted by the local server (src/sandbox/sandbox-routes.ts). */
export const SANDBOX_IPFS_GATEWAY = '/sandbox/ipfs/';

/** The CID path of an ipfs:// URI (or of a gateway URL), e.g. "bafy…/12.json"; undefined for other URIs. */
export function ipfsPath(uri: string): string | undefined {
  const trimmed = uri.trim();
  if (trimmed.startsWith('ipfs://')) return trimmed.slice('ipfs://'.length).replace(/^ipfs\//, '');
  const gateway = /^https?:\/\/[^/]+\/ipfs\/(.+)$/.exec(trimmed);
  return gateway?.[1];
}

/** Every URL to try for a URI: through each gateway for IPFS content, else the URI itself (http/https only). */
export function mediaUrls(uri: string, gateways: readonly string[] = IPFS_GATEWAYS): string[] {
  const path = ipfsPath(uri);
  if (path) return gateways.map((gateway) => `${gateway}${path}`);
  return /^https?:\/\//.test(uri.trim()) ? [uri.trim()] : [];
}
