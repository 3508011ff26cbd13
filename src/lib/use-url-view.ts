import { useEffect, useRef, useState } from 'react';

/**
 * A browsing view (sort, filters, page, search) kept in the page's address, so that a reload or a
 * shared link shows the same and Back/Forward step through it. The view is null until mounted
 * (the pre-render knows no address); it is read again on back/forward (`onRead` hears each read).
 * `commit` shows a view and records it: 'push' adds a history entry, 'replace' rewrites the current
 * one (a correction, such as a page past the end). `toQuery` gets the current query string to keep
 * parameters it does not own.
 */
export function useUrlView<V>(
  fromQuery: (search: string) => V,
  toQuery: (view: V, search: string) => string,
  onRead?: (view: V) => void,
): [V | null, (next: V, mode?: 'push' | 'replace') => void] {
  const [view, setView] = useState<V | null>(null);
  const latest = useRef({ fromQuery, onRead });
  latest.current = { fromQuery, onRead };

  useEffect(() => {
    const read = () => {
      const next = latest.current.fromQuery(window.location.search);
      setView(next);
      latest.current.onRead?.(next);
    };
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  function commit(next: V, mode: 'push' | 'replace' = 'push'): void {
    setView(next);
    const query = toQuery(next, window.location.search);
    const { pathname, search, hash } = window.location;
    const url = `${pathname}${query ? `?${query}` : ''}${hash}`;
    if (url === `${pathname}${search}${hash}`) return;
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }

  return [view, commit];
}
