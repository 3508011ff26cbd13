/** The address of a tiger's view, on its own so the pages that only link to it load nothing more. */

/** The query parameter that opens the view of a tiger (`/collection?tiger=12`). */
export const TIGER_PARAM = 'tiger';

/** The query parameter that reopens, over the view, the dialog of a write under way (the tray's link). */
export const WRITE_PARAM = 'write';

/** The shareable address of a tiger's view; with `writeId`, the address that reopens that write's dialog over it. */
export function tigerViewHref(serial: number, writeId?: string): string {
  const write = writeId ? `&${WRITE_PARAM}=${encodeURIComponent(writeId)}` : '';
  return `/collection?${TIGER_PARAM}=${serial}${write}`;
}

/** The writes whose dialog the view reopens over a tiger (an offer made or an allowance lowered has none). */
const REOPENED_KINDS = ['listing', 'unlist', 'hbar-purchase', 'paws-purchase', 'offer-accept'] as const;

/** A write's dialog to reopen, read from the write's id (`kind:account:key`, the key a serial, a listing id or an offer id). */
export interface ReopenedDialog {
  kind: (typeof REOPENED_KINDS)[number];
  accountId: string;
  key: string;
}

/** The dialog that shows write `writeId` over its tiger's view, or null for a write without one. */
export function dialogOfWrite(writeId: string): ReopenedDialog | null {
  const [kind, accountId, key, ...rest] = writeId.split(':');
  const reopened = REOPENED_KINDS.find((known) => known === kind);
  return reopened && accountId && key && !rest.length ? { kind: reopened, accountId, key } : null;
}
