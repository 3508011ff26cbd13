import { type GatewayRaceOptions, mediaUrls, raceGateways } from './ipfs';
import type { MediaSource } from './thumbnail-service';

/** The largest source image read (the collection's art is a few MB at most). */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

/** The body of a response, refused past `limit` bytes (whatever Content-Length claims). */
async function limitedBody(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) throw new Error(`the image is ${declared} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`the image is over ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Media bytes through the IPFS gateway chain (raced as the metadata is: a few at a time, each
 * within its time, all within a budget), or an http(s) URI as is; at most MAX_SOURCE_BYTES.
 */
export function createGatewayMediaSource(options: {
  gateways: readonly string[];
  fetch?: typeof fetch;
  race?: GatewayRaceOptions;
  maxBytes?: number;
}): MediaSource {
  const { gateways, fetch: fetcher = globalThis.fetch, race = { attemptMs: 6_000, budgetMs: 10_000 }, maxBytes = MAX_SOURCE_BYTES } = options;
  return (uri) =>
    raceGateways(
      mediaUrls(uri, gateways),
      async (url, signal) => {
        const response = await fetcher(url, { signal });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return limitedBody(response, maxBytes);
      },
      race,
    );
}
