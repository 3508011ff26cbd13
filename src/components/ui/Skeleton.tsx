import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A pulsing placeholder block; hidden from assistive technology. Placeholders shown together pulse
 * as one (`pulse={false}` inside a parent with `motion-safe:animate-pulse`): each animation is a
 * composited layer the main thread sets up, sixty of them a long task.
 */
export function Skeleton({ className, pulse = true, ...props }: ComponentProps<'div'> & { pulse?: boolean }) {
  return <div aria-hidden="true" className={cn('rounded-md bg-muted', pulse && 'motion-safe:animate-pulse', className)} {...props} />;
}
