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
  const observer = new ResizeObserver(() => {
    const now = document.documentElement.scrollHeight;
    if (now === height) return;
    height = now;
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
  });
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of OWN_SCROLL) window.removeEventListener(type, release, true);
  };
  const timer = setTimeout(release, ms);
  for (const type of OWN_SCROLL) window.addEventListener(type, release, { capture: true, passive: true });
  observer.observe(document.body);
  return release;
}
