/** What a holder does to scroll, or to go elsewhere on the page: the hold lets go at the first. */
const OWN_SCROLL = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Keeps `target` where an in-page link sent the holder while the page above it is still filling in
 * (listings, figures and images arriving after the click), until the holder scrolls or `ms` pass.
 * The browser's scroll anchoring does not: Chromium anchors on the first box that meets the
 * visible area and stops at a partly visible one (blink's ScrollAnchor::FindAnchorRecursive), so
 * the end of a block still loading above the target becomes the anchor, and the block grows from a
 * top that does not move; cards laid out lazily (content-visibility: auto) are not counted either.
 * Returns the release.
 */
export function holdInView(target: Element, ms = 30_000): () => void {
  let height = document.documentElement.scrollHeight;
  // A scroll the hold did not make (a scrollbar dragged: no key, wheel or pointer event tells) lets go
  // too. The link's own scroll (smooth) is not one, up to its end; nor is a realignment (where it left the page).
  let linkScrolling = true;
  let heldAt: number | null = null;
  const observer = new ResizeObserver(() => {
    const now = document.documentElement.scrollHeight;
    if (now === height) return;
    height = now;
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    heldAt = window.scrollY;
  });
  const onScroll = () => {
    if (!linkScrolling && (heldAt === null || Math.abs(window.scrollY - heldAt) > 1)) release();
  };
  const linkScrolled = () => {
    linkScrolling = false;
  };
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('scrollend', linkScrolled);
    for (const type of OWN_SCROLL) window.removeEventListener(type, release, true);
  };
  const timer = setTimeout(release, ms);
  for (const type of OWN_SCROLL) window.addEventListener(type, release, { capture: true, passive: true });
  // Where the browser does not say when a scroll ended, scrollbar drags are left to the time limit.
  window.addEventListener('scrollend', linkScrolled, { once: true });
  window.addEventListener('scroll', onScroll, { passive: true });
  observer.observe(document.body);
  return release;
}
