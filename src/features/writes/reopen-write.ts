/**
 * Reopening the dialog of a write that is not about one tiger (a cart's checkout, a bulk listing or
 * acceptance) from the tray: on a page that hosts its dialog, at once; elsewhere, on the page that
 * does (`?write=ID`), which opens it on arrival. A write about one tiger reopens over the tiger's
 * view instead (tiger/tiger-view-href.ts).
 */
import { atom } from 'nanostores';

/** The query parameter that reopens a write's dialog on the page hosting it. */
const WRITE_PARAM = 'write';

/** The page hosting the dialog of each kind of write (the first part of its id) that is not about one tiger. */
const PAGE_OF: Record<string, string> = {
  'paws-checkout': '/paws-marketplace',
  'offers-accept-many': '/paws-marketplace',
  'bulk-listing': '/paws-marketplace',
  'bulk-unlist': '/paws-marketplace',
};

/** The write whose dialog the page hosting it opens now (the tray's link, or the address the page was opened at); the host clears it. */
export const $reopenWrite = atom<string | null>(null);

/** The kinds of writes whose dialog a mounted island of this page hosts. */
const hosted = new Set<string>();

const kindOf = (writeId: string) => writeId.split(':')[0] ?? '';

/** Where the dialog of write `writeId` opens, or null for a write that has none of its own on a page. */
export function writeDialogHref(writeId: string): string | null {
  const page = PAGE_OF[kindOf(writeId)];
  return page ? `${page}?${WRITE_PARAM}=${encodeURIComponent(writeId)}` : null;
}

/** True when this page hosts the dialog of write `writeId` (the tray opens it in place). */
export const hostsWriteDialog = (writeId: string) => hosted.has(kindOf(writeId));

/** The kind of write `writeId` is ('paws-checkout'…), for a host to pick its dialog. */
export const writeKind = kindOf;

/**
 * Hosts the dialogs of these kinds of writes while the island is mounted; a page opened at
 * `?write=ID` for one of them opens it (and the address loses the parameter). Returns the release.
 */
export function hostWriteDialogs(kinds: readonly string[]): () => void {
  for (const kind of kinds) hosted.add(kind);
  const url = new URL(window.location.href);
  const asked = url.searchParams.get(WRITE_PARAM);
  if (asked && kinds.includes(kindOf(asked))) {
    url.searchParams.delete(WRITE_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    $reopenWrite.set(asked);
  }
  return () => {
    for (const kind of kinds) hosted.delete(kind);
  };
}
