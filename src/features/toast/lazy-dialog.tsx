import { type ComponentType, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/features/toast/toast-store';
import { idleAfterFirstInteraction } from '@/lib/after-first-interaction';

/** What a person reads when a window's code cannot load (offline, the site unreachable). */
export const DIALOG_LOAD_FAILED = { title: 'Failed to open', description: 'Failed to load this window. Check your connection and try again.' } as const;

interface DialogProps {
  onClose: () => void;
}

/**
 * A dialog whose code is not part of the page's: it is fetched in the first idle time after the
 * person starts using the page (a scroll, touch, click or key; so that opening it is immediate, yet
 * no part of the page's load), or when it opens, whichever comes first. `openProp` names the prop
 * that opens it when it is not null; once loaded, the dialog stays mounted as a static import would.
 * If its code cannot load, a toast says so (DIALOG_LOAD_FAILED), and the request is closed (onClose);
 * the toast's 'Try again' loads the code again and opens the same request, or it can be made again.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>, openProp: keyof P): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;

  function ensureLoaded(): Promise<ComponentType<P>> {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module scope, as React.lazy makes its components
  return function LazyDialog(props: P) {
    const open = props[openProp] != null;
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    const latest = useRef(props);
    latest.current = props;
    /** The request a failed load closed, opened again by the toast's 'Try again' once the code is in. */
    const [retried, setRetried] = useState<P | null>(null);

    useEffect(() => {
      if (loaded) return;
      return idleAfterFirstInteraction(() => void ensureLoaded().catch(() => undefined));
    }, []);

    useEffect(() => {
      if (!open || loaded) return;
      let current = true;
      ensureLoaded().then(
        () => current && rerender(),
        (error: unknown) => {
          console.warn('Failed to load a dialog', error);
          if (!current) return;
          const request = latest.current;
          // Opened again meanwhile (by the page itself): that request is the one shown, not this older one.
          const reopen = () => latest.current[openProp] == null && setRetried(request);
          const retry = () => void ensureLoaded().then(reopen, () => toast({ ...DIALOG_LOAD_FAILED, variant: 'destructive' }));
          toast({ ...DIALOG_LOAD_FAILED, variant: 'destructive', action: { label: 'Try again', altText: 'Open the window again', onClick: retry } });
          request.onClose();
        },
      );
      return () => {
        current = false;
      };
    }, [open]);

    useEffect(() => {
      if (open) setRetried(null);
    }, [open]);

    const Dialog = loaded;
    if (Dialog && retried && !open) {
      const close = () => {
        setRetried(null);
        retried.onClose();
      };
      return <Dialog {...retried} onClose={close} />;
    }
    return Dialog ? <Dialog {...props} /> : null;
  };
}
