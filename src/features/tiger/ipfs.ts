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

/** A CID (v0 `Qm…`, or v1 in base32 `b…`) at the start of a string, followed by nothing or a path. */
const BARE_CID = /^(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{50,})(?:\/.*)?$/;

/** Trims an on-ledger URI: whitespace and the NUL padding some mints leave. */
function clean(uri: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the NULs are what is removed
  return uri.replace(/\u0000/g, '').trim();
}

/**
 * The CID path of IPFS content, e.g. "bafy…/12.json": from `ipfs://CID/path` (also
 * `ipfs://ipfs/CID`), from a gateway URL (`https://host/ipfs/CID/path`, re-hosted on our gateways),
 * or from a bare CID with an optional path; undefined for other URIs.
 */
export function ipfsPath(uri: string): string | undefined {
  const trimmed = clean(uri);
  if (/^ipfs:\/\//i.test(trimmed)) return trimmed.slice('ipfs://'.length).replace(/^ipfs\//, '') || undefined;
  const gateway = /^https?:\/\/[^/]+\/ipfs\/(.+)$/.exec(trimmed);
  if (gateway) return gateway[1];
  return BARE_CID.test(trimmed) ? trimmed : undefined;
}

/** Every URL to try for a URI: through each gateway for IPFS content, else the http(s) URI itself. */
export function mediaUrls(uri: string, gateways: readonly string[] = IPFS_GATEWAYS): string[] {
  const path = ipfsPath(uri);
  if (path) return gateways.map((gateway) => `${gateway}${path}`);
  const trimmed = clean(uri);
  return /^https?:\/\//.test(trimmed) ? [trimmed] : [];
}

/**
 * Where an NFT's metadata is, from the bytes stored at mint: inline JSON (`{…}`), or the URLs to
 * fetch it from (`ipfs://CID/path`, a bare CID, an https or gateway URL, `ar://`); undefined when
 * it is none of these (`hcs://`, text).
 */
export function metadataLocation(stored: string, gateways: readonly string[] = IPFS_GATEWAYS): { json: unknown } | { urls: string[] } | undefined {
  const trimmed = clean(stored);
  if (trimmed.startsWith('{')) {
    try {
      return { json: JSON.parse(trimmed) as unknown };
    } catch {
      return undefined;
    }
  }
  if (/^ar:\/\/./.test(trimmed)) return { urls: [`https://arweave.net/${trimmed.slice('ar://'.length)}`] };
  const urls = mediaUrls(trimmed, gateways);
  return urls.length ? { urls } : undefined;
}

export interface GatewayRaceOptions {
  /** Gateways asked at the same time (a failed one gives its place to the next). */
  concurrency?: number;
  /** How long one gateway may take. */
  attemptMs?: number;
  /** How long the whole chain may take; then every request is aborted and nothing is found. */
  budgetMs?: number;
}

/**
 * The first successful answer of `attempt` over `urls`: at most `concurrency` (3) requests at a
 * time, each within `attemptMs`, all within `budgetMs`; the others are aborted once one succeeds.
 * `attempt` rejects (or throws) for a gateway that failed. Undefined when none answered in time.
 */
export function raceGateways<T>(
  urls: readonly string[],
  attempt: (url: string, signal: AbortSignal) => Promise<T>,
  { concurrency = 3, attemptMs = 4_000, budgetMs = 8_000 }: GatewayRaceOptions = {},
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const everything = new AbortController();
    const budget = setTimeout(() => finish(undefined), budgetMs);
    let next = 0;
    let running = 0;
    let done = false;

    function finish(value: T | undefined): void {
      if (done) return;
      done = true;
      clearTimeout(budget);
      everything.abort();
      resolve(value);
    }

    function launch(): void {
      while (!done && running < concurrency && next < urls.length) {
        const url = urls[next++] as string;
        running++;
        // The attempt's own timer (not AbortSignal.timeout), so that the clock that runs the budget runs it too.
        const attemptTime = new AbortController();
        const attemptTimer = setTimeout(() => attemptTime.abort(new DOMException('attempt timed out', 'TimeoutError')), attemptMs);
        const signal = AbortSignal.any([everything.signal, attemptTime.signal]);
        Promise.resolve()
          .then(() => attempt(url, signal))
          .finally(() => clearTimeout(attemptTimer))
          .then(
            (value) => finish(value),
            () => {
              running--;
              launch();
            },
          );
      }
      if (!done && running === 0 && next >= urls.length) finish(undefined);
    }

    launch();
  });
}
