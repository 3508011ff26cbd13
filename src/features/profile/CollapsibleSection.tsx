import { type ReactNode, useId, useState } from 'react';
import { Card } from '@/components/ui/Card';
import { cn } from '@/lib/cn';

/** A card whose heading is a disclosure button (aria-expanded) showing or hiding its body. */
export function CollapsibleSection({
  title,
  summary,
  defaultOpen = true,
  children,
  className,
}: {
  title: string;
  /** A short line beside the title, visible even when collapsed. */
  summary?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <Card className={cn('min-w-0 overflow-hidden', className)}>
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-3 p-5 text-left transition-colors hover:bg-muted/50"
        >
          <span className="text-lg font-bold">{title}</span>
          <span className="flex items-center gap-3 text-sm font-normal text-muted-foreground">
            {summary}
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              className={cn('size-5 transition-transform', open && 'rotate-180')}
            >
              <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="border-t border-border p-5">
        {children}
      </div>
    </Card>
  );
}
