import type { MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { $openTiger, $tigerViewHosted } from './tiger-view-store';
import { tigerViewHref } from './tiger-view-href';

/**
 * What opens a card's tiger in its view: a link to the shareable view (/collection?tiger=N) that,
 * on a page hosting the view, opens it in place instead (same `?tiger=N` on that page).
 */
export function TigerViewTrigger({ serial, name, children, className }: { serial: number; name: string; children: ReactNode; className?: string }) {
  function open(event: MouseEvent<HTMLAnchorElement>): void {
    if (!$tigerViewHosted.get() || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    $openTiger.set(serial);
  }
  return (
    <a
      href={tigerViewHref(serial)}
      onClick={open}
      aria-label={`View ${name}`}
      className={cn('block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring', className)}
      data-testid="tiger-view-trigger"
    >
      {children}
    </a>
  );
}
