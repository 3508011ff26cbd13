import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { $toasts, TOAST_HOTKEY } from './toast-store';

/** Radix's viewport label, so the landmark reads the same before and after Radix loads. */
const VIEWPORT_LABEL = `Notifications (${TOAST_HOTKEY.join('+')})`;
const VIEWPORT_CLASS =
  'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col sm:max-w-[420px]';

/**
 * The toast area, mounted once by BaseLayout. Until the first toast it is only the empty
 * notifications landmark (with its F8 hotkey); the Radix toaster loads on the first toast, so
 * pages ship no toast library up front.
 */
export function Toaster() {
  const toasts = useStore($toasts);
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const viewport = useRef<HTMLOListElement>(null);
  const needed = toasts.length > 0;

  useEffect(() => {
    if (!needed || Loaded) return;
    let live = true;
    import('./RadixToaster')
      .then((module) => live && setLoaded(() => module.RadixToaster))
      .catch((error: unknown) => console.warn('Failed to load the toaster', error));
    return () => {
      live = false;
    };
  }, [needed, Loaded]);

  useEffect(() => {
    if (Loaded) return;
    const onKey = (event: KeyboardEvent) => {
      // As Radix does: every hotkey part is a pressed modifier or the key's code.
      if (TOAST_HOTKEY.every((key) => (event as unknown as Record<string, unknown>)[key] === true || event.code === key)) viewport.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [Loaded]);

  if (Loaded) return <Loaded />;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the placeholder mirrors the Radix viewport (a div with role=region) it is replaced by
    <div role="region" aria-label={VIEWPORT_LABEL} tabIndex={-1} style={{ pointerEvents: 'none' }}>
      <ol ref={viewport} tabIndex={-1} className={VIEWPORT_CLASS} />
    </div>
  );
}
