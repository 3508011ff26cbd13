/**
 * NFT media as mainnet has it: the metadata bytes stored at mint in their several forms (HIP-412
 * asks for `ipfs://CID/path`; bare CIDs, https and gateway links and inline JSON are seen in the
 * wild), HIP-412 `image` and `files[]` with their MIME types, and the gateway chain raced three at a
 * time within one budget. The sandbox's video tigers are real WebM.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { hip412Media, hip412Name } from '@/features/tiger/hip412';
import { ipfsPath, mediaUrls, metadataLocation, raceGateways } from '@/features/tiger/ipfs';
import { isVideoByRules } from '@/features/tiger/media';
import { createMetadataCatalog } from '@/features/tiger/metadata-catalog-adapter';
import { createTigerService } from '@/features/tiger/tiger-service';
import { handleSandboxIpfsRequest } from '@/sandbox/collection/ipfs-routes';
import { SANDBOX_IMAGE_CID, nftMetadataUri, tigerMetadata } from '@/sandbox/collection/metadata';

const CID_V1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const CID_V0 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const GATEWAYS = ['https://g1.test/ipfs/', 'https://g2.test/ipfs/', 'https://g3.test/ipfs/', 'https://g4.test/ipfs/', 'https://g5.test/ipfs/'];

describe('metadata URIs as they are stored on mainnet', () => {
  it('reads ipfs://CID/path, ipfs://ipfs/CID, a bare CID (v0 and v1, with a path), and gateway links re-hosted on our gateways', () => {
    expect(ipfsPath(`ipfs://${CID_V1}/12.json`)).toBe(`${CID_V1}/12.json`);
    expect(ipfsPath(`ipfs://ipfs/${CID_V1}/12.json`)).toBe(`${CID_V1}/12.json`);
    expect(ipfsPath(CID_V0)).toBe(CID_V0);
    expect(ipfsPath(`${CID_V1}/7.json`)).toBe(`${CID_V1}/7.json`);
    expect(ipfsPath(`https://tigers.mypinata.cloud/ipfs/${CID_V1}/7.json`)).toBe(`${CID_V1}/7.json`);
    expect(ipfsPath(`ipfs://${CID_V1}/1.json\u0000\u0000`)).toBe(`${CID_V1}/1.json`);
    expect(ipfsPath('Wild Tiger')).toBeUndefined();
    expect(ipfsPath('https://example.com/metadata/1.json')).toBeUndefined();
  });

  it('finds the metadata: inline JSON as stored, IPFS through every gateway, https and ar:// as they are, nothing for other schemes', () => {
    expect(metadataLocation('{"name":"Wild Tiger #9","image":"ipfs://x/9.png"}', GATEWAYS)).toEqual({
      json: { name: 'Wild Tiger #9', image: 'ipfs://x/9.png' },
    });
    expect(metadataLocation(`${CID_V0}`, GATEWAYS)).toEqual({ urls: GATEWAYS.map((gateway) => `${gateway}${CID_V0}`) });
    expect(metadataLocation(` ipfs://${CID_V1}/3.json `, GATEWAYS)).toEqual({ urls: GATEWAYS.map((gateway) => `${gateway}${CID_V1}/3.json`) });
    expect(metadataLocation('https://example.com/metadata/3.json', GATEWAYS)).toEqual({ urls: ['https://example.com/metadata/3.json'] });
    expect(metadataLocation('ar://abcdef/3.json', GATEWAYS)).toEqual({ urls: ['https://arweave.net/abcdef/3.json'] });
    expect(metadataLocation('hcs://1/0.0.123', GATEWAYS)).toBeUndefined();
    expect(metadataLocation('{not json', GATEWAYS)).toBeUndefined();
    expect(mediaUrls('javascript:alert(1)')).toEqual([]);
  });
});

describe('HIP-412 media and its type', () => {
  const image = { name: 'Wild Tiger #3321', image: `ipfs://${CID_V1}/3321.png`, type: 'image/png' };

  it('shows the default file, else the first video of files[], else the image with its type', () => {
    const video = { uri: `ipfs://${CID_V1}/3321.mp4`, type: 'Video/MP4' };
    const poster = { uri: `ipfs://${CID_V1}/3321-large.png`, type: 'image/png' };
    expect(hip412Media({ ...image, files: [poster, video] })).toEqual({ uri: video.uri, type: 'video/mp4' });
    expect(hip412Media({ ...image, files: [video, { ...poster, is_default_file: true }] })).toEqual({ uri: poster.uri, type: 'image/png' });
    expect(hip412Media({ ...image, files: [poster] })).toEqual({ uri: image.image, type: 'image/png' });
    expect(hip412Media({ image: image.image })).toEqual({ uri: image.image, type: null });
    expect(hip412Media({ files: [{ type: 'video/mp4' }, null, 'x'] })).toBeUndefined();
    expect(hip412Media('ipfs://x')).toBeUndefined();
    expect(hip412Name(image)).toBe('Wild Tiger #3321');
  });

  it('decides video by the metadata type, whatever the URL looks like', () => {
    expect(isVideoByRules(12, `https://ipfs.io/ipfs/${CID_V1}`, 'video/webm')).toBe(true);
    expect(isVideoByRules(12, `https://ipfs.io/ipfs/${CID_V1}`, 'image/png')).toBe(false);
    expect(isVideoByRules(12, `https://ipfs.io/ipfs/${CID_V1}`)).toBe(false);
  });
});

/** Runs `work` on fake timers (counted, not waited for), then back on real ones. */
async function onFakeTimers(work: () => Promise<void>): Promise<void> {
  vi.useFakeTimers();
  try {
    await work();
  } finally {
    vi.useRealTimers();
  }
}

/** `promise`, and whether it has settled yet. */
function watched<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let settled = false;
  const done = () => {
    settled = true;
  };
  promise.then(done, done);
  return { promise, settled: () => settled };
}

/** A fetch that answers each gateway host after its delay (never when absent or 'hang'), recording what was asked, aborted and the peak concurrency. */
function gatewayFetch(answers: Record<string, { delayMs: number; status?: number; body?: unknown } | 'hang'>) {
  let inFlight = 0;
  const stats = { peak: 0, asked: [] as string[], aborted: [] as string[] };
  const fetch = ((input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    stats.asked.push(url.host);
    inFlight++;
    stats.peak = Math.max(stats.peak, inFlight);
    const answer = answers[url.host] ?? 'hang';
    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const settle = () => {
        settled = true;
        inFlight--;
      };
      init.signal?.addEventListener('abort', () => {
        if (settled) return;
        stats.aborted.push(url.host);
        settle();
        reject(new DOMException('aborted', 'AbortError'));
      });
      if (answer !== 'hang') {
        setTimeout(() => {
          if (settled) return;
          settle();
          resolve(new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 }));
        }, answer.delayMs);
      }
    });
  }) as typeof globalThis.fetch;
  return { fetch, stats };
}

describe('the gateway chain, raced three at a time within the budget', () => {
  const attempt = (fetch: typeof globalThis.fetch) => async (url: string, signal: AbortSignal) => {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  };
  const urls = GATEWAYS.map((gateway) => `${gateway}${CID_V1}/1.json`);

  it('asks three gateways at once, replaces a failed one with the next, and takes the first answer', async () => {
    const { fetch, stats } = gatewayFetch({
      'g1.test': { delayMs: 5, status: 504 },
      'g2.test': 'hang',
      'g3.test': { delayMs: 5, status: 404 },
      'g4.test': { delayMs: 20, body: { name: 'from g4' } },
      'g5.test': { delayMs: 1, body: { name: 'from g5' } },
    });
    // On fake timers: g5 (asked at 5 ms, answering 1 ms later) beats g4 (asked at 5 ms, 20 ms) however busy the host.
    await onFakeTimers(async () => {
      const race = raceGateways(urls, attempt(fetch), { attemptMs: 1_000, budgetMs: 2_000 });
      await vi.advanceTimersByTimeAsync(30);
      expect(await race).toEqual({ name: 'from g5' });
    });
    expect(stats.peak).toBeLessThanOrEqual(3);
    expect(stats.asked).toEqual(['g1.test', 'g2.test', 'g3.test', 'g4.test', 'g5.test']);
    expect(stats.aborted.sort()).toEqual(['g2.test', 'g4.test']);
  });

  it('gives a hanging gateway its attempt time, then asks the next', async () => {
    const { fetch, stats } = gatewayFetch({ 'g4.test': { delayMs: 1, body: { name: 'from g4' } } });
    // On fake timers: the three first hang, each gives up at 60 ms, and g4 (asked then) answers 1 ms later, long before the budget.
    await onFakeTimers(async () => {
      const race = raceGateways(urls, attempt(fetch), { attemptMs: 60, budgetMs: 1_000 });
      await vi.advanceTimersByTimeAsync(62);
      expect(await race).toEqual({ name: 'from g4' });
    });
    expect(stats.peak).toBe(3);
  });

  it('stops at the budget and aborts every request still running', async () => {
    const { fetch, stats } = gatewayFetch({});
    await onFakeTimers(async () => {
      const race = watched(raceGateways(urls, attempt(fetch), { attemptMs: 10_000, budgetMs: 80 }));
      await vi.advanceTimersByTimeAsync(79);
      expect(race.settled()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(race.settled()).toBe(true);
      expect(await race.promise).toBeUndefined();
    });
    expect(stats.asked).toHaveLength(3);
    expect(stats.aborted).toHaveLength(3);
    expect(await raceGateways([], attempt(fetch))).toBeUndefined();
  });
});

describe('the mainnet catalog reads each form of metadata', () => {
  const stored: Record<number, string> = {
    1: `ipfs://${CID_V1}/1.json`,
    2: CID_V0,
    3: JSON.stringify({ name: 'Inline Tiger', image: `ipfs://${CID_V1}/3.png`, type: 'image/png' }),
    4: 'https://meta.test/4.json',
  };
  const ledger = {
    getNft: async (_token: string, serial: number) => (stored[serial] ? { metadata: stored[serial] } : null),
  } as unknown as LedgerReader;
  const documents: Record<string, unknown> = {
    [`/ipfs/${CID_V1}/1.json`]: { name: 'Wild Tiger #1', image: `ipfs://${CID_V1}/1.png`, type: 'image/png' },
    [`/ipfs/${CID_V0}`]: {
      name: 'Wild Tiger #2',
      image: `ipfs://${CID_V1}/2.png`,
      type: 'image/png',
      files: [{ uri: `ipfs://${CID_V1}/2.mp4`, type: 'video/mp4' }],
    },
    '/4.json': { name: 'Wild Tiger #4', image: `https://meta.test/4.png` },
  };
  const fetch = (async (input: string) => {
    const url = new URL(input);
    if (url.host === 'g1.test') return new Response('', { status: 502 });
    const body = documents[url.pathname];
    return body ? new Response(JSON.stringify(body)) : new Response('', { status: 404 });
  }) as typeof globalThis.fetch;
  const catalog = createMetadataCatalog({ ledger, nftTokenId: '0.0.1', rarityUrl: undefined, gateways: GATEWAYS, fetch });
  const tigers = createTigerService({ catalog, nftTokenId: '0.0.1' });

  it.each([
    [1, { nftName: 'Wild Tiger #1', nftImage: `ipfs://${CID_V1}/1.png`, mediaType: 'image/png' }],
    [2, { nftName: 'Wild Tiger #2', nftImage: `ipfs://${CID_V1}/2.mp4`, mediaType: 'video/mp4' }],
    [3, { nftName: 'Inline Tiger', nftImage: `ipfs://${CID_V1}/3.png`, mediaType: 'image/png' }],
    [4, { nftName: 'Wild Tiger #4', nftImage: 'https://meta.test/4.png', mediaType: null }],
  ])('serial %i', async (serial, expected) => {
    expect(await catalog.entry(serial)).toMatchObject(expected);
  });

  it('reads the metadata an account’s NFTs already carry, without a ledger read per serial', async () => {
    const noLedger = { getNft: async () => Promise.reject(new Error('read per serial')) } as unknown as LedgerReader;
    const held = createMetadataCatalog({ ledger: noLedger, nftTokenId: '0.0.1', rarityUrl: undefined, gateways: GATEWAYS, fetch });
    expect(await held.entry(2, stored[2])).toMatchObject({ nftName: 'Wild Tiger #2', mediaType: 'video/mp4' });
    await expect(held.entry(1)).rejects.toThrow('read per serial');
  });

  it('gives the page the media URL and its type', async () => {
    expect(await tigers.image('0.0.1', 2)).toEqual({ imageUrl: `https://g1.test/ipfs/${CID_V1}/2.mp4`, name: 'Wild Tiger #2', mediaType: 'video/mp4' });
  });
});

describe('the mainnet catalog when IPFS or the rarity dataset fails', () => {
  const ledger = { getNft: async () => ({ metadata: `ipfs://${CID_V1}/7.json` }) } as unknown as LedgerReader;
  let gatewaysUp = false;
  let rarityUp = false;
  const fetch = (async (input: string) => {
    const url = new URL(input);
    if (url.pathname === '/data/rarity.json')
      return rarityUp
        ? new Response(JSON.stringify({ rarityData: { 7: { rank: 3 } }, stats: { totalNFTs: 1, coveragePercentage: 100 } }))
        : new Response('', { status: 404 });
    if (!gatewaysUp) return new Response('', { status: 504 });
    return new Response(JSON.stringify({ name: 'Wild Tiger #7', image: `ipfs://${CID_V1}/7.png`, type: 'image/png' }));
  }) as typeof globalThis.fetch;
  const catalog = createMetadataCatalog({ ledger, nftTokenId: '0.0.1', rarityUrl: 'https://site.test/data/rarity.json', gateways: GATEWAYS, fetch });

  it('says the metadata is unavailable while every gateway fails, keeps nothing of it, and has the image once they are back', async () => {
    await expect(catalog.entry(7)).rejects.toMatchObject({ code: 'METADATA_UNAVAILABLE' });
    gatewaysUp = true;
    expect(await catalog.entry(7)).toMatchObject({ nftName: 'Wild Tiger #7', nftImage: `ipfs://${CID_V1}/7.png` });
  });

  it('answers a missing rarity dataset with METADATA_UNAVAILABLE (never an empty dataset), and reads it once it is published', async () => {
    await expect(catalog.rarity()).rejects.toMatchObject({ code: 'METADATA_UNAVAILABLE' });
    rarityUp = true;
    expect((await catalog.rarity()).stats.totalNFTs).toBe(1);
  });
});

describe('the sandbox video tigers', () => {
  it('list a WebM as their default HIP-412 file, served by the sandbox gateway as a real WebM (VP8)', () => {
    for (let serial = 3320; serial <= 3326; serial++) {
      const metadata = tigerMetadata(serial);
      expect(metadata.files).toEqual([{ uri: `ipfs://${SANDBOX_IMAGE_CID}/videos/${serial}.webm`, type: 'video/webm', is_default_file: true }]);
      const answer = handleSandboxIpfsRequest(`/${SANDBOX_IMAGE_CID}/videos/${serial}.webm`);
      expect(answer).toMatchObject({ status: 200, contentType: 'video/webm' });
      const bytes = answer.body as Buffer;
      expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML
      expect(bytes.includes(Buffer.from('webm'))).toBe(true); // DocType
      expect(bytes.includes(Buffer.from('V_VP8'))).toBe(true); // CodecID
      expect(bytes.length).toBeLessThan(8 * 1024);
    }
    expect(tigerMetadata(3319).files).toBeUndefined();
    expect(handleSandboxIpfsRequest(`/${SANDBOX_IMAGE_CID}/videos/3327.webm`).status).toBe(404);
  });

  it('are shown by their video, with its type, through the catalog', async () => {
    // The production catalog over the sandbox's on-ledger metadata URIs and its gateway.
    const ledger = { getNft: async (_token: string, serial: number) => ({ metadata: nftMetadataUri(serial) }) } as unknown as LedgerReader;
    const fetch = (async (input: string) => {
      const answer = handleSandboxIpfsRequest(new URL(input).pathname.slice('/sandbox/ipfs'.length));
      return new Response(typeof answer.body === 'string' ? answer.body : new Uint8Array(answer.body), {
        status: answer.status,
        headers: { 'content-type': answer.contentType },
      });
    }) as typeof globalThis.fetch;
    const catalog = createMetadataCatalog({ ledger, nftTokenId: '0.0.1', rarityUrl: undefined, gateways: ['http://sandbox.test/sandbox/ipfs/'], fetch });
    expect(await catalog.entry(3320)).toMatchObject({ nftImage: `ipfs://${SANDBOX_IMAGE_CID}/videos/3320.webm`, mediaType: 'video/webm' });
    expect(await catalog.entry(12)).toMatchObject({ nftImage: `ipfs://${SANDBOX_IMAGE_CID}/images/12.svg`, mediaType: 'image/svg+xml' });
  });
});
