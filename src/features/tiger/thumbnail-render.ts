/** The thumbnail renderer over sharp (libvips): server only, loaded on first use. */
import type { ThumbnailWidth } from './thumbnail-rules';

/** Refuses decompression bombs: larger sources than this many pixels are not decoded. */
const MAX_INPUT_PIXELS = 64_000_000;
/** WebP quality: the art is flat-coloured illustration, where 75 shows no artefacts at card sizes. */
const QUALITY = 75;

type Sharp = typeof import('sharp')['default'];
let loaded: Promise<Sharp> | undefined;
const sharpModule = () => {
  loaded ??= import('sharp').then((module) => module.default);
  return loaded;
};

/**
 * Renders image bytes (PNG, JPEG, GIF's first frame, WebP, AVIF, SVG) as a square WebP `width`
 * pixels wide, cropped to the centre. SVG is rasterised at the density that gives `width` pixels,
 * so vector art stays sharp.
 */
export async function renderThumbnail(bytes: Uint8Array, width: ThumbnailWidth): Promise<Buffer> {
  const sharp = await sharpModule();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  const { format, width: sourceWidth = width, height: sourceHeight = width } = await sharp(bytes, options).metadata();
  const density = format === 'svg' ? Math.min(2400, Math.ceil((72 * width) / Math.max(1, Math.min(sourceWidth, sourceHeight)))) : undefined;
  return sharp(bytes, { ...options, ...(density ? { density } : {}) })
    .resize(width, width, { fit: 'cover' })
    .webp({ quality: QUALITY, effort: 4 })
    .toBuffer();
}
