import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createFetcherStore } from '@/lib/api';
import { cn } from '@/lib/cn';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { isVideoByHead, isVideoByRules, mediaSources } from './media';
import { thumbnailSrcSet, thumbnailUrl } from './thumbnail-rules';

/** Spec 000 §9: metadata is fresh 10 minutes, with 2 retries backing off up to 30 s. */
const METADATA_SETTINGS = {
  dedupeTime: 10 * 60 * 1000,
  onErrorRetry: ({ retryCount }: { retryCount: number }) => (retryCount < 2 ? Math.min(1000 * 2 ** retryCount, 30_000) : undefined),
};
const IMAGE_EXTENSION = /\.(svg|png|jpe?g|gif|webp|avif)(\?|$)/i;

interface NftMediaProps {
  serial: number;
  image?: string | null;
  name?: string | null;
  /**
   * Cards say 'Image unavailable' under the placeholder name; 'large' is the art shown big (a
   * tiger's view): a larger thumbnail with the original one click away.
   */
  variant?: 'card' | 'plain' | 'large';
  /** The image's displayed width (the `sizes` attribute); the default suits the card grids. */
  sizes?: string;
  className?: string;
}

/** A card in the grids: half the phone's width, a third from 640 px, a fifth from 1280 px. */
const CARD_SIZES = '(min-width: 1280px) 20vw, (min-width: 640px) 33vw, 50vw';
const LARGE_SIZES = '(min-width: 768px) 640px, 100vw';
const FRAME = 'aspect-square w-full overflow-hidden bg-muted object-cover';

/**
 * A tiger's art: its thumbnail (`/img/{serial}/{width}`, WebP at the width the screen needs, fixed
 * size, lazily loaded and decoded off the main thread) when it is a still image; the original
 * (`OriginalMedia`) for video tigers, when the thumbnail fails, and when asked for in the large view.
 */
export function NftMedia({ serial, image, name, variant = 'card', sizes, className }: NftMediaProps) {
  const [original, setOriginal] = useState(() => isVideoByRules(serial, image));
  useEffect(() => setOriginal(isVideoByRules(serial, image)), [serial, image]);
  const label = name || `Wild Tiger #${serial}`;
  const large = variant === 'large';
  if (original) return <OriginalMedia serial={serial} image={image} name={name} variant={variant} className={className} />;
  const thumbnail = (
    <img
      className={cn(FRAME, className)}
      src={thumbnailUrl(serial, large ? 640 : 320)}
      srcSet={thumbnailSrcSet(serial)}
      sizes={sizes ?? (large ? LARGE_SIZES : CARD_SIZES)}
      alt={label}
      width={large ? 640 : 320}
      height={large ? 640 : 320}
      loading={large ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setOriginal(true)}
    />
  );
  if (!large) return thumbnail;
  return (
    <figure className="flex flex-col gap-2">
      {thumbnail}
      <figcaption className="text-right text-sm">
        <button type="button" className="text-primary underline underline-offset-4" onClick={() => setOriginal(true)}>
          View original
        </button>
      </figcaption>
    </figure>
  );
}

/**
 * A tiger's original image (or video): the product's own image lookup first, then the alternate
 * gateway built from the serial and the IPFS gateway chain, then a placeholder. Lazily loaded.
 */
function OriginalMedia({ serial, image, name, variant = 'card', className }: NftMediaProps) {
  const lookup = useMemo(
    () => createFetcherStore<{ imageUrl?: string; mediaType?: string | null }>([`/api/nft-metadata/${PUBLIC_CONFIG.nftTokenId}/${serial}`], METADATA_SETTINGS),
    [serial],
  );
  const { data, loading } = useStore(lookup);
  const sources = useMemo(() => mediaSources(serial, image, data?.imageUrl), [serial, image, data?.imageUrl]);
  const [index, setIndex] = useState(0);
  const [video, setVideo] = useState(false);
  const source = sources[index];
  const label = name || `Wild Tiger #${serial}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list of sources starts again from the first
  useEffect(() => setIndex(0), [sources]);
  const mediaType = data?.mediaType;
  useEffect(() => {
    if (!source) return;
    if (isVideoByRules(serial, source, mediaType)) return setVideo(true);
    setVideo(false);
    if (IMAGE_EXTENSION.test(source) || source.startsWith('/api/')) return;
    let current = true;
    void isVideoByHead(source).then((isVideo) => current && setVideo(isVideo));
    return () => {
      current = false;
    };
  }, [serial, source, mediaType]);

  const frame = cn(FRAME, className);
  if (loading && !image) return <div className={cn(frame, 'animate-pulse')} aria-hidden="true" />;
  if (!source) {
    return (
      <div className={cn(frame, 'grid place-items-center p-3 text-center text-sm text-muted-foreground')} role="img" aria-label={label}>
        <span>
          <span className="block font-semibold text-foreground">{`Wild Tiger #${serial}`}</span>
          {variant === 'card' && <span className="block text-xs">Image unavailable</span>}
        </span>
      </div>
    );
  }
  const next = () => setIndex((current) => current + 1);
  return video ? (
    <video className={frame} src={source} muted loop playsInline autoPlay preload="none" aria-label={label} onError={next} />
  ) : (
    <img className={frame} src={source} alt={label} loading="lazy" decoding="async" width={400} height={400} onError={next} />
  );
}
