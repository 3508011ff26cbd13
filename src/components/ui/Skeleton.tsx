import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A pulsing placeholder block shaped by `className` (size and rounding); hidden from assistive
 * technology. Placeholders shown together pulse as one (`SkeletonGroup`, or `pulse={false}` inside
 * a parent with `motion-safe:animate-pulse`): each animation is a composited layer the main thread
 * sets up, sixty of them a long task.
 */
export function Skeleton({ className, pulse = true, ...props }: ComponentProps<'div'> & { pulse?: boolean }) {
  return <div aria-hidden="true" className={cn('bg-muted', pulse && 'motion-safe:animate-pulse', className)} {...props} />;
}

/** `count` placeholder blocks laid out by `className` (a grid, a list), pulsing as one. */
export function SkeletonGroup({ count, className, itemClassName }: { count: number; className: string; itemClassName: string }) {
  return (
    <div aria-hidden="true" className={cn(className, 'motion-safe:animate-pulse')}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} pulse={false} className={itemClassName} />
      ))}
    </div>
  );
}
