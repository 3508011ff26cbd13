/**
 * The navigation bar turns solid once the page is scrolled more than this (spec 000). On its own:
 * the nav's inline script on every page imports it, and site.ts would bring its channel links along.
 */
export const NAV_SCROLL_THRESHOLD_PX = 100;
