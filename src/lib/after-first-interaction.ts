/** What shows that a person is using the page (not only loading it). */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'scroll'] as const;
const LISTENING = { capture: true, passive: true } as const;

interface IdleTarget {
  addEventListener(type: string, listener: () => void, options: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options: EventListenerOptions): void;
  requestIdleCallback?: (callback: () => void) => number;
  cancelIdleCallback?: (id: number) => void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * Runs `work` in the browser's first idle time after the person first scrolls, touches, clicks or
 * types on the page (Safari, without requestIdleCallback: right after). Code that only an action
 * can need is then not fetched and compiled while the page loads. Returns a function that cancels.
 */
export function idleAfterFirstInteraction(work: () => void, target: IdleTarget = window as unknown as IdleTarget): () => void {
  let cancelIdle: (() => void) | undefined;
  const stopListening = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, onInteraction, LISTENING);
  };
  function onInteraction(): void {
    stopListening();
    if (target.requestIdleCallback && target.cancelIdleCallback) {
      const id = target.requestIdleCallback(work);
      cancelIdle = () => target.cancelIdleCallback?.(id);
    } else {
      const id = target.setTimeout(work, 0);
      cancelIdle = () => target.clearTimeout(id);
    }
  }
  for (const type of INTERACTIONS) target.addEventListener(type, onInteraction, LISTENING);
  return () => {
    stopListening();
    cancelIdle?.();
  };
}
