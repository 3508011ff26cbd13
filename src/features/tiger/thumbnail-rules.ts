/**
 * Thumbnails of a tiger's art: the fixed widths the image route renders (`/img/{serial}/{width}`,
 * square WebP) and how a page asks for them. Pure: read by the browser and the image handler.
 */
import { DomainError } from '@/lib/domain-error';

/** The widths the image route renders, in CSS pixels times the screen's density. */
export const THUMBNAIL_WIDTHS = [160, 320, 640] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/** How long a browser and the CDN keep a thumbnail: its source is content-addressed, so for good. */
export const THUMBNAIL_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The image route's path for a serial at a width. */
export function thumbnailUrl(serial: number, width: ThumbnailWidth): string {
  return `/img/${serial}/${width}`;
}

/** A `srcset` of every width for a serial (`/img/7/160 160w, …`). */
export function thumbnailSrcSet(serial: number): string {
  return THUMBNAIL_WIDTHS.map((width) => `${thumbnailUrl(serial, width)} ${width}w`).join(', ');
}

const PATH = /^\/img\/([^/]*)\/([^/]*)$/;

/**
 * The serial and width of an image route path, or INVALID_IMAGE_REQUEST (400) naming what is wrong:
 * a serial outside 1..maxSerial written as plain digits, a width that is not one of THUMBNAIL_WIDTHS.
 */
export function parseThumbnailPath(path: string, maxSerial: number): { serial: number; width: ThumbnailWidth } {
  const found = PATH.exec(path);
  if (!found) throw new DomainError('INVALID_IMAGE_REQUEST', 'Use /img/{serial}/{width}');
  const [, serialText = '', widthText = ''] = found;
  const serial = /^[1-9]\d{0,5}$/.test(serialText) ? Number(serialText) : Number.NaN;
  if (!(serial >= 1 && serial <= maxSerial)) throw new DomainError('INVALID_IMAGE_REQUEST', `The serial must be a whole number from 1 to ${maxSerial}`);
  const width = THUMBNAIL_WIDTHS.find((known) => String(known) === widthText);
  if (width === undefined) throw new DomainError('INVALID_IMAGE_REQUEST', `The width must be one of ${THUMBNAIL_WIDTHS.join(', ')}`);
  return { serial, width };
}
