import { describe, expect, it, vi } from 'vitest';
import { idleAfterFirstInteraction } from '@/lib/after-first-interaction';

/** A window's event target, idle callbacks and timers, driven by the test. */
function fakeWindow({ idle }: { idle: boolean }) {
  const listeners = new Map<string, Set<() => void>>();
  const idleCallbacks = new Map<number, () => void>();
  const timers = new Map<number, () => void>();
  let nextId = 0;
  const keep = (into: Map<number, () => void>, callback: () => void): number => {
    nextId += 1;
    into.set(nextId, callback);
    return nextId;
  };
  const target = {
    addEventListener: (type: string, listener: () => void) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type))?.add(listener),
    removeEventListener: (type: string, listener: () => void) => void listeners.get(type)?.delete(listener),
    ...(idle
      ? {
          requestIdleCallback: (callback: () => void) => keep(idleCallbacks, callback),
          cancelIdleCallback: (id: number) => void idleCallbacks.delete(id),
        }
      : {}),
    setTimeout: (callback: () => void) => keep(timers, callback),
    clearTimeout: (id: number) => void timers.delete(id),
  };
  return {
    target,
    dispatch: (type: string) => {
      for (const listener of [...(listeners.get(type) ?? [])]) listener();
    },
    listenerCount: () => [...listeners.values()].reduce((count, set) => count + set.size, 0),
    runIdle: () => {
      for (const [id, callback] of [...idleCallbacks, ...timers]) {
        idleCallbacks.delete(id);
        timers.delete(id);
        callback();
      }
    },
  };
}

describe('idleAfterFirstInteraction', () => {
  it('does nothing while the page only loads, even when the browser is idle', () => {
    const page = fakeWindow({ idle: true });
    const work = vi.fn();
    idleAfterFirstInteraction(work, page.target);
    page.runIdle();
    expect(work).not.toHaveBeenCalled();
  });

  it.each(['scroll', 'pointerdown', 'touchstart', 'keydown'])('runs once, in the idle time after the first %s', (type) => {
    const page = fakeWindow({ idle: true });
    const work = vi.fn();
    idleAfterFirstInteraction(work, page.target);
    page.dispatch(type);
    expect(work).not.toHaveBeenCalled();
    page.runIdle();
    expect(work).toHaveBeenCalledTimes(1);
    page.dispatch('scroll');
    page.dispatch('keydown');
    page.runIdle();
    expect(work).toHaveBeenCalledTimes(1);
    expect(page.listenerCount()).toBe(0);
  });

  it('falls back to a timer where there is no requestIdleCallback (Safari)', () => {
    const page = fakeWindow({ idle: false });
    const work = vi.fn();
    idleAfterFirstInteraction(work, page.target);
    page.dispatch('touchstart');
    page.runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('cancels before the interaction (no listener left) and after it (the idle callback is dropped)', () => {
    const before = fakeWindow({ idle: true });
    const beforeWork = vi.fn();
    idleAfterFirstInteraction(beforeWork, before.target)();
    expect(before.listenerCount()).toBe(0);
    before.dispatch('scroll');
    before.runIdle();
    expect(beforeWork).not.toHaveBeenCalled();

    const after = fakeWindow({ idle: true });
    const afterWork = vi.fn();
    const cancel = idleAfterFirstInteraction(afterWork, after.target);
    after.dispatch('pointerdown');
    cancel();
    after.runIdle();
    expect(afterWork).not.toHaveBeenCalled();
  });
});
