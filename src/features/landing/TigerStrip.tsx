import { lazy, Suspense } from 'react';
import { Placeholder } from './Placeholder';

const TigerStripRows = lazy(() => import('./TigerStripRows'));

/**
 * The landing page's strip of real tigers, hydrated when it scrolls into view: its rows, reads and
 * pictures load then, after the first paint, outside the page's initial JavaScript budget.
 */
export default function TigerStrip() {
  return (
    <Suspense
      fallback={
        <div className="flex gap-3 overflow-hidden" aria-busy="true">
          <Placeholder className="aspect-[4/5] w-36 shrink-0 sm:w-44" />
          <Placeholder className="aspect-[4/5] w-36 shrink-0 sm:w-44" />
          <span className="sr-only">Loading tigers</span>
        </div>
      }
    >
      <TigerStripRows />
    </Suspense>
  );
}
