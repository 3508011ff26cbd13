import { atom } from 'nanostores';

/** The tiger whose view is open on this page (null: none). Cards set it; the page's TigerViewHost shows it. */
export const $openTiger = atom<number | null>(null);

/** Whether this page hosts the view (a TigerViewHost is mounted); elsewhere a card leads to /collection?tiger=N. */
export const $tigerViewHosted = atom(false);

/** The write whose dialog the view reopens once it has the tiger (the tray's link); the view clears it. */
export const $writeToReopen = atom<string | null>(null);
