/** The address of a tiger's view, on its own so the pages that only link to it load nothing more. */

/** The query parameter that opens the view of a tiger (`/collection?tiger=12`). */
export const TIGER_PARAM = 'tiger';

/** The shareable address of a tiger's view. */
export function tigerViewHref(serial: number): string {
  return `/collection?${TIGER_PARAM}=${serial}`;
}
