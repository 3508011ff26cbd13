import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../../src/lib/domain-error';
import type { CatalogEntry } from '../../../src/features/tiger/catalog-port';
import { parseThumbnailPath, thumbnailSrcSet, thumbnailUrl } from '../../../src/features/tiger/thumbnail-rules';
import { createThumbnailService } from '../../../src/features/tiger/thumbnail-service';
import { createGatewayMediaSource } from '../../../src/features/tiger/thumbnail-source';

const entry = (serial: number, nftImage: string, mediaType: string | null = 'image/png'): CatalogEntry => ({
  serial,
  nftName: `Wild Tiger #${serial}`,
  nftImage,
  mediaType,
  rarityRank: null,
  rarityPct: null,
  rarityScore: null,
  traits: [],
});

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe('thumbnail rules', () => {
  it('builds the route path and a srcset of every width', () => {
    expect(thumbnailUrl(7, 320)).toBe('/img/7/320');
    expect(thumbnailSrcSet(7)).toBe('/img/7/160 160w, /img/7/320 320w, /img/7/640 640w');
  });

  it('parses a serial within the supply and a known width, and nothing else', () => {
    expect(parseThumbnailPath('/img/3333/640', 3333)).toEqual({ serial: 3333, width: 640 });
    for (const path of ['/img/3334/640', '/img/0/640', '/img/-1/640', '/img/1.5/640', '/img/ 1/640', '/img/1/641', '/img/1/0640', '/img/1', '/x/1/160']) {
      expect(() => parseThumbnailPath(path, 3333), path).toThrow(expect.objectContaining({ code: 'INVALID_IMAGE_REQUEST' }));
    }
  });
});

describe('thumbnail service', () => {
  const render = vi.fn(async (bytes: Uint8Array, width: number) => Buffer.from(`${width}:${bytes.length}`));

  it('renders the catalog image once per serial and width', async () => {
    const media = vi.fn(async () => new Uint8Array(10));
    const service = createThumbnailService({ catalog: { entry: async (serial) => entry(serial, `ipfs://cid/${serial}.png`) }, media, render });
    expect(String(await service.thumbnail(5, 160))).toBe('160:10');
    expect(String(await service.thumbnail(5, 160))).toBe('160:10');
    expect(String(await service.thumbnail(5, 640))).toBe('640:10');
    expect(media).toHaveBeenCalledTimes(1);
    expect(media).toHaveBeenCalledWith('ipfs://cid/5.png');
  });

  it('says IMAGE_NOT_FOUND for a video or a tiger without media', async () => {
    const service = createThumbnailService({
      catalog: { entry: async (serial) => (serial === 1 ? entry(1, 'ipfs://cid/1.webm', 'video/webm') : undefined) },
      media: async () => new Uint8Array(1),
      render,
    });
    expect(await codeOf(service.thumbnail(1, 160))).toBe('IMAGE_NOT_FOUND');
    expect(await codeOf(service.thumbnail(2, 160))).toBe('IMAGE_NOT_FOUND');
  });

  it('says IMAGE_UNAVAILABLE when no gateway answers or the bytes do not decode, and tries again next time', async () => {
    let answer: Uint8Array | undefined;
    const service = createThumbnailService({ catalog: { entry: async (serial) => entry(serial, 'ipfs://cid/x.png') }, media: async () => answer, render });
    expect(await codeOf(service.thumbnail(3, 160))).toBe('IMAGE_UNAVAILABLE');
    answer = new Uint8Array(4);
    expect(String(await service.thumbnail(3, 160))).toBe('160:4');
    const broken = createThumbnailService({
      catalog: { entry: async (serial) => entry(serial, 'ipfs://cid/x.png') },
      media: async () => new Uint8Array(4),
      render: async () => {
        throw new Error('unsupported image format');
      },
    });
    expect(await codeOf(broken.thumbnail(3, 160))).toBe('IMAGE_UNAVAILABLE');
  });
});

describe('gateway media source', () => {
  const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

  it('takes the first gateway that answers and refuses bodies over the limit', async () => {
    const fetcher = vi.fn(async (url: string | URL | Request) =>
      String(url).startsWith('https://a/') ? new Response('nope', { status: 502 }) : new Response(new Uint8Array(8)),
    ) as unknown as typeof fetch;
    const source = createGatewayMediaSource({ gateways: ['https://a/ipfs/', 'https://b/ipfs/'], fetch: fetcher, race: { concurrency: 1 } });
    expect((await source(`ipfs://${CID}/1.png`))?.byteLength).toBe(8);
    const small = createGatewayMediaSource({ gateways: ['https://b/ipfs/'], fetch: fetcher, maxBytes: 4 });
    expect(await small(`ipfs://${CID}/1.png`)).toBeUndefined();
  });
});
