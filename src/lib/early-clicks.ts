/**
 * A click on a button of an island whose code is still on its way is kept and acted on once the
 * island has hydrated, instead of falling on markup with no handler (a holder on a slow phone
 * taps 'Current Listings' or 'Connect Wallet' as soon as it shows). Astro marks an island that
 * has not yet hydrated with the `ssr` attribute, removes it once React's hydrateRoot has been
 * called and then fires `astro:hydrate` on it (astro's runtime/server/astro-island.js); from then
 * on React itself hydrates the target of a click at once and dispatches it (React's event replay
 * for discrete events). Only the last click per island is kept; one on a button the hydrated
 * island no longer shows, or disables, is dropped; so is one on an island whose code failed to load.
 */
const kept = new Map<Element, HTMLButtonElement>();

/** Islands whose code failed to load (Astro's `astro:hydration-error`, after its own retries): their clicks are not kept, nothing would replay them. */
const failed = new WeakSet<Element>();

function replayOnHydrate(island: Element): void {
  island.addEventListener(
    'astro:hydrate',
    () => {
      const button = kept.get(island);
      kept.delete(island);
      if (button?.isConnected && !button.disabled) button.click();
    },
    { once: true },
  );
}

/** Starts keeping early clicks, for the whole page. */
export function keepEarlyClicks(): void {
  // The event bubbles from the island that failed.
  document.addEventListener('astro:hydration-error', (event) => {
    if (!(event.target instanceof Element)) return;
    failed.add(event.target);
    kept.delete(event.target);
  });
  document.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      const button = event.target.closest('button');
      const island = button?.closest('astro-island[ssr]');
      if (!button || !island || failed.has(island)) return;
      event.preventDefault();
      event.stopPropagation();
      if (!kept.has(island)) replayOnHydrate(island);
      kept.set(island, button);
    },
    { capture: true },
  );
}
