import { type SubmitEvent, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { paginationWindow } from './collection-rules';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

const pageButton = (current: boolean) =>
  cn(buttonVariants({ variant: current ? 'default' : 'outline', size: 'sm' }), 'min-w-9 tabular-nums', current && 'pointer-events-none');

/** Numbered pagination (spec 001 §2): Previous, a window of up to 5 pages around the current one, Next, and a jump to any page. */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  const [jump, setJump] = useState('');
  if (totalPages <= 1) return null;
  const pages = paginationWindow(page, totalPages);

  function submitJump(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const target = Number(jump);
    if (Number.isInteger(target) && target >= 1 && target <= totalPages) {
      setJump('');
      if (target !== page) onPage(target);
    }
  }

  return (
    <nav aria-label="Collection pages" className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <ul className="flex items-center justify-center gap-1 sm:gap-1.5">
        <li>
          <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {/* On a phone the arrows stand for the words, which stay the buttons' names. */}
            <span aria-hidden="true" className="sm:hidden">
              ‹
            </span>
            <span className="max-sm:sr-only">Previous</span>
          </button>
        </li>
        {pages.map((number) => (
          <li key={number}>
            <button
              type="button"
              className={pageButton(number === page)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => number !== page && onPage(number)}
            >
              {number}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            <span className="max-sm:sr-only">Next</span>
            <span aria-hidden="true" className="sm:hidden">
              ›
            </span>
          </button>
        </li>
      </ul>
      <form className="flex items-center gap-2 text-sm" onSubmit={submitJump}>
        <label htmlFor="collection-page-jump" className="text-muted-foreground">
          Go to page
        </label>
        <input
          id="collection-page-jump"
          type="number"
          inputMode="numeric"
          min={1}
          max={totalPages}
          value={jump}
          onChange={(event) => setJump(event.target.value)}
          placeholder={`1–${totalPages}`}
          className="h-9 w-20 rounded-md border border-input bg-background px-2 tabular-nums placeholder:text-stone-400"
        />
        <button type="submit" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          Go
        </button>
      </form>
    </nav>
  );
}
