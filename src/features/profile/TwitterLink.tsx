import { cn } from '@/lib/cn';
import { twitterUrl } from './profile-rules';

/** A profile's Twitter/X handle as a link opening in a new tab. */
export function TwitterLink({ handle, className }: { handle: string; className?: string }) {
  return (
    <a
      href={twitterUrl(handle)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('inline-flex max-w-full items-center gap-1.5 font-medium text-highlight underline-offset-4 hover:underline', className)}
    >
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="size-3.5 shrink-0">
        <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
      </svg>
      <span className="min-w-0 wrap-anywhere">@{handle}</span>
      <span className="sr-only"> on X (opens in a new tab)</span>
    </a>
  );
}
