import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createFetcherStore } from '@/lib/api';
import { cn } from '@/lib/cn';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import { isVideoByHead, isVideoByRules, mediaSources } from './media';

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
  /** Cards say 'Image unavailable' under the placeholder name. */
  variant?: 'card' | 'plain';
  className?: string;
}

/**
 * A tiger's image (or video): the product's own image lookup first, then the alternate gateway
 * built from the serial and the IPFS gateway chain, then a placeholder. Lazily loaded.
 */
export function NftMedia({ serial, image, name, variant = 'card', className }: NftMediaProps) {
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

  const frame = cn('aspect-square w-full overflow-hidden bg-muted object-cover', className);
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
