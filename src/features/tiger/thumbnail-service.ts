import { DomainError } from '@/lib/domain-error';
import { createTtlCache } from '@/platform/ttl-cache';
import type { CollectionCatalog } from './catalog-port';
import type { ThumbnailWidth } from './thumbnail-rules';

/** The bytes of a media URI (ipfs://…, https://…), or undefined when no source gave them in time. */
export type MediaSource = (uri: string) => Promise<Uint8Array | undefined>;

/** Renders image bytes as a square WebP `width` pixels wide; rejects bytes it cannot decode. */
export type ThumbnailRenderer = (bytes: Uint8Array, width: ThumbnailWidth) => Promise<Buffer>;

export interface ThumbnailServiceDeps {
  catalog: Pick<CollectionCatalog, 'entry'>;
  media: MediaSource;
  render: ThumbnailRenderer;
  /** Rendered thumbnails kept in memory (the CDN keeps them for good; this spares a warm instance the work). */
  cacheEntries?: number;
  cacheMs?: number;
}

const VIDEO = /^video\//i;

/**
 * A tiger's art as a WebP thumbnail: the catalog's media URI (the metadata's image, or the
 * sandbox art), its bytes through the media source (the IPFS gateway chain), rendered at one of
 * the fixed widths. A video tiger has no still: IMAGE_NOT_FOUND. Art that no gateway gave or that
 * does not decode: IMAGE_UNAVAILABLE (never cached, so the next request tries again).
 */
export function createThumbnailService({ catalog, media, render, cacheEntries = 300, cacheMs = 60 * 60_000 }: ThumbnailServiceDeps) {
  const rendered = createTtlCache<Buffer>(cacheMs, { maxEntries: cacheEntries });
  const sources = createTtlCache<Uint8Array>(5 * 60_000, { maxEntries: 50 });

  async function sourceBytes(serial: number): Promise<Uint8Array> {
    return sources.get(String(serial), async () => {
      const entry = await catalog.entry(serial).catch((error: unknown) => {
        if (error instanceof DomainError && error.code === 'METADATA_UNAVAILABLE')
          throw new DomainError('IMAGE_UNAVAILABLE', `The metadata of Wild Tiger #${serial} could not be fetched, try again shortly`);
        throw error;
      });
      if (!entry?.nftImage) throw new DomainError('IMAGE_NOT_FOUND', `Wild Tiger #${serial} has no image`);
      if (entry.mediaType && VIDEO.test(entry.mediaType)) throw new DomainError('IMAGE_NOT_FOUND', `Wild Tiger #${serial} is a video`);
      const bytes = await media(entry.nftImage);
      if (!bytes) throw new DomainError('IMAGE_UNAVAILABLE', `The art of Wild Tiger #${serial} could not be fetched, try again shortly`);
      return bytes;
    });
  }

  return {
    /** The WebP thumbnail of a serial at a width. */
    thumbnail(serial: number, width: ThumbnailWidth): Promise<Buffer> {
      return rendered.get(`${serial}/${width}`, async () => {
        const bytes = await sourceBytes(serial);
        try {
          return await render(bytes, width);
        } catch {
          throw new DomainError('IMAGE_UNAVAILABLE', `The art of Wild Tiger #${serial} could not be read as an image`);
        }
      });
    },
  };
}

export type ThumbnailService = ReturnType<typeof createThumbnailService>;
